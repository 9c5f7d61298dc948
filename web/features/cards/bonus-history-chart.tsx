import { Text } from '@mantine/core';
import { Table } from '../../components/table.tsx';
import { useTranslation } from '../../lib/translation.tsx';
import type { BonusRecord, Card } from '../../../core/cards/card.ts';
import type { PointsCurrency } from '../../../core/cards/points-currency.ts';
import { useCardFormat } from './card-format.ts';

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { left: 64, right: 24, top: 16, bottom: 36 };
const MIN_LABEL_GAP = 56;

/**
 * The welcome-bonus history of a card: a step chart of the offer's size over time,
 * drawn as SVG, with the same records in a table beneath for screen readers and exact figures.
 */
export function BonusHistoryChart({
  card,
  currency,
}: {
  card: Card;
  currency: PointsCurrency | null;
}) {
  const { t } = useTranslation('cards');
  const format = useCardFormat();
  const records = card.bonusHistory;
  if (records.length === 0) return <Text c="dimmed">{t('history.none')}</Text>;

  const times = records.map((record) => Date.parse(record.date));
  const start = Math.min(...times);
  const end = Math.max(Date.parse(card.asOf), ...times);
  const span = Math.max(end - start, 1);
  const top = Math.max(...records.map((record) => record.amount)) * 1.15 || 1;
  const x = (time: number) => PAD.left + ((time - start) / span) * (WIDTH - PAD.left - PAD.right);
  const y = (amount: number) =>
    HEIGHT - PAD.bottom - (amount / top) * (HEIGHT - PAD.top - PAD.bottom);
  // Each offer holds until the next one: a step line.
  const steps = records.flatMap((record, index) => {
    const next = index + 1 < records.length ? times[index + 1]! : end;
    return [`${x(times[index]!)},${y(record.amount)}`, `${x(next)},${y(record.amount)}`];
  });
  const ticks = [0, 0.5, 1].map((share) => Math.round((top / 1.15) * share));
  const label = (record: BonusRecord) => format.bonus(card, currency, record);
  // Dates closer than a label's width share the earlier one's label; the newest is always labelled.
  const labelled = new Set<number>();
  let last = -1;
  times.forEach((time, index) => {
    const near = last >= 0 && x(time) - x(times[last]!) < MIN_LABEL_GAP;
    if (near && index < times.length - 1) return;
    if (near) labelled.delete(last);
    labelled.add(index);
    last = index;
  });

  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-labelledby={`history-${card.id}`}
        data-testid="bonus-chart"
      >
        <title id={`history-${card.id}`}>{t('history.chartTitle')}</title>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke="#dee2e6" />
            <text x={PAD.left - 8} y={y(tick) + 4} textAnchor="end" fontSize="11" fill="#495057">
              {format.number(tick)}
            </text>
          </g>
        ))}
        <polyline points={steps.join(' ')} fill="none" stroke="#1c7ed6" strokeWidth="2.5" />
        {records.map((record, index) => (
          <g key={record.date}>
            <circle
              cx={x(times[index]!)}
              cy={y(record.amount)}
              r="4"
              fill="#1c7ed6"
              data-testid="bonus-point"
            />
            {labelled.has(index) && (
              <text
                x={x(times[index]!)}
                y={HEIGHT - PAD.bottom + 16}
                textAnchor="middle"
                fontSize="11"
                fill="#495057"
              >
                {record.date.slice(0, 7)}
              </text>
            )}
          </g>
        ))}
      </svg>
      <Table mt="sm" striped data-testid="bonus-history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('history.date')}</Table.Th>
            <Table.Th>{t('history.offer')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...records].reverse().map((record) => (
            <Table.Tr key={record.date}>
              <Table.Td>{record.date}</Table.Td>
              <Table.Td>{label(record)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </figure>
  );
}
