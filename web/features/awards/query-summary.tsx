import { Text } from '@mantine/core';
import { useTranslation } from '../../lib/translation.tsx';
import type { AwardNames, AwardQuery } from '../../../core/awards/search.ts';
import { useAppState } from '../../lib/app-context.tsx';
import { datesLabel } from './format.ts';

/** "Taipei (TPE) → Los Angeles (LAX) · Business · Dec 1 – Dec 3 · 1 seat": a search's or a tracking's query. */
export function QuerySummary({
  query,
  names,
  size,
  testId,
}: {
  query: AwardQuery;
  names: AwardNames;
  size?: 'lg';
  testId: string;
}) {
  const { t } = useTranslation('awards');
  const { language } = useAppState();
  const place = (code: string) =>
    names.places[code] ? `${names.places[code].city} (${code})` : code;
  return (
    <Text fw={600} size={size} data-testid={testId}>
      {place(query.origin)} → {place(query.destination)} · {t(`cabins.${query.cabin}`)} ·{' '}
      {datesLabel(query.dates, language)} · {t('result.seatsAsked', { count: query.seats })}
    </Text>
  );
}
