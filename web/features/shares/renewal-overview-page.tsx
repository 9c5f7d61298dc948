import { Button, Card, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { type RenewalOverview } from '../../../core/shares/renewal-offers.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { loaderGet } from '../../lib/loader-api.ts';
import { definePage, type PageHead, type PageHeadArgs } from '../../lib/page-module.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useShareFormat } from './share-format.ts';

import { cardPath } from './renewal-parts.tsx';

async function loadOverview({ context }: LoaderFunctionArgs) {
  return loaderGet<RenewalOverview>(context, '/api/renewal-offers');
}

function overviewHead({
  t,
  data: loaded,
  origin,
}: PageHeadArgs<RenewalOverview>): Partial<PageHead> {
  return {
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: t('pages:cardplusRenewalOffer.title'),
        itemListElement: loaded.cards.map((entry, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          url: `${origin}${cardPath(entry.card.id)}`,
          name: entry.card.name.en,
        })),
      },
    ],
  };
}

/** /cardplus/card-renewal-offer: cards by their number of reports in the last 12 months, and a way to report one. */
function RenewalOverviewPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('shares');
  const loaded = useLoaderData() as RenewalOverview;
  const format = useShareFormat();
  const navigate = useNavigate();
  const [choice, setChoice] = useState<string | null>(null);
  return (
    <PageFrame page={page}>
      <Stack gap="lg">
        <Paper withBorder radius="md" p="md">
          <Group align="flex-end" wrap="wrap">
            <Select
              label={t('renewal.pickCard')}
              placeholder={t('renewal.pickCardPlaceholder')}
              searchable
              data={loaded.catalogue.map((card) => ({
                value: card.id,
                label: format.text(card.name),
              }))}
              value={choice}
              onChange={setChoice}
              miw={280}
              style={{ flex: 1 }}
              data-testid="renewal-card-picker"
              nothingFoundMessage={t('renewal.noCardFound')}
            />
            <Button
              disabled={!choice}
              onClick={() => choice && void navigate(`${cardPath(choice)}#report`)}
              data-testid="renewal-go"
            >
              {t('renewal.reportOrRead')}
            </Button>
          </Group>
        </Paper>
        <Title order={2} fz="lg">
          {t('renewal.recentTitle')}
        </Title>
        {loaded.cards.length === 0 ? (
          <Text c="dimmed" data-testid="renewal-none">
            {t('renewal.noReports')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="renewal-cards">
            {loaded.cards.map(({ card, summary, latest }) => (
              <Card
                key={card.id}
                withBorder
                radius="md"
                component={Link}
                to={cardPath(card.id)}
                data-testid="renewal-card"
              >
                <Stack gap={4}>
                  <Text fw={700}>{format.text(card.name)}</Text>
                  <Text size="sm">{t('renewal.reportsCount', { count: summary.reports })}</Text>
                  <Text size="sm" c={summary.enough ? undefined : 'dimmed'}>
                    {summary.enough
                      ? t('renewal.offerShare', { rate: format.percent(summary.offerRate ?? 0) })
                      : t('renewal.summary.short')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('renewal.latest', { day: format.day(latest) })}
                  </Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </PageFrame>
  );
}

export const renewalOverviewPage = definePage<RenewalOverview>({
  Component: RenewalOverviewPage,
  loader: loadOverview,
  head: overviewHead,
});
