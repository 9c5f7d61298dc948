import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useCallback } from 'react';
import { Link } from 'react-router';
import type { FeedbackReport } from '../../../core/feedback.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { StaffShell } from './staff-shell.tsx';
import { StaffView } from './staff-view.tsx';
import { apiGet } from '../../lib/api-client.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useStaffData } from './use-staff-data.ts';
import { useAuth } from '../auth/index.ts';

/** /admin/feedback: the feedback inbox for staff, newest first (docs/feedback.md#staff). */
export function FeedbackStaffPage({ page }: { page: PageDef }) {
  const { t, i18n } = useTranslation('feedback');
  const { member } = useAuth();
  const load = useCallback(
    () =>
      apiGet<{ reports: FeedbackReport[] }>('/api/admin/feedback').then((answer) => answer.reports),
    [],
  );
  const { data: reports, forbidden } = useStaffData(load, member !== null);
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <PageFrame page={page}>
      <StaffShell signedIn={member !== null}>
        <StaffView
          data={reports}
          forbidden={forbidden}
          signedIn={member !== null}
          forbiddenText={t('staff.forbidden')}
          empty={{ when: (all) => all.length === 0, text: t('staff.none') }}
        >
          {(reports) => (
            <Stack gap="sm" data-testid="feedback-inbox">
              {reports.map((report) => (
                <Paper key={report.id} withBorder p="md" radius="md">
                  <Group gap="xs" mb={4}>
                    <Text size="sm" fw={600}>
                      {when(report.createdAt)}
                    </Text>
                    <Badge variant="light">{report.language}</Badge>
                    {report.error && <Badge color="red">{report.error}</Badge>}
                  </Group>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {report.description}
                  </Text>
                  <Text size="xs" c="gray.7" mt={4}>
                    {t('staff.from', {
                      sender: report.member
                        ? `${report.member.name} <${report.email ?? report.member.email ?? '-'}>`
                        : (report.email ?? t('staff.anonymous')),
                    })}
                    {' · '}
                    <Anchor component={Link} to={report.page} size="xs">
                      {report.page}
                    </Anchor>
                    {' · '}
                    {report.browser}
                  </Text>
                  {report.hasScreenshot && (
                    <Anchor
                      href={`/api/admin/feedback/${report.id}/screenshot`}
                      target="_blank"
                      rel="noopener noreferrer"
                      size="xs"
                    >
                      {t('staff.screenshot')}
                    </Anchor>
                  )}
                </Paper>
              ))}
            </Stack>
          )}
        </StaffView>
      </StaffShell>
    </PageFrame>
  );
}
