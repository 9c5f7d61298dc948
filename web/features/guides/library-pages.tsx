import { Alert, Box, Anchor, Badge, Card, Container, Group, List, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { CABINS } from '../../../core/awards/simulated-schedule.ts';
import type { AwardChart } from '../../../core/awards/award-pricing.ts';
import type { LibraryEntry, PartnerAirline, PartnerAirlines, ProgrammePage } from '../../../core/guides/contract.ts';
import type { ProgrammeRules } from '../../../core/guides/guide.ts';
import type { TransferPartnerRow } from '../../../core/guides/transfers.ts';
import type { PageDef } from '../../app/site-map.ts';
import { loaderFind, loaderGet } from '../../lib/loader-api.ts';
import { definePage, type PageHead, type PageHeadArgs } from '../../lib/page-module.ts';
import { localize } from '../../../core/cards/card.ts';
import { collator } from '../../../core/intl.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { QuestionList } from '../../components/question-list.tsx';
import { useGuideFormat } from './guide-format.ts';
import { ScrollTable } from './scroll-table.tsx';

const libraryPath = (kind: 'airline' | 'hotel') => (kind === 'hotel' ? '/hotelslib' : '/rewardslib');

const kindOfPage = (page: PageDef): 'airline' | 'hotel' => (page.id === 'hotelsLibrary' || page.id === 'hotelsLibraryProgramme' ? 'hotel' : 'airline');

type LibraryLoad = LibraryEntry[];

async function loadLibrary({ context, request }: LoaderFunctionArgs): Promise<LibraryLoad> {
  const kind = new URL(request.url).pathname.startsWith('/hotelslib') ? 'hotel' : 'airline';
  const answer = await loaderGet<{ programmes: LibraryEntry[] }>(context, `/api/guides?kind=${kind}`, { cache: true });
  return answer.programmes;
}

/** /rewardslib and /hotelslib: every programme, airlines by alliance, with a search box. */
function LibraryPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('guides');
  const format = useGuideFormat();
  const kind = kindOfPage(page);
  const entries = useLoaderData() as LibraryLoad;
  const [search, setSearch] = useState('');
  const words = search.trim().toLowerCase();
  const shown = entries.filter((entry) => !words || Object.values(entry.name).some((name) => name.toLowerCase().includes(words)));
  const groups: [string, LibraryEntry[]][] =
    kind === 'hotel'
      ? [[t('library.hotelGroup'), shown]]
      : (['star', 'oneworld', 'skyteam', null] as const).map((alliance) => [t(`library.alliances.${alliance ?? 'none'}`), shown.filter((entry) => entry.alliance === alliance)]);

  return (
    <PageFrame page={page} showHighlights={false}>
      <TextInput label={t('library.search')} value={search} onChange={(event) => setSearch(event.currentTarget.value)} maw={360} data-testid="library-search" />
      {groups
        .filter(([, list]) => list.length > 0)
        .map(([label, list]) => (
          <section key={label} aria-label={label}>
            <Title order={2} fz="lg" mb="xs">
              {label}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
              {list.map((entry) => (
                <Card key={entry.id} withBorder padding="sm" component={Link} to={`${libraryPath(entry.kind)}/${entry.id}`} data-testid="library-entry" data-programme={entry.id}>
                  <Text fw={600}>{format.text(entry.name)}</Text>
                  <Group gap={6} mt={6}>
                    {entry.hasGuide && (
                      <Badge size="sm" variant="light">
                        {t('library.hasGuide')}
                      </Badge>
                    )}
                    {entry.hasChart && (
                      <Badge size="sm" variant="outline" color="teal.9">
                        {t('library.hasChart')}
                      </Badge>
                    )}
                  </Group>
                </Card>
              ))}
            </SimpleGrid>
          </section>
        ))}
      {shown.length === 0 && <Text>{t('library.noMatch')}</Text>}
    </PageFrame>
  );
}

export const libraryPage = definePage<LibraryLoad>({ Component: LibraryPage, loader: loadLibrary });

/** A programme's guide, or null with status 404 for an address that names none of ours. */
type ProgrammeLoad = ProgrammePage | null;

async function loadProgramme({ context, params }: LoaderFunctionArgs) {
  const loaded = await loaderFind<ProgrammePage>(context, `/api/guides/${encodeURIComponent(params.programme ?? '')}`);
  return loaded ? loaded : data<ProgrammeLoad>(null, { status: 404 });
}

/** A programme page's head: its name and overview, its FAQ as structured data, the way down from the library. */
function programmeHead({ data: loaded, t, language, page }: PageHeadArgs<ProgrammeLoad>): Partial<PageHead> {
  const tg = (key: string) => t(key, { ns: 'guides' });
  if (!loaded) return { title: t(`pages:${page.id}.title`), description: tg('library.unknown'), noindex: true };
  const { programme, guide } = loaded;
  const name = localize(programme.name, language);
  const library = programme.kind === 'hotel' ? 'hotelsLibrary' : 'rewardsLibrary';
  return {
    title: name,
    description: guide ? localize(guide.overview, language) : tg('library.noGuide'),
    type: 'article',
    breadcrumbs: [
      { name: t('brand'), path: '/' },
      { name: t(`pages:${library}.title`), path: libraryPath(programme.kind) },
      { name, path: `${libraryPath(programme.kind)}/${programme.id}` },
    ],
    ...(guide
      ? {
          jsonLd: [
            {
              '@context': 'https://schema.org',
              '@type': 'FAQPage',
              mainEntity: guide.faq.map((item) => ({
                '@type': 'Question',
                name: localize(item.q, language),
                acceptedAnswer: { '@type': 'Answer', text: localize(item.a, language) },
              })),
            },
          ],
        }
      : {}),
  };
}

/** /rewardslib/:programme and /hotelslib/:programme: one programme's guide, headed with its name. */
function ProgrammeGuidePage({ page }: { page: PageDef }) {
  const { t } = useTranslation('guides');
  const loaded = useLoaderData() as ProgrammeLoad;
  if (!loaded) {
    return (
      <PageFrame page={page} showHighlights={false}>
        <Alert color="gray">{t('library.unknown')}</Alert>
      </PageFrame>
    );
  }
  return <ProgrammeGuide page={page} data={loaded} />;
}

export const programmeGuidePage = definePage<ProgrammeLoad>({ Component: ProgrammeGuidePage, loader: loadProgramme, head: programmeHead });

function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} fz="xl" id={id} mb="xs">
        {title}
      </Title>
      {children}
    </section>
  );
}

function ProgrammeGuide({ page, data }: { page: PageDef; data: ProgrammePage }) {
  const { t } = useTranslation('guides');
  const format = useGuideFormat();
  const { programme, guide, chart } = data;
  const name = format.text(programme.name);
  return (
    <Container size="lg" py="xl" data-page={page.id} data-programme={programme.id}>
      <Stack gap="xl">
        <header>
          <Anchor component={Link} to={libraryPath(programme.kind)} size="sm">
            {t(programme.kind === 'hotel' ? 'library.backHotels' : 'library.backAirlines')}
          </Anchor>
          <Title order={1} fz={{ base: 26, sm: 34 }} mt={4}>
            {name}
          </Title>
          <Group gap={6} mt="xs">
            {programme.alliance && <Badge variant="light">{t(`library.alliances.${programme.alliance}`)}</Badge>}
            <Badge variant="outline" color="gray">
              {t(`library.units.${programme.kind === 'hotel' ? 'points' : programme.currency}`)}
            </Badge>
          </Group>
          <Text size="lg" mt="sm" maw={760}>
            {guide ? format.text(guide.overview) : t('library.noGuide')}
          </Text>
        </header>

        {data.sale && (
          <Alert color="orange" title={t('library.saleTitle')} data-testid="programme-sale">
            {t(data.sale.discountPercent > 0 ? 'library.saleDiscount' : 'library.saleBonus', {
              percent: data.sale.bonusPercent,
              discount: data.sale.discountPercent,
              price: format.price(data.sale.pricePer1000.amount, data.sale.pricePer1000.currency),
              end: format.date(data.sale.end),
            })}
          </Alert>
        )}

        {guide && (
          <>
            <Section title={t('library.earn')} id="earn">
              <Text maw={760}>{format.text(guide.earn)}</Text>
            </Section>
            <Section title={t('library.burn')} id="burn">
              <Text maw={760}>{format.text(guide.burn)}</Text>
              {guide.sweetSpots.length > 0 && (
                <>
                  <Title order={3} fz="md" mt="md">
                    {t('library.sweetSpots')}
                  </Title>
                  <List mt={4} spacing={4}>
                    {guide.sweetSpots.map((spot, index) => (
                      <List.Item key={index}>{format.text(spot)}</List.Item>
                    ))}
                  </List>
                </>
              )}
            </Section>
          </>
        )}

        {chart && (
          <Section title={t('library.chart')} id="chart">
            <ChartSummary chart={chart} />
          </Section>
        )}

        {data.partnerAirlines && (
          <Section title={t('library.partnerAirlines')} id="partner-airlines">
            <PartnerAirlineList partners={data.partnerAirlines} />
          </Section>
        )}

        <Section title={t('library.transfersIn')} id="transfers-in">
          {data.transfersIn.length === 0 ? <Text>{t('library.noTransfersIn')}</Text> : <PartnerTable rows={data.transfersIn} side="from" />}
          <Anchor component={Link} to={`/awardplus/transferpartner?to=${programme.id}`} size="sm" mt="xs" display="inline-block">
            {t('library.lookup')}
          </Anchor>
        </Section>
        {data.transfersOut.length > 0 && (
          <Section title={t('library.transfersOut')} id="transfers-out">
            <PartnerTable rows={data.transfersOut} side="to" />
          </Section>
        )}

        {guide && (
          <Section title={t('library.rules')} id="rules">
            <RulesTable rules={guide.rules} />
          </Section>
        )}

        {guide && (
          <Section title={t('library.faq')} id="faq">
            <Box maw={760}>
              <QuestionList questions={guide.faq.map((item) => ({ question: format.text(item.q), answer: <Text>{format.text(item.a)}</Text> }))} />
            </Box>
          </Section>
        )}

        {guide && (
          <Text size="sm" c="gray.7" maw={760}>
            {t('library.sources', { date: format.date(guide.asOf) })}{' '}
            {guide.sources.map((source, index) => (
              <Anchor key={source} href={source} target="_blank" rel="noreferrer" size="sm" c="inherit" underline="always" mr={6}>
                [{index + 1}]
              </Anchor>
            ))}
            {guide.unverified.length > 0 && ` ${t('library.unverified', { count: guide.unverified.length })}`}
          </Text>
        )}
      </Stack>
    </Container>
  );
}

/** The alliance's members and the partners outside it, in the reader's language and order. */
function PartnerAirlineList({ partners }: { partners: PartnerAirlines }) {
  const { t, i18n } = useTranslation('guides');
  const format = useGuideFormat();
  const names = (list: readonly PartnerAirline[]) =>
    list
      .map((airline) => format.text(airline.name))
      .sort(collator(i18n.language).compare)
      .join(t('library.listSeparator'));
  if (partners.members.length === 0 && partners.others.length === 0) return <Text>{t('library.noPartnerAirlines')}</Text>;
  return (
    <Stack gap="xs" maw={760} data-testid="partner-airlines">
      {partners.alliance && partners.members.length > 0 && (
        <Text>
          <Text span fw={600}>
            {t('library.allianceMembers', { alliance: t(`library.alliances.${partners.alliance}`), count: partners.members.length })}
          </Text>{' '}
          {names(partners.members)}
        </Text>
      )}
      {partners.others.length > 0 && (
        <Text>
          <Text span fw={600}>
            {t('library.otherPartners')}
          </Text>{' '}
          {names(partners.others)}
        </Text>
      )}
    </Stack>
  );
}

export function PartnerTable({ rows, side }: { rows: TransferPartnerRow[]; side: 'from' | 'to' }) {
  const { t } = useTranslation('guides');
  const format = useGuideFormat();
  return (
    <ScrollTable label={side === 'from' ? t('library.transfersIn') : t('library.transfersOut')} minWidth={520}>
      <Table striped data-testid={`partners-${side}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{side === 'from' ? t('transfers.columns.source') : t('transfers.columns.programme')}</Table.Th>
            <Table.Th>{t('transfers.columns.ratio')}</Table.Th>
            <Table.Th>{t('transfers.columns.bonus')}</Table.Th>
            <Table.Th>{t('transfers.columns.time')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.from.id}>${row.to.id}`}>
              <Table.Td>{format.text(side === 'from' ? row.from.name : row.to.name)}</Table.Td>
              <Table.Td>{format.ratio(row.ratio)}</Table.Td>
              <Table.Td>{row.bonus ? t('transfers.bonusRatio', { ratio: format.ratio(row.bonus.ratio), end: format.date(row.bonus.end) }) : '—'}</Table.Td>
              <Table.Td>{t(`transfers.time.${row.time}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** The chart drawn from data/award-charts.json: its distance bands, or its zone rows. */
function ChartSummary({ chart }: { chart: AwardChart }) {
  const { t } = useTranslation('guides');
  const format = useGuideFormat();
  const cell = (value: number | null) => (value === null ? '—' : format.number(value, 0));
  const cabins = CABINS.filter((cabin) => (chart.bands ?? chart.zonePrices ?? []).some((row) => row[cabin] !== null));
  const head = (first: string) => (
    <Table.Thead>
      <Table.Tr>
        <Table.Th>{first}</Table.Th>
        {cabins.map((cabin) => (
          <Table.Th key={cabin}>{t(`explorer.cabins.${cabin}`)}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
  return (
    <Stack gap="xs">
      <Text>
        {t(`library.pricing.${chart.pricing}`)} {chart.perSegment ? t('library.perSegment') : ''} {chart.oneWay ? '' : t('library.roundTripOnly')}
      </Text>
      <ScrollTable label={t('library.chart')} minWidth={520}>
        <Table striped data-testid="award-chart">
          {chart.bands ? (
            <>
              {head(t('library.distance'))}
              <Table.Tbody>
                {chart.bands.map((band, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>{band.maxMiles === null ? t('library.bandOpen', { above: format.number(chart.bands![index - 1]?.maxMiles ?? 0, 0) }) : t('library.bandUpTo', { upTo: format.number(band.maxMiles, 0) })}</Table.Td>
                    {cabins.map((cabin) => (
                      <Table.Td key={cabin}>{cell(band[cabin])}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </>
          ) : (
            <>
              {head(t('library.zones'))}
              <Table.Tbody>
                {(chart.zonePrices ?? []).map((row, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>
                      {row.from} → {row.to}
                      {row.maxMiles ? ` (${t('library.bandUpTo', { upTo: format.number(row.maxMiles, 0) })})` : ''}
                    </Table.Td>
                    {cabins.map((cabin) => (
                      <Table.Td key={cabin}>{cell(row[cabin])}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </>
          )}
        </Table>
      </ScrollTable>
      {chart.regions && (
        <Text size="sm" c="gray.7">
          {t('library.regions')}{' '}
          {Object.entries(chart.regions)
            // A region may be airports (EVA's North American gateways), which the pricing matches first.
            .map(([region, { airports = [], countries }]) => {
              const members = [...airports, ...countries];
              return `${region}: ${members.slice(0, 12).join(', ')}${members.length > 12 ? '…' : ''}`;
            })
            .join(' · ')}
        </Text>
      )}
    </Stack>
  );
}

/** SPEC §9's rules as this programme sets them; an unknown rule says so. */
export function RulesTable({ rules }: { rules: ProgrammeRules }) {
  const { t } = useTranslation('guides');
  const format = useGuideFormat();
  const unknown = t('rules.unknown');
  const rows: [string, string][] = [
    [
      t('rules.purchase'),
      rules.purchase
        ? t('rules.purchaseValue', { price: format.price(rules.purchase.pricePer1000.amount, rules.purchase.pricePer1000.currency), block: format.number(rules.purchase.block, 0) }) +
          (rules.purchase.note ? ` ${format.text(rules.purchase.note)}` : '')
        : t('rules.notSold'),
    ],
    [
      t('rules.cap'),
      rules.purchase?.annualCap ? t(rules.purchase.capIncludesBonus ? 'rules.capWithBonus' : 'rules.capWithoutBonus', { cap: format.number(rules.purchase.annualCap, 0) }) : unknown,
    ],
    [t('rules.validity'), rules.validity ? (rules.validity.months ? t('rules.months', { count: rules.validity.months }) + ' — ' : '') + format.text(rules.validity.rule) : unknown],
    [
      t('rules.fee'),
      rules.partnerRedemptionFee
        ? t(rules.partnerRedemptionFee.per === 'one-way' ? 'rules.feeOneWay' : 'rules.feeTicket', { fee: format.price(rules.partnerRedemptionFee.fee.amount, rules.partnerRedemptionFee.fee.currency) }) +
          (rules.partnerRedemptionFee.freeChangeHours ? ` ${t('rules.freeChange', { count: rules.partnerRedemptionFee.freeChangeHours })}` : '')
        : unknown,
    ],
    [t('rules.hold'), rules.seatHold ? (rules.seatHold.hours === 0 ? t('rules.noHold') : t('rules.holdHours', { count: rules.seatHold.hours })) + ` — ${format.text(rules.seatHold.rule)}` : unknown],
    [
      t('rules.stopover'),
      rules.stopover ? (rules.stopover.allowed ? (rules.stopover.maxDays ? t('rules.stopoverDays', { count: rules.stopover.maxDays }) : t('rules.stopoverAllowed')) : t('rules.noStopover')) + ` — ${format.text(rules.stopover.rule)}` : unknown,
    ],
  ];
  return (
    <Table withRowBorders data-testid="programme-rules" maw={860}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={220} scope="row">
              {label}
            </Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
