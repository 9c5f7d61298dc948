import {
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { PageDef } from '../../lib/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { StaffShell } from './staff-shell.tsx';
import { StaffView } from './staff-view.tsx';
import { useTranslation } from '../../lib/translation.tsx';
import { useStaffData } from './use-staff-data.ts';
import { useAuth } from '../auth/index.ts';
import { storePath, useShareFormat } from '../shares/index.ts';
import type { FlaggedRecord, HiddenRecord } from '../../../core/shares/flags.ts';
import { reportedSharesApi as staffApi } from './area-apis.ts';

/** Both lists of the page: the reports waiting, and what staff hid. */
const loadAll = async () => {
  const [flagged, hidden] = await Promise.all([staffApi.flagged(), staffApi.hidden()]);
  return { flagged, hidden };
};

/** A record's kind, and its label linking to where it shows. */
function RecordLabel({ record }: { record: FlaggedRecord | HiddenRecord }) {
  const { t } = useTranslation('shares');
  return (
    <Stack gap={2}>
      <Group gap="xs">
        <Badge variant="light">{t(`staff.kinds.${record.kind}`)}</Badge>
        {'hidden' in record && record.hidden && <Badge color="gray">{t('staff.hidden')}</Badge>}
      </Group>
      {record.slug ? (
        <Anchor
          component={Link}
          to={
            record.kind === 'article'
              ? `/share/article/${encodeURIComponent(record.slug)}`
              : record.kind === 'group'
                ? `/share/group/${encodeURIComponent(record.slug)}`
                : storePath(record.slug)
          }
          fw={600}
        >
          {record.label}
        </Anchor>
      ) : (
        <Text fw={600}>
          {record.cardId && (
            <Anchor component={Link} to={`/cardplus/card-renewal-offer/${record.cardId}`}>
              {record.cardId}
            </Anchor>
          )}{' '}
          {record.label}
        </Text>
      )}
    </Stack>
  );
}

/**
 * /admin/shares: records members reported, the most reported first; staff hide them, keep them,
 * or keep them and warn their author; and the records staff hid, to restore one.
 */
export function SharesStaffPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('shares');
  const format = useShareFormat();
  const { member } = useAuth();
  const { data, forbidden, busy, act } = useStaffData(loadAll, member !== null);
  const [warning, setWarning] = useState<{ record: FlaggedRecord; note: string } | null>(null);
  const [noteError, setNoteError] = useState<string | null>(null);
  const decide = (record: FlaggedRecord, hide: boolean) =>
    act(record.recordId, () => staffApi.decide(record.kind, record.recordId, hide));
  return (
    <PageFrame page={page}>
      <StaffShell signedIn={member !== null}>
        <StaffView
          data={data}
          forbidden={forbidden}
          signedIn={member !== null}
          forbiddenText={t('staff.forbidden')}
        >
          {({ flagged, hidden }) => (
            <Stack gap="xl">
              <Stack gap="sm" data-testid="staff-flagged">
                {flagged.length === 0 && <Text c="dimmed">{t('staff.none')}</Text>}
                {flagged.map((record) => (
                  <Paper key={`${record.kind}-${record.recordId}`} withBorder p="md" radius="md">
                    <Group justify="space-between" wrap="wrap">
                      <Stack gap={2}>
                        <RecordLabel record={record} />
                        <Text size="sm">
                          {t('staff.reports', {
                            count: record.reports,
                            reasons: record.reasons
                              .map((reason) => t(`records:flag.reasons.${reason}`))
                              .join(', '),
                            day: format.day(record.latest),
                          })}
                        </Text>
                      </Stack>
                      <Group gap="xs">
                        <Button
                          color="red"
                          loading={busy === record.recordId}
                          onClick={() => void decide(record, true)}
                          data-testid="staff-hide"
                        >
                          {t('staff.hide')}
                        </Button>
                        <Button
                          variant="default"
                          loading={busy === record.recordId}
                          onClick={() => void decide(record, false)}
                          data-testid="staff-keep"
                        >
                          {t('staff.keep')}
                        </Button>
                        <Button
                          variant="default"
                          onClick={() => {
                            setNoteError(null);
                            setWarning({ record, note: '' });
                          }}
                          data-testid="staff-warn"
                        >
                          {t('staff.warn')}
                        </Button>
                      </Group>
                    </Group>
                  </Paper>
                ))}
              </Stack>
              <Stack gap="sm" data-testid="staff-hidden">
                <Title order={2} size="h4">
                  {t('staff.hiddenTitle')}
                </Title>
                {hidden.length === 0 && <Text c="dimmed">{t('staff.noneHidden')}</Text>}
                {hidden.map((record) => (
                  <Paper key={`${record.kind}-${record.recordId}`} withBorder p="sm" radius="md">
                    <Group justify="space-between" wrap="wrap">
                      <Stack gap={2}>
                        <RecordLabel record={record} />
                        <Text size="sm" c="dimmed">
                          {t('staff.hiddenOn', { day: format.day(record.hiddenAt) })}
                        </Text>
                      </Stack>
                      <Button
                        variant="default"
                        loading={busy === record.recordId}
                        onClick={() =>
                          void act(record.recordId, () =>
                            staffApi.restore(record.kind, record.recordId),
                          )
                        }
                        data-testid="staff-restore"
                      >
                        {t('staff.restore')}
                      </Button>
                    </Group>
                  </Paper>
                ))}
              </Stack>
            </Stack>
          )}
        </StaffView>
        <Modal
          opened={warning !== null}
          onClose={() => setWarning(null)}
          title={t('staff.warnTitle')}
          size="lg"
        >
          {warning && (
            <Stack gap="sm">
              <RecordLabel record={warning.record} />
              <Text size="sm" c="dimmed">
                {t('staff.warnHelp')}
              </Text>
              <Textarea
                label={t('staff.warnNote')}
                required
                autosize
                minRows={3}
                maxLength={1000}
                value={warning.note}
                error={noteError}
                onChange={(event) => setWarning({ ...warning, note: event.currentTarget.value })}
                data-testid="staff-warn-note"
              />
              <Group justify="flex-end">
                <Button
                  loading={busy === warning.record.recordId}
                  onClick={() => {
                    const note = warning.note.trim();
                    if (!note) {
                      setNoteError(t('staff.warnEmpty'));
                      return;
                    }
                    const { record } = warning;
                    setWarning(null);
                    void act(record.recordId, () =>
                      staffApi.warn(record.kind, record.recordId, note),
                    );
                  }}
                  data-testid="staff-warn-send"
                >
                  {t('staff.warnSend')}
                </Button>
              </Group>
            </Stack>
          )}
        </Modal>
      </StaffShell>
    </PageFrame>
  );
}
