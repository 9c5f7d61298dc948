import { Alert, Anchor, Badge, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { Segments } from '../../components/choices.tsx';
import { Table } from '../../components/table.tsx';
import { useState } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { Link, useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { milesFor, type TransferPartnerRow } from '../../../core/guides/transfers.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { useGuideFormat } from './guide-format.ts';
import { ScrollTable } from './scroll-table.tsx';
import { RatioCell } from './programme-tables.tsx';
import type { LibraryEntry, TransferSource } from '../../../core/guides/contract.ts';
import { loaderGet } from '../../lib/loader-api.ts';
import { definePage } from '../../lib/page-module.ts';

type Direction = 'from' | 'to';
const DEFAULT_SOURCE = 'chase-ur';
const DEFAULT_PROGRAMME = 'eva-infinity';

interface TransferLoad {
  sources: TransferSource[];
  programmes: LibraryEntry[];
  answer: { today: string; partners: TransferPartnerRow[] };
}

const choiceOf = (params: URLSearchParams) => {
  const direction: Direction = params.get('to') ? 'to' : 'from';
  return {
    direction,
    chosen: params.get(direction) ?? (direction === 'from' ? DEFAULT_SOURCE : DEFAULT_PROGRAMME),
  };
};

async function loadTransfers({ context, request }: LoaderFunctionArgs): Promise<TransferLoad> {
  const { direction, chosen } = choiceOf(new URL(request.url).searchParams);
  const [sources, airlines, hotels, answer] = await Promise.all([
    loaderGet<{ sources: TransferSource[] }>(context, '/api/transfer-partners/sources', {
      cache: true,
    }),
    loaderGet<{ programmes: LibraryEntry[] }>(context, '/api/guides?kind=airline', { cache: true }),
    loaderGet<{ programmes: LibraryEntry[] }>(context, '/api/guides?kind=hotel', { cache: true }),
    loaderGet<TransferLoad['answer']>(
      context,
      `/api/transfer-partners?${new URLSearchParams({ [direction]: chosen }).toString()}`,
    ),
  ]);
  return {
    sources: sources.sources,
    programmes: [...airlines.programmes, ...hotels.programmes],
    answer,
  };
}

/**
 * The transfer-partner lookup (/awardplus/transferpartner): from a bank's points to every
 * programme they reach, or back from a programme to every currency that reaches it, with ratio,
 * minimum and increment, time, and a running bonus applied to the ratio. The address keeps the
 * choice (`?from=` or `?to=`), the same query as the API's.
 */
function TransferPartnerPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('guides');
  const format = useGuideFormat();
  const [params, setParams] = useSearchParams();
  const { direction, chosen } = choiceOf(params);
  const [points, setPoints] = useState<number | string>(50_000);
  const { sources, programmes, answer } = useLoaderData() as TransferLoad;

  const groupOf = (source: TransferSource) =>
    source.kind === 'bank'
      ? t(`transfers.groups.bank${source.country === 'TW' ? 'Tw' : 'Us'}`)
      : t(`transfers.groups.${source.kind === 'hotel' ? 'hotel' : 'airline'}`);
  const sourceOptions: { group: string; items: { value: string; label: string }[] }[] = [];
  for (const source of sources) {
    const group = groupOf(source);
    const entry =
      sourceOptions.find((option) => option.group === group) ??
      sourceOptions[sourceOptions.push({ group, items: [] }) - 1]!;
    entry.items.push({ value: source.id, label: format.text(source.name) });
  }
  const programmeOptions = [
    {
      group: t('transfers.groups.airline'),
      items: programmes
        .filter((entry) => entry.kind === 'airline')
        .map((entry) => ({ value: entry.id, label: format.text(entry.name) })),
    },
    {
      group: t('transfers.groups.hotel'),
      items: programmes
        .filter((entry) => entry.kind === 'hotel')
        .map((entry) => ({ value: entry.id, label: format.text(entry.name) })),
    },
  ];
  const choose = (next: Direction, id: string | null) =>
    setParams(id ? { [next]: id } : {}, { replace: true });
  const amount = typeof points === 'number' ? points : 0;

  const received = (row: TransferPartnerRow) =>
    milesFor(
      amount,
      {
        ratio: row.ratio,
        minimum: row.minimum ?? undefined,
        increment: row.increment ?? undefined,
      },
      row.bonus?.status === 'confirmed' ? row.bonus.percent : 0,
    );

  return (
    <PageFrame page={page}>
      <Stack gap="md">
        <Segments
          aria-label={t('transfers.direction')}
          value={direction}
          onChange={(value) =>
            choose(value as Direction, value === 'from' ? DEFAULT_SOURCE : DEFAULT_PROGRAMME)
          }
          options={[
            { value: 'from', label: t('transfers.fromMode') },
            { value: 'to', label: t('transfers.toMode') },
          ]}
          maw={460}
        />
        <Group align="end" gap="md" wrap="wrap">
          {direction === 'from' ? (
            <Select
              label={t('transfers.source')}
              data={sourceOptions}
              value={chosen}
              onChange={(id) => choose('from', id)}
              searchable
              allowDeselect={false}
              w={320}
              data-testid="transfer-source"
            />
          ) : (
            <Select
              label={t('transfers.programme')}
              data={programmeOptions}
              value={chosen}
              onChange={(id) => choose('to', id)}
              searchable
              allowDeselect={false}
              w={320}
              data-testid="transfer-programme"
            />
          )}
          <NumberInput
            label={t('transfers.points')}
            value={points}
            onChange={setPoints}
            min={0}
            max={100_000_000}
            step={1000}
            thousandSeparator=","
            w={200}
          />
        </Group>

        {answer.partners.length === 0 ? (
          <Alert color="gray" title={t('transfers.noneTitle')}>
            {t('transfers.none')}
          </Alert>
        ) : (
          <ScrollTable label={t('transfers.tableLabel')} minWidth={760}>
            <Table striped highlightOnHover data-testid="transfer-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    {direction === 'from'
                      ? t('transfers.columns.programme')
                      : t('transfers.columns.source')}
                  </Table.Th>
                  <Table.Th>{t('transfers.columns.ratio')}</Table.Th>
                  <Table.Th>{t('transfers.columns.bonus')}</Table.Th>
                  <Table.Th>{t('transfers.columns.minimum')}</Table.Th>
                  <Table.Th>{t('transfers.columns.time')}</Table.Th>
                  <Table.Th>
                    {t('transfers.columns.received', { points: format.number(amount) })}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {answer.partners.map((row) => {
                  const other = direction === 'from' ? row.to : row.from;
                  const library =
                    other.kind === 'hotel'
                      ? '/hotelslib'
                      : other.kind === 'airline'
                        ? '/rewardslib'
                        : null;
                  return (
                    <Table.Tr key={`${row.from.id}>${row.to.id}`} data-partner={other.id}>
                      <Table.Td>
                        {library ? (
                          <Anchor component={Link} to={`${library}/${other.id}`}>
                            {format.text(other.name)}
                          </Anchor>
                        ) : (
                          format.text(other.name)
                        )}
                        {row.note && (
                          <Text size="xs" c="gray.7">
                            {format.text(row.note)}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <RatioCell row={row} />
                      </Table.Td>
                      <Table.Td>
                        {row.bonus ? (
                          <Stack gap={2}>
                            <Badge color="orange" variant="light" c="dark.7">
                              {t('transfers.bonus', { percent: row.bonus.percent })}
                            </Badge>
                            {row.bonus.ratio ? (
                              <Text size="sm">
                                {t('transfers.bonusRatio', {
                                  ratio: format.ratio(row.bonus.ratio),
                                  end: format.date(row.bonus.end),
                                })}
                              </Text>
                            ) : (
                              <Text size="xs" c="red.9" data-testid="bonus-unconfirmed">
                                {t('transfers.bonusUnconfirmed', {
                                  end: format.date(row.bonus.end),
                                })}
                              </Text>
                            )}
                            <Anchor
                              href={row.bonus.source}
                              target="_blank"
                              rel="noreferrer"
                              size="xs"
                            >
                              {t('transfers.checkBank')}
                            </Anchor>
                          </Stack>
                        ) : (
                          <Text size="sm" c="gray.7">
                            {t('transfers.noBonus')}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {row.minimum || row.increment
                          ? t('transfers.minimumIncrement', {
                              minimum: format.number(row.minimum ?? row.increment ?? 1),
                              increment: format.number(row.increment ?? 1),
                            })
                          : t('transfers.anyAmount')}
                      </Table.Td>
                      <Table.Td>{t(`transfers.time.${row.time}`)}</Table.Td>
                      <Table.Td data-testid="transfer-received">
                        {format.number(received(row), 0)}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
        <Text size="sm" c="gray.7">
          {t('transfers.footnote')}{' '}
          <Anchor component={Link} to="/faq#ratios" inherit underline="always">
            {t('transfers.faqLink')}
          </Anchor>
        </Text>
      </Stack>
    </PageFrame>
  );
}

export const transferPartnerPage = definePage<TransferLoad>({
  Component: TransferPartnerPage,
  loader: loadTransfers,
});
