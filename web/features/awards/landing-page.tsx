import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../lib/translation.tsx';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { AwardNames, AwardSample } from '../../../core/awards/search.ts';
import { useAppState } from '../../lib/app-context.tsx';
import type { PageDef } from '../../lib/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { useShownMoney } from '../../lib/shown-money.ts';
import { placeLanguage } from './awards-api.ts';
import { loaderGet, loaderLanguage } from '../../lib/loader-api.ts';
import { definePage } from '../../lib/page-module.ts';
import { dayLabel, formatNumber } from './format.ts';
import { SourceLabel } from './itinerary-card.tsx';
import { SearchPanel } from './search-panel.tsx';

function SampleCard({ sample, names }: { sample: AwardSample; names: AwardNames }) {
  const { t } = useTranslation('awards');
  const { language } = useAppState();
  const city = (code: string) => names.places[code]?.city ?? code;
  const money = useShownMoney();
  const link = `/awardplus/redemption/s?from=${sample.origin}&to=${sample.destination}&date=${sample.date}&cabin=${sample.cabin}`;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid="sample"
      data-region={sample.region}
      data-miles={sample.option.miles}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="baseline" wrap="nowrap">
          <Text fw={700}>
            {city(sample.origin)} → {city(sample.destination)}
          </Text>
          <Badge variant="light" tt="none">
            {t(`cabins.${sample.cabin}`)}
          </Badge>
        </Group>
        <Text fz={24} fw={700} c="blue.8">
          {t('samples.miles', { miles: formatNumber(sample.option.miles, language) })}
        </Text>
        <Text size="sm">
          {t('samples.with', {
            programme: names.programmes[sample.option.programme] ?? sample.option.programme,
            fees: money.charged(sample.option.feesUsd),
          })}
        </Text>
        <Text size="sm" c="gray.7">
          {t('samples.flight', {
            date: dayLabel(sample.date, language),
            airlines: sample.itinerary.airlines
              .map((code) => names.airlines[code] ?? code)
              .join(' · '),
            stops:
              sample.itinerary.stops === 0
                ? t('result.direct')
                : t('result.stopsCount', { count: sample.itinerary.stops }),
          })}
        </Text>
        <Text size="sm">
          {t('samples.value', {
            cash: money.shown(Math.round(sample.itinerary.cashUsd), 'USD', { whole: true }),
            cents: sample.option.centsPerPoint.toFixed(1),
          })}
        </Text>
        <Group justify="space-between" mt={4}>
          <SourceLabel source={sample.itinerary.source} />
          <Anchor component={Link} to={link} size="sm">
            {t('samples.searchThis')}
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}

type SamplesLoad = { samples: AwardSample[]; names: AwardNames } | null;

/** The samples in the page's language; null when the search could not work them out (the page says so). */
async function loadSamples({ context }: LoaderFunctionArgs): Promise<SamplesLoad> {
  try {
    return await loaderGet<{ samples: AwardSample[]; names: AwardNames }>(
      context,
      `/api/awards/samples?lang=${placeLanguage(loaderLanguage(context))}`,
    );
  } catch {
    return null;
  }
}

/**
 * /awardplus: the award search landing (docs/product/award-search.md#pages) with the search panel
 * and sample redemptions from the US and from Taiwan, worked out by the search itself on the
 * current availability.
 */
function AwardLandingPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('awards');
  const samples = useLoaderData() as SamplesLoad;

  return (
    <PageFrame page={page}>
      <SearchPanel />
      <section aria-labelledby="samples-title" data-testid="samples" data-loaded={samples !== null}>
        <Title order={2} fz="xl" id="samples-title">
          {t('samples.title')}
        </Title>
        <Text size="sm" c="gray.7" mb="sm">
          {t('samples.lead')}
        </Text>
        {!samples && <Text c="red.8">{t('samples.failed')}</Text>}
        {samples &&
          (['us', 'tw'] as const).map((region) => (
            <Stack key={region} gap="xs" mb="lg">
              <Title order={3} fz="lg">
                {t(`samples.${region}`)}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
                {samples.samples
                  .filter((sample) => sample.region === region)
                  .map((sample) => (
                    <SampleCard
                      key={`${sample.origin}-${sample.destination}-${sample.cabin}`}
                      sample={sample}
                      names={samples.names}
                    />
                  ))}
              </SimpleGrid>
            </Stack>
          ))}
      </section>
    </PageFrame>
  );
}

export const awardLandingPage = definePage<SamplesLoad>({
  Component: AwardLandingPage,
  loader: loadSamples,
});
