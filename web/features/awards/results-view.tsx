import {
  Alert,
  Button,
  Chip,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import {
  markBest,
  MAX_STOPS,
  milesFor,
  sortItineraries,
  TIME_OF_DAY_HOURS,
  type AwardItinerary,
  type SortOrder,
  type TimeOfDay,
} from '../../../core/awards/search.ts';
import { useAppState } from '../../lib/app-context.tsx';
import type { SearchAnswer } from './awards-api.ts';
import { dayLabel } from './format.ts';
import { FilterFold } from '../../components/filter-fold.tsx';
import { useShownMoney } from '../../lib/shown-money.ts';
import { ItineraryCard } from './itinerary-card.tsx';
import { trackingLink } from './search-form.ts';

/** Other flights shown at first; the rest come with "show more". */
const OTHERS_PAGE = 20;

interface Filters {
  maxStops: number;
  airlines: string[];
  timeOfDay: TimeOfDay[];
  date: string | null;
}

function passes(itinerary: AwardItinerary, filters: Filters): boolean {
  if (itinerary.stops > filters.maxStops) return false;
  if (
    filters.airlines.length > 0 &&
    !itinerary.airlines.every((code) => filters.airlines.includes(code))
  )
    return false;
  if (filters.date && itinerary.departure.slice(0, 10) !== filters.date) return false;
  if (filters.timeOfDay.length > 0) {
    const hour = Number(itinerary.departure.slice(11, 13));
    if (
      !filters.timeOfDay.some(
        (slot) => hour >= TIME_OF_DAY_HOURS[slot][0] && hour < TIME_OF_DAY_HOURS[slot][1],
      )
    )
      return false;
  }
  return true;
}

/**
 * The results of a search: the redeem-option selector (best flights are worked out again for the
 * programme chosen), sorting, and filters that apply at once without a new search
 * (docs/product/award-search.md#what-a-result-shows).
 */
export function ResultsView({ answer }: { answer: SearchAnswer }) {
  const { t } = useTranslation('awards');
  const { language } = useAppState();
  const [programme, setProgramme] = useState<string | null>(null);
  const [order, setOrder] = useState<SortOrder>('departure');
  const [filters, setFilters] = useState<Filters>({
    maxStops: MAX_STOPS[answer.query.stops],
    airlines: [],
    timeOfDay: [],
    date: null,
  });
  const [othersShown, setOthersShown] = useState(OTHERS_PAGE);
  const money = useShownMoney();

  const programmes = useMemo(() => {
    const count = new Map<string, number>();
    for (const itinerary of answer.results)
      for (const option of itinerary.redeemOptions)
        count.set(option.programme, (count.get(option.programme) ?? 0) + 1);
    return [...count.entries()].sort((a, b) => b[1] - a[1]);
  }, [answer.results]);
  const airlines = useMemo(
    () => [...new Set(answer.results.flatMap((itinerary) => itinerary.airlines))].sort(),
    [answer.results],
  );
  const dates = useMemo(
    () => [...new Set(answer.results.map((itinerary) => itinerary.departure.slice(0, 10)))].sort(),
    [answer.results],
  );

  const shown = useMemo(() => {
    const bookable = programme
      ? answer.results.filter((itinerary) => milesFor(itinerary, programme) !== null)
      : answer.results;
    const filtered = bookable.filter((itinerary) => passes(itinerary, filters));
    return sortItineraries(markBest(filtered, programme), order);
  }, [answer.results, programme, filters, order]);
  const best = shown.filter((itinerary) => itinerary.best);
  const others = shown.filter((itinerary) => !itinerary.best);
  const truncated = answer.notices.find((notice) => notice.code === 'truncated');
  // What the phone's Filters button counts: every choice that narrows the flights shown.
  const activeFilters = [
    programme !== null,
    filters.maxStops < MAX_STOPS[answer.query.stops],
    filters.airlines.length > 0,
    filters.timeOfDay.length > 0,
    filters.date !== null,
  ].filter(Boolean).length;
  // Each flight's own tracking: its day and first flight, the search's cabin, seats and stops.
  const trackTo = (itinerary: AwardItinerary) =>
    trackingLink(answer.query, answer.id, {
      number: itinerary.legs[0]?.flightNumber ?? '',
      date: itinerary.departure.slice(0, 10),
    });
  const set = <K extends keyof Filters>(field: K, value: Filters[K]) => {
    setFilters((current) => ({ ...current, [field]: value }));
    setOthersShown(OTHERS_PAGE);
  };

  return (
    <Stack gap="md" data-testid="results">
      <FilterFold active={activeFilters} testId="result-filters">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            <Select
              label={t('result.redeemWith')}
              value={programme ?? 'all'}
              allowDeselect={false}
              onChange={(value) => setProgramme(value === 'all' || !value ? null : value)}
              data={[
                { value: 'all', label: t('result.allProgrammes') },
                ...programmes.map(([id, count]) => ({
                  value: id,
                  label: `${answer.names.programmes[id] ?? id} (${count})`,
                })),
              ]}
              data-testid="redeem-selector"
            />
            <Select
              label={t('result.sortBy')}
              value={order}
              allowDeselect={false}
              onChange={(value) => value && setOrder(value as SortOrder)}
              data={[
                { value: 'departure', label: t('result.sortDeparture') },
                { value: 'latest-update', label: t('result.sortLatest') },
              ]}
              data-testid="result-sort"
            />
            <Select
              label={t('result.filterStops')}
              value={String(filters.maxStops)}
              allowDeselect={false}
              onChange={(value) => value && set('maxStops', Number(value))}
              data={[0, 1, 2]
                .filter((stops) => stops <= MAX_STOPS[answer.query.stops])
                .map((stops) => ({ value: String(stops), label: t(`stops.max${stops}`) }))}
              data-testid="filter-stops"
            />
            <MultiSelect
              label={t('result.filterAirlines')}
              placeholder={filters.airlines.length === 0 ? t('result.anyAirline') : undefined}
              value={filters.airlines}
              onChange={(value) => set('airlines', value)}
              data={airlines.map((code) => ({
                value: code,
                label: answer.names.airlines[code] ?? code,
              }))}
              data-testid="filter-airlines"
            />
          </SimpleGrid>
          <Group gap="xs" wrap="wrap">
            {dates.length > 1 && (
              <Chip.Group
                value={filters.date ?? 'all'}
                onChange={(value) => set('date', value === 'all' ? null : (value as string))}
              >
                <Group gap={6}>
                  <Chip value="all" size="xs">
                    {t('result.allDates')}
                  </Chip>
                  {dates.map((date) => (
                    <Chip key={date} value={date} size="xs" data-testid="filter-date">
                      {dayLabel(date, language)}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            )}
            <Chip.Group
              multiple
              value={filters.timeOfDay}
              onChange={(value) => set('timeOfDay', value as TimeOfDay[])}
            >
              <Group gap={6}>
                {(Object.keys(TIME_OF_DAY_HOURS) as TimeOfDay[]).map((slot) => (
                  <Chip
                    key={slot}
                    value={slot}
                    size="xs"
                    variant="outline"
                    data-testid={`filter-time-${slot}`}
                  >
                    {t(`timeOfDay.${slot}`)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Group>
        </Stack>
      </FilterFold>
      {money.converts() && (
        <Text size="xs" c="gray.7" data-testid="results-converted">
          {t('result.converted', {
            currency: money.currency,
            date: dayLabel(money.asOf, language, {
              year: 'numeric',
              month: 'long',
              day: 'numeric',
            }),
          })}
        </Text>
      )}
      <Text size="sm" data-testid="results-count">
        {t('result.count', { count: shown.length, total: answer.results.length })}
      </Text>
      {truncated && truncated.code === 'truncated' && (
        <Alert color="gray" data-testid="notice-truncated">
          {t('result.truncated', { shown: truncated.shown, found: truncated.found })}
        </Alert>
      )}
      {shown.length === 0 ? (
        <Alert color="yellow" data-testid="filters-empty">
          {t('result.filtersEmpty')}
        </Alert>
      ) : (
        <>
          <section aria-labelledby="best-flights" data-testid="best-flights">
            <Title order={2} fz="lg" id="best-flights" mb="xs">
              {t('result.bestFlights', { count: best.length })}
            </Title>
            <Text size="xs" c="gray.7" mb="xs">
              {t('result.bestExplained')}
            </Text>
            <Stack gap="sm">
              {best.map((itinerary) => (
                <ItineraryCard
                  key={itinerary.id}
                  itinerary={itinerary}
                  names={answer.names}
                  programme={programme}
                  trackTo={trackTo(itinerary)}
                />
              ))}
            </Stack>
          </section>
          {others.length > 0 && (
            <section aria-labelledby="other-flights" data-testid="other-flights">
              <Title order={2} fz="lg" id="other-flights" mb="xs">
                {t('result.otherFlights', { count: others.length })}
              </Title>
              <Stack gap="sm">
                {others.slice(0, othersShown).map((itinerary) => (
                  <ItineraryCard
                    key={itinerary.id}
                    itinerary={itinerary}
                    names={answer.names}
                    programme={programme}
                    trackTo={trackTo(itinerary)}
                  />
                ))}
              </Stack>
              {others.length > othersShown && (
                <Button
                  variant="light"
                  mt="sm"
                  onClick={() => setOthersShown((count) => count + OTHERS_PAGE)}
                  data-testid="show-more"
                >
                  {t('result.showMore', {
                    count: Math.min(OTHERS_PAGE, others.length - othersShown),
                  })}
                </Button>
              )}
            </section>
          )}
        </>
      )}
    </Stack>
  );
}
