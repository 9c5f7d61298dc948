/* eslint-disable max-lines -- one page: the sale, its price table and chart, the limits and the order form read one loaded programme. */
import {
  Anchor,
  Badge,
  Button,
  Container,
  Grid,
  Group,
  List,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { data, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { ProgrammeSaleDetail } from '../../../core/storefront/api-schemas.ts';
import { priceOrder, quantityProblem } from '../../../core/storefront/pricing.ts';
import { isLinkable, type PageDef } from '../../lib/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { SectionNav } from '../../components/section-nav.tsx';
import { SideScroll, Table } from '../../components/table.tsx';
import { loaderFind } from '../../lib/loader-api.ts';
import { definePage, type PageHead, type PageHeadArgs } from '../../lib/page-module.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { localize } from '../../../core/cards/card.ts';
import { isMoneyCurrency } from '../../../core/locale.ts';
import { PriceAlertPanel } from './price-alert-panel.tsx';
import { useAppState } from '../../lib/app-context.tsx';
import { PriceHistoryChart } from './price-history-chart.tsx';
import { PriceNote, SimulatedNote } from './sale-pages.tsx';
import { SaleStateBadge } from './sale-state-badge.tsx';
import { useStorefrontFormat } from './storefront-format.ts';
import { QuantityInput, quantityLimits } from './quantity-input.tsx';
import { orderRules, unitPrice } from './order-rules.ts';
import type { PurchaseRules } from '../../../core/storefront/pricing.ts';

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

/**
 * Pick how many to buy and see what it costs, bonus included; the checkout prices it again on the
 * server. While a limit orders rest on is unknown, the panel says why in place of the quantity
 * (the prices stay in the table).
 */
function BuyPanel({ programme }: { programme: ProgrammeSaleDetail }) {
  const { t } = useTranslation('storefront');
  const format = useStorefrontFormat();
  const rules = orderRules(programme);
  return (
    <Paper withBorder radius="md" p="lg" data-testid="buy-panel">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('buy.title', { unit: format.text(programme.unit) })}
        </Title>
        {rules ? (
          <OpenBuyPanel programme={programme} rules={rules} />
        ) : (
          <>
            <Text data-testid="orders-closed">{t(`buy.closedReason.${programme.orders}`)}</Text>
            <Button disabled data-testid="buy-button">
              {t('buy.button')}
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function OpenBuyPanel({
  programme,
  rules,
}: {
  programme: ProgrammeSaleDetail;
  rules: PurchaseRules;
}) {
  const { t } = useTranslation('storefront');
  const format = useStorefrontFormat();
  const suggested =
    programme.priceTable.find((row) => row.quantity >= 10_000 && row.quantity <= rules.maxPerOrder)
      ?.quantity ?? rules.minPerOrder;
  const [quantity, setQuantity] = useState<number | string>(suggested);
  const wanted = typeof quantity === 'number' ? quantity : Number(quantity);
  const problem = quantityProblem(rules, wanted);
  const order = problem
    ? null
    : priceOrder(rules, unitPrice(programme), programme.campaign, wanted);
  const limits = quantityLimits(rules, format.miles);
  const checkout = `/storefront/checkout?programme=${programme.id}&quantity=${wanted}`;
  const { config } = useAppState();
  return (
    <>
      <QuantityInput
        rules={rules}
        limits={limits}
        value={quantity}
        onChange={setQuantity}
        error={problem ? t(`buy.problem.${problem}`, limits) : undefined}
        testId="buy-quantity"
      />
      {order && (
        <Stack gap={4} data-testid="buy-summary">
          <Text>
            {t('buy.youGet', {
              total: format.miles(order.total),
              bonus: format.miles(order.bonus),
            })}
          </Text>
          <Text fw={700} fz="xl">
            {format.money(order.amount, order.currency)}
          </Text>
          <Text size="sm" c="gray.7">
            {t('price.per1000', { price: format.money(order.pricePer1000, order.currency) })}
          </Text>
        </Stack>
      )}
      {isLinkable(checkout) && order && config.storefrontOrders !== 'closed' ? (
        <Button component={Link} to={checkout} data-testid="buy-button">
          {t('buy.button')}
        </Button>
      ) : (
        <Button disabled data-testid="buy-button">
          {t('buy.button')}
        </Button>
      )}
      <Text size="xs" c="gray.7">
        {t('buy.chargedIn', { currency: programme.currency })}
      </Text>
    </>
  );
}

/** The yearly cap in words: stated, the lowest of a range, none, or not confirmed; and how bonus miles count. */
function capFact(
  rules: ProgrammeSaleDetail['rules'],
  t: (key: string, values?: Record<string, unknown>) => string,
  miles: (value: number) => string,
): string {
  const cap = rules.annualCap;
  if (cap === 'unknown') return t('facts.capUnknown');
  if (cap === 'none') return t('facts.noCap');
  const limit =
    'miles' in cap
      ? t('facts.capValue', { cap: miles(cap.miles) })
      : t('facts.capRange', { lowest: miles(cap.lowest), highest: miles(cap.highest) });
  const bonus =
    rules.capIncludesBonus === 'yes'
      ? t('facts.bonusCounts')
      : rules.capIncludesBonus === 'no'
        ? t('facts.bonusNotCounted')
        : t('facts.bonusUnknown');
  return `${limit} ${bonus}`;
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
  const rules = programme.rules;
  const guide = programme.guideRules;
  const termsAnchor = TERMS_ANCHOR[programme.id];
  const facts: [string, string][] = [
    [
      t('facts.increments'),
      rules.maxPerOrder === null
        ? t('facts.incrementsNoMax', {
            min: format.miles(rules.minPerOrder),
            step: format.miles(rules.increment),
          })
        : t('facts.incrementsValue', {
            min: format.miles(rules.minPerOrder),
            max: format.miles(rules.maxPerOrder),
            step: format.miles(rules.increment),
          }),
    ],
    [t('facts.cap'), capFact(rules, t, format.miles)],
    [
      t('facts.posting'),
      rules.postingHours === 'unknown'
        ? t('facts.postingUnknown')
        : t('facts.postingValue', {
            usual: rules.postingHours.usual,
            most: rules.postingHours.most,
          }),
    ],
    [
      t('facts.expiry'),
      rules.expiry === 'unknown' ? t('facts.expiryUnknown') : format.text(rules.expiry),
    ],
    [t('facts.account'), t('facts.accountValue', { label: format.text(programme.account.label) })],
  ];
  if (guide?.partnerRedemptionFee)
    facts.push([
      t('facts.partnerFee'),
      t('facts.partnerFeeValue', {
        fee: isMoneyCurrency(guide.partnerRedemptionFee.fee.currency)
          ? format.shown.charged(
              guide.partnerRedemptionFee.fee.amount,
              guide.partnerRedemptionFee.fee.currency,
            )
          : `${guide.partnerRedemptionFee.fee.currency} ${guide.partnerRedemptionFee.fee.amount}`,
        hours: guide.partnerRedemptionFee.freeChangeHours ?? 0,
      }),
    ]);
  if (guide?.seatHold && guide.seatHold.hours > 0)
    facts.push([t('facts.seatHold'), format.text(guide.seatHold.rule)]);
  if (guide?.stopover) facts.push([t('facts.stopover'), format.text(guide.stopover.rule)]);

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
                {programme.history.length > 0 && (
                  <SideScroll minWidth={560} label={t('programme.historyTitle')}>
                    <Table data-testid="campaign-history" mt="sm">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('history.dates')}</Table.Th>
                          <Table.Th>{t('history.offer')}</Table.Th>
                          <Table.Th>{t('history.priceFrom')}</Table.Th>
                          <Table.Th>{t('history.source')}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {[...programme.history].reverse().map((campaign) => (
                          <Table.Tr key={campaign.id} data-campaign={campaign.id}>
                            <Table.Td>
                              {format.day(campaign.startsLocal.date)} –{' '}
                              {format.day(campaign.endsLocal.date)}
                              {programme.allTimeLow?.campaignId === campaign.id && (
                                <Badge ml="xs" variant="outline" color="red.9">
                                  {t('history.allTimeLow')}
                                </Badge>
                              )}
                            </Table.Td>
                            <Table.Td>
                              {format.offer(campaign)}
                              {campaign.status === 'unconfirmed' && (
                                <Badge
                                  ml="xs"
                                  variant="outline"
                                  color="gray.8"
                                  data-testid="campaign-unconfirmed"
                                  title={t('history.unconfirmedLong')}
                                >
                                  {t('history.unconfirmed')}
                                </Badge>
                              )}
                            </Table.Td>
                            <Table.Td>
                              {campaign.pricePer1000 === null
                                ? t('history.notPriced')
                                : format.money(campaign.pricePer1000, programme.currency)}
                            </Table.Td>
                            <Table.Td>
                              {campaign.announcement ? (
                                <Anchor
                                  href={campaign.announcement.url}
                                  target="_blank"
                                  rel="noopener noreferrer"
                                  size="sm"
                                >
                                  {t('history.announcement', {
                                    day: format.day(campaign.announcement.date),
                                  })}
                                </Anchor>
                              ) : (
                                <Anchor
                                  href={campaign.source}
                                  target="_blank"
                                  rel="noopener noreferrer"
                                  size="sm"
                                >
                                  {t('history.report')}
                                </Anchor>
                              )}
                              {campaign.unverified && (
                                <Text size="xs" c="gray.7">
                                  {t('history.unverified')}
                                </Text>
                              )}
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </SideScroll>
                )}
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
