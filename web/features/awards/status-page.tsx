import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { dateTimeFormat } from '../../../core/intl.ts';
import { INTL_LOCALES } from '../../../core/locale.ts';
import type { SourceStatus } from '../../../core/awards/source-status.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { useAppState } from '../../lib/app-context.tsx';
import { loaderGet } from '../../lib/loader-api.ts';
import { definePage } from '../../lib/page-module.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { useTranslation } from '../../lib/translation.tsx';

const STATE_COLOR: Record<SourceStatus['alliances'][number]['state'], string> = {
  up: 'teal',
  down: 'red',
  maintenance: 'orange',
  unknown: 'gray',
};
/** The page asks again this often, so it stays current while open. */
const REFRESH_MS = 60_000;

/** /seat/status: award search's health per alliance, refreshed every minute (docs/product/site.md#seat-status). */
function SeatStatusPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('awards');
  const { language } = useAppState();
  const status = useLoaderData() as SourceStatus;
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate();
    }, REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [revalidator]);
  const time = dateTimeFormat(INTL_LOCALES[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  const rate = (window: { searches: number; failed: number }) =>
    window.searches === 0 ? '—' : `${Math.round((window.failed / window.searches) * 100)}%`;
  const seconds = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(1)} s`);
  return (
    <PageFrame page={page}>
      <Stack gap="md">
        <Text size="sm" c="gray.7" data-testid="status-sources">
          {t('status.sources', {
            sources: status.sources
              .map((source) =>
                source.simulated ? t('status.simulated') : t(`status.source.${source.id}`),
              )
              .join(', '),
          })}{' '}
          {t('status.updated', { time: `${time.format(new Date(status.now))} UTC` })}
        </Text>
        {status.maintenance && (
          <Text fw={600} c="orange.9" data-testid="status-maintenance">
            {t('status.maintenance')}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {status.alliances.map((one) => (
            <Card
              key={one.alliance}
              withBorder
              radius="md"
              padding="md"
              data-testid="alliance-status"
              data-alliance={one.alliance}
              data-state={one.state}
            >
              <Group justify="space-between">
                <Title order={2} fz="lg">
                  {t(`alliances.${one.alliance}`)}
                </Title>
                <Badge color={STATE_COLOR[one.state]}>{t(`status.state.${one.state}`)}</Badge>
              </Group>
              <Text size="sm" mt="xs">
                {one.lastAnsweredAt
                  ? t('status.lastAnswered', {
                      time: `${time.format(new Date(one.lastAnsweredAt))} UTC`,
                    })
                  : t('status.neverAnswered')}
              </Text>
              {(['hour', 'day'] as const).map((span) => (
                <Text key={span} size="sm" c="gray.7">
                  {t(`status.${span}`, {
                    searches: one[span].searches,
                    rate: rate(one[span]),
                    p95: seconds(one[span].p95Ms),
                  })}
                </Text>
              ))}
            </Card>
          ))}
        </SimpleGrid>
        <Text size="xs" c="gray.7" maw={760}>
          {t('status.how')}
        </Text>
      </Stack>
    </PageFrame>
  );
}

export const seatStatusPage = definePage<SourceStatus>({
  Component: SeatStatusPage,
  loader: async ({ context }: LoaderFunctionArgs) => {
    const { ok: _ok, ...status } = await loaderGet<SourceStatus & { ok: true }>(
      context,
      '/api/awards/status',
    );
    return status;
  },
});
