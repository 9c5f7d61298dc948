import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { ProgrammeOnSale, SaleEvent } from '../../../core/storefront/api-schemas.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { SideScroll, Table } from '../../components/table.tsx';
import { loaderGet } from '../../lib/loader-api.ts';
import { definePage, type PageHeadArgs } from '../../lib/page-module.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { SaleStateBadge } from './sale-state-badge.tsx';
import { useStorefrontFormat } from './storefront-format.ts';
import { useAppState } from '../../lib/app-context.tsx';

interface ProgrammesLoad {
  now: string;
  programmes: ProgrammeOnSale[];
}

const loadProgrammes = ({ context }: LoaderFunctionArgs) =>
  loaderGet<ProgrammesLoad>(context, '/api/storefront/programmes');

export const programmePath = (id: string) => `/storefront/buy/${id}`;

/** Today's price per 1,000 with what it compares to: the campaign's or the base price. */
function PriceNow({ programme }: { programme: ProgrammeOnSale }) {
  const { t } = useTranslation('storefront');
  const format = useStorefrontFormat();
  return (
    <Stack gap={2}>
      <Text fw={700} fz="xl" data-testid="price-per-1000">
        {t('price.per1000', { price: format.money(programme.pricePer1000, programme.currency) })}
      </Text>
      {programme.campaign && (
        <Text size="sm" c="gray.7">
          {t('price.insteadOf', {
            price: format.money(programme.basePricePer1000, programme.currency),
          })}
        </Text>
      )}
      {programme.orders !== 'open' && (
        <Text size="sm" c="gray.7" data-testid="orders-closed">
          {t('price.ordersClosed')}
        </Text>
      )}
    </Stack>
  );
}

function SaleCard({ programme }: { programme: ProgrammeOnSale }) {
  const { t } = useTranslation('storefront');
  const format = useStorefrontFormat();
  const name = format.text(programme.name);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="sale-card" data-programme={programme.id}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          {/* The tabs carry no heading of their own: each card's name is the level under the page's. */}
          <Title order={2} fz="lg">
            {name}
          </Title>
          <SaleStateBadge state={programme.saleState} />
        </Group>
        {programme.campaign && (
          <Text fw={600} c="teal.9">
            {format.offer(programme.campaign)}
          </Text>
        )}
        <PriceNow programme={programme} />
        {programme.isLowest12Months && (
          <Badge variant="outline" color="teal.9" w="fit-content" data-testid="lowest-12-months">
            {t('price.lowest12Months')}
          </Badge>
        )}
        {programme.campaign && (
          <Text size="sm" c="gray.7">
            {format.ends(programme.campaign)}
          </Text>
        )}
        <Anchor
          component={Link}
          to={programmePath(programme.id)}
          fw={600}
          aria-label={t('list.seePricesOf', { name })}
        >
          {t('list.seePrices')}
        </Anchor>
      </Stack>
    </Card>
  );
}

/** /storefront: what is on sale now, airline miles and hotel points in two tabs, cheapest per 1,000 first. */
function SalesNowPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('storefront');
  const { programmes } = useLoaderData() as ProgrammesLoad;
  const onSale = programmes
    .filter((programme) => programme.campaign)
    .sort((a, b) => a.pricePer1000 - b.pricePer1000);
  const kinds = ['airline', 'hotel'] as const;
  return (
    <PageFrame page={page}>
      <SimulatedNote />
      <Tabs defaultValue="airline" keepMounted>
        <Tabs.List>
          {kinds.map((kind) => (
            <Tabs.Tab key={kind} value={kind} data-testid={`tab-${kind}`}>
              {t(`list.tab.${kind}`, {
                count: onSale.filter((programme) => programme.kind === kind).length,
              })}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {kinds.map((kind) => {
          const shown = onSale.filter((programme) => programme.kind === kind);
          return (
            <Tabs.Panel key={kind} value={kind} pt="lg">
              {shown.length === 0 ? (
                <Text data-testid="no-sale">{t(`list.noSale.${kind}`)}</Text>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                  {shown.map((programme) => (
                    <SaleCard key={programme.id} programme={programme} />
                  ))}
                </SimpleGrid>
              )}
            </Tabs.Panel>
          );
        })}
      </Tabs>
      <Anchor component={Link} to="/storefront/home">
        {t('list.allProgrammes', { count: programmes.length })}
      </Anchor>
    </PageFrame>
  );
}

/** Prices are the programmes' own; the storefront's seller and crediting partner are simulated until a partner signs. */
export function SimulatedNote() {
  const { t } = useTranslation('storefront');
  const { config } = useAppState();
  return (
    <Text size="sm" c="gray.7" maw={760} data-testid="storefront-simulated">
      {t(config.storefrontOrders === 'closed' ? 'closedNote' : 'simulatedNote')}
    </Text>
  );
}

function salesHead({ data, t, origin }: PageHeadArgs<ProgrammesLoad>) {
  const live = data.programmes.filter((programme) => programme.campaign);
  return {
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: t('pages:storefront.title'),
        numberOfItems: live.length,
        itemListElement: live.map((programme, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          url: `${origin}${programmePath(programme.id)}`,
          name: programme.name.en,
        })),
      },
    ],
  };
}

export const salesNowPage = definePage<ProgrammesLoad>({
  Component: SalesNowPage,
  loader: loadProgrammes,
  head: salesHead,
});

/** /storefront/home: every programme sold, with today's price and whether it is the lowest of the year. */
function AllProgrammesPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('storefront');
  const format = useStorefrontFormat();
  const { programmes } = useLoaderData() as ProgrammesLoad;
  return (
    <PageFrame page={page}>
      <SimulatedNote />
      {(['airline', 'hotel'] as const).map((kind) => (
        <section key={kind} aria-labelledby={`programmes-${kind}`}>
          <Title order={2} fz="xl" id={`programmes-${kind}`} mb="sm">
            {t(`list.heading.${kind}`)}
          </Title>
          <SideScroll minWidth={640} label={t(`list.heading.${kind}`)}>
            <Table striped data-testid={`programmes-${kind}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('list.column.programme')}</Table.Th>
                  <Table.Th>{t('list.column.state')}</Table.Th>
                  <Table.Th>{t('list.column.offer')}</Table.Th>
                  <Table.Th>{t('list.column.price')}</Table.Th>
                  <Table.Th>{t('list.column.lowest')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {programmes
                  .filter((programme) => programme.kind === kind)
                  .map((programme) => (
                    <Table.Tr key={programme.id} data-programme={programme.id}>
                      <Table.Td>
                        <Anchor component={Link} to={programmePath(programme.id)} fw={600}>
                          {format.text(programme.name)}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <SaleStateBadge state={programme.saleState} />
                      </Table.Td>
                      <Table.Td>
                        {programme.campaign ? format.offer(programme.campaign) : '—'}
                      </Table.Td>
                      <Table.Td>
                        {format.money(programme.pricePer1000, programme.currency)}
                      </Table.Td>
                      <Table.Td>
                        {programme.isLowest12Months ? (
                          <Badge
                            variant="outline"
                            color="teal.9"
                            w="fit-content"
                            data-testid="lowest-12-months"
                          >
                            {t('price.lowest12Months')}
                          </Badge>
                        ) : programme.lowest12Months !== null ? (
                          format.money(programme.lowest12Months, programme.currency)
                        ) : (
                          t('list.noCampaignInYear')
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
              </Table.Tbody>
            </Table>
          </SideScroll>
        </section>
      ))}
      <PriceNote />
    </PageFrame>
  );
}

/** What "per 1,000" means, and the rate the member's currency is shown at. */
export function PriceNote() {
  const { t } = useTranslation('storefront');
  const format = useStorefrontFormat();
  return (
    <Text size="sm" c="gray.7" maw={760}>
      {t('price.note')}{' '}
      {format.shown.converts('USD')
        ? t('price.converted', {
            currency: format.shown.currency,
            day: format.day(format.shown.asOf),
          })
        : ''}
    </Text>
  );
}

export const allProgrammesPage = definePage<ProgrammesLoad>({
  Component: AllProgrammesPage,
  loader: loadProgrammes,
});

interface EventsLoad {
  now: string;
  events: SaleEvent[];
}

/** /storefront/event: sale events running now and announced, soonest end first. */
function EventsPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('storefront');
  const format = useStorefrontFormat();
  const { events } = useLoaderData() as EventsLoad;
  const groups = [
    {
      key: 'running',
      events: events.filter((event) => event.state === 'ongoing' || event.state === 'limited'),
    },
    { key: 'upcoming', events: events.filter((event) => event.state === 'upcoming') },
  ] as const;
  return (
    <PageFrame page={page}>
      <SimulatedNote />
      {groups.map((group) => (
        <section key={group.key} aria-labelledby={`events-${group.key}`}>
          <Title order={2} fz="xl" id={`events-${group.key}`} mb="sm">
            {t(`events.${group.key}`)}
          </Title>
          {group.events.length === 0 ? (
            <Text data-testid={`events-none-${group.key}`}>{t(`events.none.${group.key}`)}</Text>
          ) : (
            <Stack gap="sm">
              {group.events.map((event) => (
                <Card
                  key={event.id}
                  withBorder
                  radius="md"
                  padding="md"
                  data-testid="sale-event"
                  data-campaign={event.id}
                >
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Anchor component={Link} to={programmePath(event.programme)} fw={700} fz="lg">
                      {format.text(event.name)}
                    </Anchor>
                    <SaleStateBadge state={event.state} />
                  </Group>
                  <Text fw={600} c="teal.9" mt={4}>
                    {format.offer(event)} ·{' '}
                    {event.pricePer1000 === null ? (
                      <span data-testid="campaign-unconfirmed">{t('history.unconfirmedLong')}</span>
                    ) : (
                      t('price.from', { price: format.money(event.pricePer1000, event.currency) })
                    )}
                  </Text>
                  <Text size="sm" c="gray.7">
                    {event.state === 'upcoming'
                      ? t('events.starts', { day: format.day(event.startsLocal.date) }) + ' · '
                      : ''}
                    {format.ends(event)}
                  </Text>
                </Card>
              ))}
            </Stack>
          )}
        </section>
      ))}
    </PageFrame>
  );
}

export const eventsPage = definePage<EventsLoad>({
  Component: EventsPage,
  loader: ({ context }) => loaderGet<EventsLoad>(context, '/api/storefront/events'),
});
