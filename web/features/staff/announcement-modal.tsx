import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { dayOf } from '../../../core/dated.ts';
import { useTranslation } from '../../lib/translation.tsx';
import type { Errors } from './edit-form.tsx';

/**
 * Confirming an unconfirmed record (a transfer bonus, a sale campaign) with its announcement: the
 * address and the day it was announced (docs/staff.md#content). `confirm` checks them with the
 * API's schema and sends them; `errors` are the fields it refused.
 */
export function AnnouncementModal({
  opened,
  title,
  summary,
  help,
  errors,
  busy,
  testId,
  onClose,
  confirm,
}: {
  opened: boolean;
  title: string;
  summary: string;
  help: string;
  errors: Errors;
  busy: boolean;
  /** Prefix of the fields' test ids: `<testId>-url`, `<testId>-save`. */
  testId: string;
  onClose: () => void;
  confirm: (announcement: { url: string; date: string }) => void;
}) {
  const { t } = useTranslation('staff');
  const [url, setUrl] = useState('');
  const [date, setDate] = useState(dayOf(new Date()));
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg">
      <Stack gap="sm">
        <Text size="sm">{summary}</Text>
        <Text size="xs" c="dimmed">
          {help}
        </Text>
        <Group grow wrap="wrap" align="start">
          <TextInput
            label={t('bonuses.announcementUrl')}
            required
            type="url"
            value={url}
            error={errors['announcement.url']}
            onChange={(event) => setUrl(event.currentTarget.value)}
            data-testid={`${testId}-url`}
          />
          <TextInput
            label={t('bonuses.announcementDate')}
            required
            type="date"
            value={date}
            error={errors['announcement.date']}
            onChange={(event) => setDate(event.currentTarget.value)}
          />
        </Group>
        <Group justify="flex-end">
          <Button
            loading={busy}
            data-testid={`${testId}-save`}
            onClick={() => confirm({ url, date })}
          >
            {t('bonuses.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
