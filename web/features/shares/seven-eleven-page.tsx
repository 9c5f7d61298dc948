import { Anchor, Group, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { geoMercator, geoPath } from 'd3-geo';
import { Link, useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { ConvenienceOverview } from '../../../core/shares/convenience-stores.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { SideScroll } from '../../components/table.tsx';
import { loaderGet } from '../../lib/loader-api.ts';
import { definePage, type PageHead, type PageHeadArgs } from '../../lib/page-module.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useShareFormat } from './share-format.ts';
import { SupportBadge } from './store-parts.tsx';

async function loadOverview({ context, request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const query = new URLSearchParams();
  if (search.get('city')) query.set('city', search.get('city') as string);
  if (search.get('city') && search.get('district'))
    query.set('district', search.get('district') as string);
  return loaderGet<ConvenienceOverview>(
    context,
    `/api/convenience-stores${query.size ? `?${query}` : ''}`,
  );
}

function overviewHead({ t, data: loaded }: PageHeadArgs<ConvenienceOverview>): Partial<PageHead> {
  return {
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Dataset',
        name: t('pages:cardplusSevenEleven.title'),
        description: t('pages:cardplusSevenEleven.description'),
        distribution: {
          '@type': 'DataDownload',
          encodingFormat: 'application/json',
          contentUrl: '/static/711_stores.json',
        },
        temporalCoverage: loaded.asOf,
        spatialCoverage: { '@type': 'Place', name: 'Taiwan' },
      },
    ],
  };
}

const WIDTH = 360;
const HEIGHT = 470;
// The frame: Taiwan's main island and Penghu; Kinmen and Matsu are in the list.
const FRAME: GeoJSON.Feature = {
  type: 'Feature',
  properties: {},
  geometry: {
    type: 'MultiPoint',
    coordinates: [
      [119.3, 21.85],
      [122.05, 25.35],
    ],
  },
};

/** Taiwan drawn once on the server (d3-geo, the map library of the award explorer), with the stores or the cities as dots. */
function StoreMap({
  overview,
  city,
  onCity,
}: {
  overview: ConvenienceOverview;
  city: string | null;
  onCity: (city: string) => void;
}) {
  const { t } = useTranslation('shares');
  const format = useShareFormat();
  const projection = geoMercator().fitExtent(
    [
      [12, 12],
      [WIDTH - 12, HEIGHT - 12],
    ],
    FRAME,
  );
  const path = geoPath(projection);
  const largest = Math.max(1, ...overview.cities.map((entry) => entry.count));
  const at = (lon: number, lat: number) => projection([lon, lat]) ?? [-10, -10];
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={t('seven.mapLabel', {
        number: format.count(city ? overview.stores.length : overview.total),
      })}
      style={{ width: '100%', maxWidth: WIDTH, height: 'auto' }}
      data-testid="seven-map"
    >
      <rect width={WIDTH} height={HEIGHT} fill="var(--mantine-color-blue-0)" rx={8} />
      <path
        d={path(overview.outline) ?? ''}
        fill="var(--mantine-color-gray-1)"
        stroke="var(--mantine-color-gray-5)"
        strokeWidth={0.8}
      />
      {city
        ? overview.stores.map((store, index) => {
            const [x, y] = at(store.lon, store.lat);
            return (
              <circle
                key={index}
                cx={x.toFixed(1)}
                cy={y.toFixed(1)}
                r={1.8}
                fill="var(--mantine-color-green-7)"
                fillOpacity={0.75}
              />
            );
          })
        : overview.cities.map((entry) => {
            const [x, y] = at(entry.lon, entry.lat);
            return (
              <circle
                key={entry.city}
                cx={x.toFixed(1)}
                cy={y.toFixed(1)}
                r={(3 + 14 * Math.sqrt(entry.count / largest)).toFixed(1)}
                fill="var(--mantine-color-green-7)"
                fillOpacity={0.55}
                stroke="white"
                style={{ cursor: 'pointer' }}
                onClick={() => onCity(entry.city)}
              >
                <title>
                  {t('seven.cityCount', { city: entry.city, number: format.count(entry.count) })}
                </title>
              </circle>
            );
          })}
    </svg>
  );
}

/** /cardplus/uscard-in-tw/7-eleven: every 7-ELEVEN store of the committed list, by city and district, on a map and in a list. */
function SevenElevenPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('shares');
  const overview = useLoaderData() as ConvenienceOverview;
  const format = useShareFormat();
  const [params, setParams] = useSearchParams();
  const city = params.get('city');
  const district = params.get('district');
  const choose = (nextCity: string | null, nextDistrict: string | null = null) => {
    const next = new URLSearchParams();
    if (nextCity) next.set('city', nextCity);
    if (nextCity && nextDistrict) next.set('district', nextDistrict);
    setParams(next, { preventScrollReset: true });
  };
  return (
    <PageFrame page={page}>
      <Paper withBorder radius="md" p="md">
        <Group gap="sm" wrap="wrap">
          <Text fw={600}>{t('seven.supportIs')}</Text>
          <SupportBadge support={overview.support} />
          <Anchor component={Link} to="/cardplus/uscard-in-tw?q=7-ELEVEN" size="sm">
            {t('seven.reports')}
          </Anchor>
        </Group>
        <Text size="sm" mt="xs">
          {t('seven.total', {
            number: format.count(overview.total),
            day: format.day(overview.asOf),
          })}
        </Text>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="xs">
          <StoreMap overview={overview} city={city} onCity={(chosen) => choose(chosen)} />
          <Text size="xs" c="dimmed">
            {t('seven.mapNote')}
          </Text>
        </Stack>
        <Stack gap="sm">
          <Group grow wrap="wrap">
            <Select
              label={t('seven.city')}
              placeholder={t('seven.allCities')}
              value={city}
              onChange={(value) => choose(value)}
              data={overview.cities.map((entry) => ({
                value: entry.city,
                label: `${entry.city} (${format.count(entry.count)})`,
              }))}
              clearable
              searchable
              miw={160}
              data-testid="seven-city"
            />
            <Select
              label={t('seven.district')}
              placeholder={t('seven.allDistricts')}
              value={district}
              onChange={(value) => choose(city, value)}
              data={overview.districts.map((entry) => ({
                value: entry.district,
                label: `${entry.district} (${format.count(entry.count)})`,
              }))}
              disabled={!city}
              clearable
              searchable
              miw={160}
              data-testid="seven-district"
            />
          </Group>
          {!city ? (
            <SideScroll minWidth={260}>
              <Table data-testid="seven-cities">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('seven.city')}</Table.Th>
                    <Table.Th ta="end">{t('seven.stores')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {overview.cities.map((entry) => (
                    <Table.Tr key={entry.city}>
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={`?city=${encodeURIComponent(entry.city)}`}
                          preventScrollReset
                        >
                          {entry.city}
                        </Anchor>
                      </Table.Td>
                      <Table.Td ta="end">{format.count(entry.count)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </SideScroll>
          ) : (
            <Stack gap={4}>
              <Title order={2} fz="md">
                {t('seven.listTitle', {
                  place: district ? `${city} ${district}` : city,
                  number: format.count(overview.stores.length),
                })}
              </Title>
              <Stack
                component="ul"
                gap={4}
                p={0}
                style={{ listStyle: 'none' }}
                data-testid="seven-stores"
              >
                {overview.stores.map((store, index) => (
                  <li key={`${store.name}-${index}`}>
                    <Text size="sm">
                      <Text span fw={600}>
                        {t('seven.storeName', { name: store.name })}
                      </Text>{' '}
                      <Text span size="xs" c="dimmed">
                        {store.district}
                      </Text>
                    </Text>
                    <Text size="xs" c="dimmed">
                      {store.address}
                    </Text>
                  </li>
                ))}
              </Stack>
            </Stack>
          )}
        </Stack>
      </SimpleGrid>
      <Text size="xs" c="dimmed" data-testid="seven-source">
        {t('seven.sourceLine', { day: format.day(overview.asOf), licence: overview.licenceName })}{' '}
        {overview.sourceLink && (
          <>
            <Anchor
              href={overview.sourceLink.url}
              target="_blank"
              rel="noopener noreferrer"
              size="xs"
              underline="always"
            >
              {overview.sourceLink.label}
            </Anchor>{' '}
            ·{' '}
          </>
        )}
        <Anchor href="/static/711_stores.json" size="xs" underline="always">
          {t('seven.download')}
        </Anchor>
      </Text>
    </PageFrame>
  );
}

export const sevenElevenPage = definePage<ConvenienceOverview>({
  Component: SevenElevenPage,
  loader: loadOverview,
  head: overviewHead,
});
