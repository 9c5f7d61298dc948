import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { PageDef } from '../../lib/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { StaffShell } from './staff-shell.tsx';
import { StaffView } from './staff-view.tsx';
import { useTranslation } from '../../lib/translation.tsx';
import { useStaffData } from './use-staff-data.ts';
import { useAuth } from '../auth/index.ts';
import { storePath, useShareFormat } from '../shares/index.ts';
import type { FlaggedRecord } from '../../../core/shares/flags.ts';
import { reportedSharesApi as staffApi } from './area-apis.ts';

/** /admin/shares: records members reported, the most reported first; staff hide them or keep them. */
export function SharesStaffPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('shares');
  const format = useShareFormat();
  const { member } = useAuth();
  const { data: flagged, forbidden, busy, act } = useStaffData(staffApi.flagged, member !== null);
  const decide = (record: FlaggedRecord, hide: boolean) =>
    act(record.recordId, () => staffApi.decide(record.kind, record.recordId, hide));
  return (
    <PageFrame page={page}>
      <StaffShell signedIn={member !== null}>
        <StaffView
          data={flagged}
          forbidden={forbidden}
          signedIn={member !== null}
          forbiddenText={t('staff.forbidden')}
          empty={{ when: (all) => all.length === 0, text: t('staff.none') }}
        >
          {(flagged) => (
            <Stack gap="sm" data-testid="staff-flagged">
              {flagged.map((record) => (
                <Paper key={`${record.kind}-${record.recordId}`} withBorder p="md" radius="md">
                  <Group justify="space-between" wrap="wrap">
                    <Stack gap={2}>
                      <Group gap="xs">
                        <Badge variant="light">{t(`staff.kinds.${record.kind}`)}</Badge>
                        {record.hidden && <Badge color="gray">{t('staff.hidden')}</Badge>}
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
                            <Anchor
                              component={Link}
                              to={`/cardplus/card-renewal-offer/${record.cardId}`}
                            >
                              {record.cardId}
                            </Anchor>
                          )}{' '}
                          {record.label}
                        </Text>
                      )}
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
                    </Group>
                  </Group>
                </Paper>
              ))}
            </Stack>
          )}
        </StaffView>
      </StaffShell>
    </PageFrame>
  );
}
