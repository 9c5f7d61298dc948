import {
  ActionIcon,
  Box,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import type { AwardCalendarQuery } from '../../../core/awards/search-contract.ts';
import { datesOfMonth, type AwardNames, type CalendarDay } from '../../../core/awards/search.ts';
import { useAppState } from '../../lib/app-context.tsx';
import { awardsApi, placeLanguage } from './awards-api.ts';
import { dayLabel, formatNumber, monthLabel, weekdayNames } from './format.ts';

const shiftMonth = (month: string, by: number) => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, number - 1 + by, 1));
  return date.toISOString().slice(0, 7);
};

/**
 * The flexible-date award calendar: a month of the route, each day with the lowest miles found
 * for the cabin, the cheapest days marked. Choosing a day hands it to the caller (the panel).
 */
export function AwardCalendar({
  query,
  onPickDay,
  selected,
}: {
  query: Omit<AwardCalendarQuery, 'month'> & { month: string };
  onPickDay?: (date: string) => void;
  selected?: { from: string; to: string };
}) {
  const { t } = useTranslation('awards');
  const { language } = useAppState();
  const [month, setMonth] = useState(query.month);
  const [answer, setAnswer] = useState<{ days: CalendarDay[]; names: AwardNames } | null>(null);
  const [failed, setFailed] = useState(false);
  const today = new Date().toISOString().slice(0, 7);

  useEffect(() => setMonth(query.month), [query.month]);
  useEffect(() => {
    let live = true;
    setAnswer(null);
    setFailed(false);
    awardsApi
      .calendar({ ...query, month }, placeLanguage(language))
      .then((result) => live && setAnswer(result))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the query's fields, not its identity
  }, [
    query.origin,
    query.destination,
    query.cabin,
    query.seats,
    query.stops,
    query.alliance,
    month,
    language,
  ]);

  const dates = datesOfMonth(month);
  const leading = new Date(`${dates[0]}T00:00:00Z`).getUTCDay();
  const byDate = new Map(answer?.days.map((day) => [day.date, day]) ?? []);
  const prices = answer?.days.flatMap((day) => (day.miles === null ? [] : [day.miles])) ?? [];
  const lowest = prices.length > 0 ? Math.min(...prices) : null;

  return (
    <Box
      component="section"
      aria-labelledby="award-calendar-title"
      data-testid="award-calendar"
      data-month={month}
      data-loaded={answer !== null}
    >
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="award-calendar-title">
            {t('calendar.title')}
          </Title>
          <Group gap={4}>
            <ActionIcon
              variant="default"
              aria-label={t('calendar.previous')}
              disabled={month <= today}
              onClick={() => setMonth(shiftMonth(month, -1))}
            >
              ‹
            </ActionIcon>
            <Text fw={600} miw={120} ta="center" data-testid="calendar-month">
              {monthLabel(month, language)}
            </Text>
            <ActionIcon
              variant="default"
              aria-label={t('calendar.next')}
              onClick={() => setMonth(shiftMonth(month, 1))}
            >
              ›
            </ActionIcon>
          </Group>
        </Group>
        <Text size="sm" c="gray.7">
          {t('calendar.lead', { cabin: t(`cabins.${query.cabin}`) })}
        </Text>
        {failed && <Text c="red.8">{t('calendar.failed')}</Text>}
        <SimpleGrid cols={7} spacing={4} verticalSpacing={4}>
          {weekdayNames(language).map((name) => (
            <Text key={name} size="xs" ta="center" c="gray.7" fw={600}>
              {name}
            </Text>
          ))}
          {Array.from({ length: leading }, (_, index) => (
            <div key={`blank-${index}`} />
          ))}
          {dates.map((date) => {
            const day = byDate.get(date);
            const cheapest =
              day?.miles !== null && day?.miles !== undefined && day.miles === lowest;
            // Read out as "3 February, from 70,000 miles", not as the date's digits.
            const spoken = dayLabel(date, language, {
              weekday: 'long',
              month: 'long',
              day: 'numeric',
            });
            const label = day?.miles
              ? t('calendar.dayPrice', { date: spoken, miles: formatNumber(day.miles, language) })
              : t('calendar.dayNone', { date: spoken });
            const isSelected =
              selected !== undefined && date >= selected.from && date <= selected.to;
            return (
              <UnstyledButton
                key={date}
                onClick={() => day?.miles && onPickDay?.(date)}
                disabled={!day?.miles || !onPickDay}
                aria-label={label}
                aria-pressed={onPickDay ? isSelected : undefined}
                data-testid="calendar-day"
                data-date={date}
                data-miles={day?.miles ?? ''}
                style={{
                  border: isSelected
                    ? '2px solid var(--mantine-color-blue-7)'
                    : '1px solid var(--mantine-color-gray-3)',
                  borderRadius: 6,
                  padding: '4px 2px',
                  minHeight: 52,
                  textAlign: 'center',
                  background: cheapest
                    ? 'var(--mantine-color-green-0)'
                    : day?.miles
                      ? 'white'
                      : 'var(--mantine-color-gray-0)',
                }}
              >
                <Text size="xs" fw={600}>
                  {Number(date.slice(8))}
                </Text>
                {!answer && !failed ? (
                  <Loader size={10} />
                ) : (
                  <Text
                    size="xs"
                    c={cheapest ? undefined : day?.miles ? 'blue.9' : 'gray.7'}
                    style={cheapest ? { color: '#1b5e20' } : undefined}
                    fw={cheapest ? 700 : 400}
                  >
                    {day?.miles
                      ? `${formatNumber(Math.round(day.miles / 100) / 10, language)}k`
                      : '–'}
                  </Text>
                )}
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
        <Text size="xs" c="gray.7">
          {t('calendar.note')}
        </Text>
      </Stack>
    </Box>
  );
}
