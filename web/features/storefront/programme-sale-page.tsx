import {
  Anchor,
  Badge,
  Container,
  Grid,
  Group,
  List,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { data, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { ProgrammeSaleDetail } from '../../../core/storefront/api-schemas.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { SectionNav } from '../../components/section-nav.tsx';
import { SideScroll, Table } from '../../components/table.tsx';
import { loaderFind } from '../../lib/loader-api.ts';
import { definePage, type PageHead, type PageHeadArgs } from '../../lib/page-module.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { localize } from '../../../core/cards/card.ts';
import { PriceAlertPanel } from './price-alert-panel.tsx';
import { PriceHistoryChart } from './price-history-chart.tsx';
import { PriceNote, SimulatedNote } from './sale-pages.tsx';
import { SaleStateBadge } from './sale-state-badge.tsx';
import { useStorefrontFormat } from './storefront-format.ts';
import { BuyPanel } from './programme-buy-panel.tsx';
import { CampaignHistoryTable } from './campaign-history-table.tsx';
import { programmeFacts } from './programme-facts.ts';

type ProgrammeLoad = { now: string; programme: ProgrammeSaleDetail } | null;

async function loadProgramme({ context, params }: LoaderFunctionArgs) {
  const loaded = await loaderFind<{ now: string; programme: ProgrammeSaleDetail }>(
    context,
    `/api/storefront/programmes/${encodeURIComponent(params.programme ?? '')}`,
  );
  return loaded ?? data<ProgrammeLoad>(null, { status: 404 });
}

/** The storefront's terms have a part of their own for these programmes. */
const TERMS_ANCHOR: Record<string, string> = {
  'avianca-lifemiles': 'lifemiles',
  'ba-avios': 'avios',
};

function programmeHead({
  data: loaded,
  t,
  language,
  page,
  origin,
}: PageHeadArgs<ProgrammeLoad>): Partial<PageHead> {
  if (!loaded)
    return {
      title: t(`pages:${page.id}.title`),
      description: t('storefront:programme.unknown'),
      noindex: true,
    };
  const { programme } = loaded;
  const name = localize(programme.name, language);
  const price = (programme.pricePer1000 / 100).toFixed(2);
  return {
    title: t('storefront:programme.title', { name }),
    description: t('storefront:programme.headDescription', {
      name,
      unit: localize(programme.unit, language),
      price: `${programme.currency} ${price}`,
    }),
    type: 'product',
    breadcrumbs: [
      { name: t('brand'), path: '/' },
      { name: t('pages:storefront.title'), path: '/storefront' },
      { name, path: `/storefront/buy/${programme.id}` },
    ],
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: t('storefront:programme.headTitle', { name }),
        description: t('storefront:programme.headDescription', {
          name,
          unit: localize(programme.unit, language),
          price: `${programme.currency} ${price}`,
        }),
        brand: { '@type': 'Brand', name },
        offers: {
          '@type': 'Offer',
          url: `${origin}/storefront/buy/${programme.id}`,
          priceCurrency: programme.currency,
          price,
          priceSpecification: {
            '@type': 'UnitPriceSpecification',
            price,
            priceCurrency: programme.currency,
            referenceQuantity: {
              '@type': 'QuantitativeValue',
              value: 1000,
              unitText: programme.unit.en,
            },
          },
          ...(programme.campaign ? { priceValidUntil: programme.campaign.end.slice(0, 10) } : {}),
          availability: 'https://schema.org/InStock',
        },
      },
    ],
  };
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} fz="xl" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}

function ProgrammeSale({
  page,
  programme,
  now,
}: {
  page: PageDef;
  programme: ProgrammeSaleDetail;
  now: string;
}) {
  const { t } = useTranslation('storefront');
  const format = useStorefrontFormat();
  const name = format.text(programme.name);
  const unit = format.text(programme.unit);
  const termsAnchor = TERMS_ANCHOR[programme.id];
  const facts = programmeFacts(programme, t, format);
  return (
    <Container size="lg" py="xl" data-page={page.id} data-programme={programme.id}>
      <Stack gap="xl">
        <header>
          <SectionNav page={page} current={name} />
          <Group gap="sm" mt={4} align="center">
            <Title order={1} fz={{ base: 26, sm: 34 }}>
              {t('programme.title', { name })}
            </Title>
            <SaleStateBadge state={programme.saleState} />
          </Group>
          {programme.campaign ? (
            <Stack gap={4} mt="sm">
              <Text fz="lg" fw={600} c="teal.9" data-testid="campaign-offer">
                {format.offer(programme.campaign)}
              </Text>
              <Text fz="lg" data-testid="price-per-1000">
                {t('programme.priceNow', {
                  price: format.money(programme.pricePer1000, programme.currency),
                  base: format.money(programme.basePricePer1000, programme.currency),
                })}
              </Text>
              <Text c="gray.7">{format.ends(programme.campaign)}</Text>
              {programme.isLowest12Months && (
                <Badge
                  variant="outline"
                  color="teal.9"
                  w="fit-content"
                  data-testid="lowest-12-months"
                >
                  {t('price.lowest12Months')}
                </Badge>
              )}
            </Stack>
          ) : (
            <Text fz="lg" mt="sm" data-testid="price-per-1000">
              {t('programme.noSale', {
                price: format.money(programme.basePricePer1000, programme.currency),
              })}
            </Text>
          )}
        </header>
        <SimulatedNote />
        <Grid gap="xl">
          {/* On a phone the buy panel comes first: the reason for opening the page is one tap away. */}
          <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
            <Stack gap="xl">
              <Section id="price-table" title={t('programme.tableTitle')}>
                <SideScroll minWidth={520} label={t('programme.tableTitle')}>
                  <Table striped data-testid="price-table">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('table.bought')}</Table.Th>
                        <Table.Th>{t('table.bonus')}</Table.Th>
                        <Table.Th>{t('table.received', { unit })}</Table.Th>
                        <Table.Th>{t('table.price')}</Table.Th>
                        <Table.Th>{t('table.per1000')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {programme.priceTable.map((row) => (
                        <Table.Tr key={row.quantity} data-quantity={row.quantity}>
                          <Table.Td>{format.miles(row.quantity)}</Table.Td>
                          <Table.Td>
                            {row.bonus > 0
                              ? `+${format.miles(row.bonus)} (${row.bonusPercent}%)`
                              : '—'}
                          </Table.Td>
                          <Table.Td>{format.miles(row.total)}</Table.Td>
                          <Table.Td>{format.money(row.amount, row.currency)}</Table.Td>
                          <Table.Td>{format.money(row.pricePer1000, row.currency)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </SideScroll>
                <PriceNote />
              </Section>

              <Section id="price-history" title={t('programme.historyTitle')}>
                <PriceHistoryChart programme={programme} now={now} />
                <Text size="sm" c="gray.7" mt="xs" maw={760}>
                  {t('programme.historyNote', { count: programme.history.length })}
                </Text>
                <CampaignHistoryTable programme={programme} />
              </Section>

              {programme.sample && (
                <Section id="sample" title={t('sample.title')}>
                  <Paper withBorder radius="md" p="md" data-testid="sample-redemption">
                    <Text>
                      {t(`sample.trip.${programme.sample.cabin}`, {
                        origin: programme.sample.origin,
                        destination: programme.sample.destination,
                        miles: format.miles(programme.sample.miles),
                        fees: format.shown.charged(programme.sample.feesUsd, 'USD'),
                      })}
                      {programme.sample.estimate ? ` ${t('sample.estimate')}` : ''}
                    </Text>
                    {programme.sample.buy && (
                      <Text mt={4} fw={600}>
                        {t('sample.buy', {
                          bought: format.miles(programme.sample.buy.quantity),
                          total: format.miles(programme.sample.buy.total),
                          price: format.money(
                            programme.sample.buy.amount,
                            programme.sample.buy.currency,
                          ),
                        })}
                      </Text>
                    )}
                    <Text mt={4} size="sm" c="gray.7">
                      {t('sample.cash', {
                        cash: format.shown.charged(programme.sample.cashUsd, 'USD'),
                      })}{' '}
                      {programme.sample.simulated ? t('sample.simulated') : ''}
                    </Text>
                  </Paper>
                </Section>
              )}

              <Section id="facts" title={t('facts.title')}>
                <Table data-testid="programme-facts">
                  <Table.Tbody>
                    {facts.map(([label, value]) => (
                      <Table.Tr key={label}>
                        <Table.Th scope="row" w="30%">
                          {label}
                        </Table.Th>
                        <Table.Td>{value}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                <Group gap="lg" mt="sm">
                  <Anchor
                    component={Link}
                    to={`/${programme.kind === 'hotel' ? 'hotelslib' : 'rewardslib'}/${programme.id}`}
                  >
                    {t('facts.guide', { name })}
                  </Anchor>
                  <Anchor
                    component={Link}
                    to={termsAnchor ? `/storefront/tos#${termsAnchor}` : '/storefront/tos'}
                  >
                    {t('facts.terms')}
                  </Anchor>
                </Group>
                {programme.unverified.length > 0 && (
                  <details style={{ marginTop: 12 }} data-testid="programme-unverified">
                    <summary>{t('facts.unverified', { day: format.day(programme.asOf) })}</summary>
                    <List size="sm" mt="xs">
                      {programme.unverified.map((line) => (
                        <List.Item key={line}>{line}</List.Item>
                      ))}
                    </List>
                  </details>
                )}
              </Section>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
            <Stack gap="lg" style={{ position: 'sticky', top: 16 }}>
              <BuyPanel programme={programme} />
              <PriceAlertPanel programme={programme} />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}

/** /storefront/buy/:programme: one programme's price table, price history, a sample award, its facts and the buy panel. */
function ProgrammeSalePage({ page }: { page: PageDef }) {
  const { t } = useTranslation('storefront');
  const loaded = useLoaderData() as ProgrammeLoad;
  if (!loaded) {
    return (
      <PageFrame page={page}>
        <Text data-testid="programme-unknown">{t('programme.unknown')}</Text>
        <Anchor component={Link} to="/storefront/home">
          {t('list.seeAll')}
        </Anchor>
      </PageFrame>
    );
  }
  return <ProgrammeSale page={page} programme={loaded.programme} now={loaded.now} />;
}

export const programmeSalePage = definePage<ProgrammeLoad>({
  Component: ProgrammeSalePage,
  loader: loadProgramme,
  head: programmeHead,
});
