/** The tables of a programme's page: partner airlines, transfer partners, the award chart and the programme rules. */
import { useEffect, useState } from 'react';
import { Alert, Anchor, Box, Stack, Text } from '@mantine/core';
import { Table } from '../../components/table.tsx';
import { useTranslation } from '../../lib/translation.tsx';
import { CABINS } from '../../../core/awards/simulated-schedule.ts';
import type { AwardChart } from '../../../core/awards/award-pricing.ts';
import type { PartnerAirline, PartnerAirlines } from '../../../core/guides/contract.ts';
import type {
  GuideMark,
  GuidePart,
  ProgrammeRules,
  PurchaseRule,
} from '../../../core/guides/guide.ts';
import type { TransferPartnerRow } from '../../../core/guides/transfers.ts';
import { useGuideFormat } from './guide-format.ts';
import { ScrollTable } from './scroll-table.tsx';
import { UnverifiedMarks } from './unverified-mark.tsx';

/** The alliance's members and the partners outside it, in the reader's language and order. */
export function PartnerAirlineList({ partners }: { partners: PartnerAirlines }) {
  const { t } = useTranslation('guides');
  const format = useGuideFormat();
  // In the server's order for the language: sorting here would load a collator while the page hydrates.
  const order = format.language === 'ja' ? 'en' : format.language;
  const names = (list: readonly PartnerAirline[]) =>
    [...list]
      .sort((a, b) => a.rank[order] - b.rank[order])
      .map((airline) => format.text(airline.name))
      .join(t('library.listSeparator'));
  if (partners.members.length === 0 && partners.others.length === 0)
    return <Text>{t('library.noPartnerAirlines')}</Text>;
  return (
    <Stack gap="xs" maw={760} data-testid="partner-airlines">
      {partners.alliance && partners.members.length > 0 && (
        <Text>
          <Text span fw={600}>
            {t('library.allianceMembers', {
              alliance: t(`library.alliances.${partners.alliance}`),
              count: partners.members.length,
            })}
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
    <ScrollTable
      label={side === 'from' ? t('library.transfersIn') : t('library.transfersOut')}
      minWidth={520}
    >
      <Table striped data-testid={`partners-${side}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              {side === 'from' ? t('transfers.columns.source') : t('transfers.columns.programme')}
            </Table.Th>
            <Table.Th>{t('transfers.columns.ratio')}</Table.Th>
            <Table.Th>{t('transfers.columns.bonus')}</Table.Th>
            <Table.Th>{t('transfers.columns.time')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.from.id}>${row.to.id}`}>
              <Table.Td>{format.text(side === 'from' ? row.from.name : row.to.name)}</Table.Td>
              <Table.Td>
                <RatioCell row={row} />
              </Table.Td>
              <Table.Td>
                {row.bonus
                  ? row.bonus.ratio
                    ? t('transfers.bonusRatio', {
                        ratio: format.ratio(row.bonus.ratio),
                        end: format.date(row.bonus.end),
                      })
                    : t('transfers.bonusUnconfirmed', { end: format.date(row.bonus.end) })
                  : '—'}
              </Table.Td>
              <Table.Td>{t(`transfers.time.${row.time}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** A transfer ratio with its dates and the page that states it: "1:1 · since 2026-03-01 · source". */
export function RatioCell({ row }: { row: TransferPartnerRow }) {
  const { t } = useTranslation('guides');
  const format = useGuideFormat();
  return (
    <Stack gap={0}>
      <Text size="sm">{format.ratio(row.ratio)}</Text>
      {(row.since || row.next || row.source) && (
        <Text size="xs" c="gray.7" data-testid="ratio-dates">
          {[
            row.since && t('transfers.since', { date: format.date(row.since) }),
            row.next &&
              t('transfers.changesOn', {
                ratio: format.ratio(row.next.ratio),
                date: format.date(row.next.since),
              }),
          ]
            .filter(Boolean)
            .join(' · ')}
          {row.source && (
            <>
              {row.since || row.next ? ' · ' : ''}
              <Anchor
                href={row.source}
                target="_blank"
                rel="noreferrer"
                size="xs"
                data-testid="ratio-source"
              >
                {t('transfers.ratioSource')}
              </Anchor>
            </>
          )}
        </Text>
      )}
    </Stack>
  );
}

/** The chart drawn from data/award-charts.json: its distance bands, or its zone rows. */
export function ChartSummary({ chart }: { chart: AwardChart }) {
  const { t } = useTranslation('guides');
  const format = useGuideFormat();
  // Countries are named by the runtime's own tables (Intl.DisplayNames), which differ between the
  // server and a browser: named once the page is the browser's, so hydration sees the same codes.
  const [namesReady, setNamesReady] = useState(false);
  useEffect(() => setNamesReady(true), []);
  const cell = (value: number | null) => (value === null ? '—' : format.number(value, 0));
  const cabins = CABINS.filter((cabin) =>
    (chart.bands ?? chart.zonePrices ?? []).some((row) => row[cabin] !== null),
  );
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
        {t(`library.pricing.${chart.pricing}`)} {chart.perSegment ? t('library.perSegment') : ''}{' '}
        {chart.oneWay ? '' : t('library.roundTripOnly')}
      </Text>
      {chart.superseded && (
        <Alert color="red" variant="light" data-testid="chart-superseded">
          {t('library.superseded', { day: format.date(chart.superseded.since) })}{' '}
          <Anchor href={chart.superseded.source} target="_blank" rel="noreferrer" size="sm">
            {t('library.dynamicSource')}
          </Anchor>
        </Alert>
      )}
      {chart.dynamic && (
        <Alert color="yellow" variant="light" data-testid="chart-dynamic">
          {chart.dynamic.airlines.length === 0
            ? t('library.dynamicAll')
            : t('library.dynamicSome', { airlines: chart.dynamic.airlines.join(', ') })}{' '}
          <Anchor href={chart.dynamic.source} target="_blank" rel="noreferrer" size="sm">
            {t('library.dynamicSource')}
          </Anchor>
        </Alert>
      )}
      <ScrollTable label={t('library.chart')} minWidth={520}>
        <Table striped data-testid="award-chart">
          {chart.bands ? (
            <>
              {head(t('library.distance'))}
              <Table.Tbody>
                {chart.bands.map((band, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>
                      {band.maxMiles === null
                        ? t('library.bandOpen', {
                            above: format.number(chart.bands![index - 1]?.maxMiles ?? 0, 0),
                          })
                        : t('library.bandUpTo', { upTo: format.number(band.maxMiles, 0) })}
                    </Table.Td>
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
                      {row.maxMiles
                        ? ` (${t('library.bandUpTo', { upTo: format.number(row.maxMiles, 0) })})`
                        : ''}
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
      {chart.checked && (
        <Text size="sm" c="gray.7" data-testid="chart-checked">
          {t('library.chartChecked', { day: format.date(chart.checked) })}
        </Text>
      )}
      {(chart.corrections ?? []).map((correction, index) => (
        <Text key={index} size="sm" c="gray.7" data-testid="chart-correction">
          {t('library.corrected', {
            row: correction.row,
            cabin: t(`explorer.cabins.${correction.cabin}`),
            before: correction.before === null ? '—' : format.number(correction.before, 0),
            after: correction.after === null ? '—' : format.number(correction.after, 0),
            day: format.date(correction.checked),
          })}{' '}
          <Anchor href={correction.source} target="_blank" rel="noreferrer" size="sm">
            {t('library.correctionSource')}
          </Anchor>
        </Text>
      ))}
      {chart.regions && (
        <Stack gap={4} data-testid="chart-regions">
          <Text size="sm" c="gray.7">
            {t('library.regionsLead')}
          </Text>
          {/* dl > div > dt + dd: a paragraph may not hold a term, and a browser would move it. */}
          <Stack component="dl" gap={2} m={0}>
            {Object.entries(chart.regions).map(([region, { airports = [], countries }]) => {
              // A region may be airports (EVA's North American gateways), which the pricing matches first.
              const members = [...airports, ...countries.map(namesReady ? format.country : String)];
              const shown = members.slice(0, 12).join(t('library.listSeparator'));
              return (
                <Box key={region} fz="sm" c="gray.7">
                  <Box component="dt" fw={600} display="inline">
                    {region}
                  </Box>
                  <Box component="dd" display="inline" m={0}>
                    {' — '}
                    {members.length > 12
                      ? t('library.regionMore', { shown, count: members.length - 12 })
                      : shown}
                  </Box>
                </Box>
              );
            })}
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}

/** The programme rules (docs/product/guides.md#programme-library) as this programme sets them; an unknown rule says so. */
export function RulesTable({
  rules,
  marks = [],
}: {
  rules: ProgrammeRules;
  marks?: readonly GuideMark[];
}) {
  const { t } = useTranslation('guides');
  const format = useGuideFormat();
  const unknown = t('rules.unknown');
  const rows: [string, string, GuidePart | null][] = [
    [
      t('rules.purchase'),
      rules.purchase
        ? t('rules.purchaseValue', {
            price: format.price(
              rules.purchase.pricePer1000.amount,
              rules.purchase.pricePer1000.currency,
            ),
            block: format.number(rules.purchase.block, 0),
          }) + (rules.purchase.note ? ` ${format.text(rules.purchase.note)}` : '')
        : t('rules.notSold'),
      'purchase',
    ],
    [
      t('rules.cap'),
      rules.purchase ? purchaseCap(rules.purchase, t, (value) => format.number(value, 0)) : unknown,
      null,
    ],
    [
      t('rules.validity'),
      rules.validity
        ? (rules.validity.months
            ? t('rules.months', { count: rules.validity.months }) + ' — '
            : '') + format.text(rules.validity.rule)
        : unknown,
      'validity',
    ],
    [
      t('rules.fee'),
      rules.partnerRedemptionFee
        ? t(rules.partnerRedemptionFee.per === 'one-way' ? 'rules.feeOneWay' : 'rules.feeTicket', {
            fee: format.price(
              rules.partnerRedemptionFee.fee.amount,
              rules.partnerRedemptionFee.fee.currency,
            ),
          }) +
          (rules.partnerRedemptionFee.freeChangeHours
            ? ` ${t('rules.freeChange', { count: rules.partnerRedemptionFee.freeChangeHours })}`
            : '')
        : unknown,
      null,
    ],
    [
      t('rules.hold'),
      rules.seatHold
        ? (rules.seatHold.hours === 0
            ? t('rules.noHold')
            : t('rules.holdHours', { count: rules.seatHold.hours })) +
          ` — ${format.text(rules.seatHold.rule)}`
        : unknown,
      'seatHold',
    ],
    [
      t('rules.stopover'),
      rules.stopover
        ? (rules.stopover.allowed
            ? rules.stopover.maxDays
              ? t('rules.stopoverDays', { count: rules.stopover.maxDays })
              : t('rules.stopoverAllowed')
            : t('rules.noStopover')) + ` — ${format.text(rules.stopover.rule)}`
        : unknown,
      'stopover',
    ],
  ];
  return (
    <Table withRowBorders data-testid="programme-rules" maw={860}>
      <Table.Tbody>
        {rows.map(([label, value, part]) => (
          <Table.Tr key={label}>
            <Table.Th w={220} scope="row">
              {label}
            </Table.Th>
            <Table.Td>
              {value}
              {part && <UnverifiedMarks marks={marks} part={part} />}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A programme's yearly purchase cap in words: stated, a range, none, or not confirmed; and how bonus miles count. */
function purchaseCap(
  purchase: PurchaseRule,
  t: (key: string, values?: Record<string, unknown>) => string,
  number: (value: number) => string,
): string {
  const cap = purchase.annualCap;
  if (cap === 'unknown') return t('rules.capUnknown');
  if (cap === 'none') return t('rules.capNone');
  const limit =
    'miles' in cap
      ? number(cap.miles)
      : t('rules.capRange', { lowest: number(cap.lowest), highest: number(cap.highest) });
  return t(`rules.capBonus.${purchase.capIncludesBonus}`, { cap: limit });
}
