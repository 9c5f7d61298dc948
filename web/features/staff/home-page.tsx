import { Alert, Anchor, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatMinor } from '../../../core/payments/money.ts';
import type { MoneyCurrency } from '../../../core/locale.ts';
import type { DashboardDay } from '../../../core/staff.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { StaffShell } from './staff-shell.tsx';
import type { PageDef } from '../../lib/site-map.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useStaffConsole } from './use-staff-console.ts';
import { useAuth } from '../auth/index.ts';
import { DayBars } from './day-bars.tsx';

const METRICS = ['signUps', 'searches', 'trackings', 'alerts', 'payments'] as const;

/** /admin: the dashboard — today against the last fortnight, money per currency, what waits (docs/staff.md#console). */
export function StaffHomePage({ page }: { page: PageDef }) {
  const { t, i18n } = useTranslation('staff');
  const { member } = useAuth();
  const { console: frame, forbidden } = useStaffConsole(member !== null);
  const language = i18n.language as Parameters<typeof formatMinor>[2];
  const number = (value: number) => value.toLocaleString(language);
  /** Of the fortnight's searches, the share answered from cached availability (not the live scan). */
  const cachedShare = (days: DashboardDay[]) => {
    const all = days.reduce((sum, day) => sum + day.searches, 0);
    const live = days.reduce((sum, day) => sum + day.liveSearches, 0);
    return all === 0
      ? t('home.noSearches')
      : t('home.cached', {
          share: `${Math.round(((all - live) / all) * 100)}%`,
          live: number(live),
        });
  };
  return (
    <PageFrame page={page}>
      <StaffShell signedIn={member !== null}>
        {forbidden ? (
          <Alert color="red" data-testid="staff-forbidden">
            {t('forbidden')}
          </Alert>
        ) : !frame ? (
          member && <Loader size="sm" />
        ) : (
          <Stack gap="lg" data-testid="staff-dashboard">
            <Text size="sm">{t('home.youAre', { role: t(`console.roles.${frame.role}`) })}</Text>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {METRICS.map((metric) => {
                const days = frame.days.map((day: DashboardDay) => ({
                  day: day.day,
                  value: day[metric],
                }));
                const total = days.reduce((sum, day) => sum + day.value, 0);
                return (
                  <Paper
                    key={metric}
                    withBorder
                    radius="md"
                    p="md"
                    data-testid={`metric-${metric}`}
                  >
                    <Text size="sm" c="dimmed">
                      {t(`home.${metric}`)}
                    </Text>
                    <Group justify="space-between" align="end" wrap="nowrap">
                      <div>
                        <Text fz={28} fw={700} lh={1.1} data-testid="metric-today">
                          {number(days.at(-1)?.value ?? 0)}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {t('home.today')} · {t('home.fortnight')} {number(total)}
                        </Text>
                        {metric === 'searches' && (
                          <Text size="xs" c="dimmed" data-testid="metric-cached">
                            {cachedShare(frame.days)}
                          </Text>
                        )}
                      </div>
                      <DayBars
                        days={days}
                        label={t('home.chartLabel', { metric: t(`home.${metric}`) })}
                      />
                    </Group>
                  </Paper>
                );
              })}
              <Paper withBorder radius="md" p="md" data-testid="metric-revenue">
                <Text size="sm" c="dimmed">
                  {t('home.revenue')}
                </Text>
                {frame.revenue.length === 0 ? (
                  <Text size="sm">{t('home.noRevenue')}</Text>
                ) : (
                  frame.revenue.map((row) => (
                    <Text key={row.currency} size="sm">
                      <strong>{row.currency}</strong>{' '}
                      {t('home.revenueRow', {
                        today: formatMinor(row.today, row.currency as MoneyCurrency, language),
                        fortnight: formatMinor(
                          row.fortnight,
                          row.currency as MoneyCurrency,
                          language,
                        ),
                      })}
                    </Text>
                  ))
                )}
              </Paper>
            </SimpleGrid>
            <Paper withBorder radius="md" p="md">
              <Title order={2} size="h4" mb="xs">
                {t('home.waiting')}
              </Title>
              <Stack gap={4}>
                <Anchor component={Link} to="/admin/storefront" size="sm">
                  {t('home.ordersInReview', { count: frame.waiting.ordersInReview })}
                </Anchor>
                <Anchor component={Link} to="/admin/shares" size="sm">
                  {t('home.reportedShares', { count: frame.waiting.reportedShares })}
                </Anchor>
                <Anchor component={Link} to="/admin/members?waiting=true" size="sm">
                  {t('home.closedBeta', { count: frame.waiting.closedBeta })}
                </Anchor>
                <Anchor component={Link} to="/admin/feedback" size="sm">
                  {t('home.feedback', { count: frame.waiting.feedbackThisWeek })}
                </Anchor>
              </Stack>
              <Text size="xs" c="dimmed" mt="sm">
                {t('home.errors', {
                  failed: number(frame.requests.failed),
                  total: number(frame.requests.total),
                  rate: `${((frame.requests.failed / Math.max(1, frame.requests.total)) * 100).toFixed(2)}%`,
                })}
              </Text>
            </Paper>
          </Stack>
        )}
      </StaffShell>
    </PageFrame>
  );
}
