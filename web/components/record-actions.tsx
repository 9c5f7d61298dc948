import { Badge, Button, Group, Menu, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { FLAG_REASONS } from '../../core/shares/flags.ts';
import { useTranslation } from '../lib/translation.tsx';
import { useErrorPopup } from '../lib/use-error-popup.ts';
import { usePopup } from './message-popup.tsx';

/*
 * What every record members share carries (docs/shares.md, docs/articles.md): the label of sample
 * data, 'copy link' with its notices (docs/product/messages.md#error-catalogue) and 'report this'.
 */

/** 'Sample': on every sample record (docs/shares.md#sample-data), so nobody reads one as a member's report. */
export function SampleBadge({ sample }: { sample: boolean }) {
  const { t } = useTranslation('records');
  if (!sample) return null;
  return (
    <Badge
      color="gray.8"
      variant="outline"
      size="sm"
      data-testid="sample-badge"
      title={t('sample.explain')}
    >
      {t('sample.badge')}
    </Badge>
  );
}

/**
 * Copies a record's address (docs/product/messages.md#error-catalogue): 'Link copied' beside the button, or the message popup's
 * 'Failed to copy link' when the browser refuses (no clipboard on an insecure page, say).
 */
export function CopyLinkButton({ path }: { path: string }) {
  const { t } = useTranslation('records');
  const popup = usePopup();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(new URL(path, window.location.origin).href);
      setCopied(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 4000);
    } catch {
      await popup.show({
        title: t('link.failedTitle'),
        message: t('link.failed'),
        confirmLabel: t('common:popup.gotIt'),
      });
    }
  };
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={() => void copy()}
        data-testid="copy-link"
      >
        {t('link.copy')}
      </Button>
      <Text size="xs" c="teal.9" role="status" data-testid="copy-link-status">
        {copied ? t('link.copied') : ''}
      </Text>
    </Group>
  );
}

/**
 * 'Report this': a member picks why; the record waits for staff (docs/shares.md#ownership-history-and-abuse). Visitors are
 * asked to log in (`signedIn` and `openLogin` come from the page, which knows the member).
 */
export function ReportThisButton({
  onReport,
  signedIn,
  openLogin,
}: {
  onReport: (reason: string) => Promise<unknown>;
  signedIn: boolean;
  openLogin: () => void;
}) {
  const { t } = useTranslation('records');
  const failed = useErrorPopup();
  const popup = usePopup();
  const [done, setDone] = useState(false);
  const report = async (reason: string) => {
    try {
      await onReport(reason);
      setDone(true);
      await popup.show({
        title: t('flag.doneTitle'),
        message: t('flag.done'),
        confirmLabel: t('common:popup.gotIt'),
      });
    } catch (error) {
      await failed(error);
    }
  };
  if (!signedIn)
    return (
      <Button variant="subtle" color="gray" size="compact-sm" onClick={() => openLogin()}>
        {t('flag.button')}
      </Button>
    );
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          disabled={done}
          data-testid="report-this"
        >
          {done ? t('flag.reported') : t('flag.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('flag.why')}</Menu.Label>
        {FLAG_REASONS.map((reason) => (
          <Menu.Item
            key={reason}
            onClick={() => void report(reason)}
            data-testid={`report-${reason}`}
          >
            {t(`flag.reasons.${reason}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
