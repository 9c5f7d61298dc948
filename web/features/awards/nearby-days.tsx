import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { monthsAround, nearbyAwardDays, NEARBY_DAYS } from '../../../core/awards/calendar-days.ts';
import { MAX_STOPS, type AwardQuery, type CalendarDay } from '../../../core/awards/search.ts';
import { useAppState } from '../../lib/app-context.tsx';
import { useTranslation } from '../../lib/translation.tsx';
import { localToday } from '../../lib/use-today.ts';
import { awardsApi, placeLanguage } from './awards-api.ts';
import { dayLabel, formatNumber } from './format.ts';

/**
 * The way on from 'no award on the date': the days around the searched ones that have award
 * seats, from the route's calendar (availability already held, so it costs no search days),
 * each a button that searches that day. On a phone the calendar is folded, so these are the
 * member's first way on.
 */
export function NearbyDays({
  query,
  onPickDay,
  picking,
}: {
  query: AwardQuery;
  onPickDay: (date: string) => void;
  picking: string | null;
}) {
  const { t } = useTranslation('awards');
  const { language } = useAppState();
  const [days, setDays] = useState<CalendarDay[] | null>(null);
  const [failed, setFailed] = useState(false);
  const { origin, destination, cabin, seats, stops, alliance } = query;
  const { from, to } = query.dates;

  useEffect(() => {
    let live = true;
    setDays(null);
    setFailed(false);
    const today = localToday();
    const asked = {
      origin,
      destination,
      cabin,
      seats,
      stops: MAX_STOPS[stops],
      ...(alliance ? { alliance } : {}),
    };
    Promise.all(
      monthsAround({ from, to }, today).map((month) =>
        awardsApi.calendar({ ...asked, month }, placeLanguage(language)),
      ),
    )
      .then(
        (answers) =>
          live &&
          setDays(
            nearbyAwardDays(
              answers.flatMap((answer) => answer.days),
              { from, to },
              today,
            ),
          ),
      )
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [origin, destination, cabin, seats, stops, alliance, from, to, language]);

  if (failed) return <Text c="red.8">{t('calendar.failed')}</Text>;
  if (days === null) return <Loader size="sm" aria-label={t('states.nearbyLoading')} />;
  if (days.length === 0)
    return (
      <Text size="sm" data-testid="nearby-none">
        {t('states.nearbyNone', { days: NEARBY_DAYS })}
      </Text>
    );
  return (
    <Stack gap={6} data-testid="nearby-days">
      <Text size="sm" fw={600}>
        {t('states.nearbyTitle')}
      </Text>
      <Group gap="xs">
        {days.map((day) => {
          const miles = formatNumber(day.miles as number, language);
          return (
            <Button
              key={day.date}
              variant="white"
              size="compact-sm"
              loading={picking === day.date}
              disabled={picking !== null && picking !== day.date}
              onClick={() => onPickDay(day.date)}
              aria-label={t('calendar.dayPrice', {
                date: dayLabel(day.date, language, {
                  weekday: 'long',
                  month: 'long',
                  day: 'numeric',
                }),
                miles,
              })}
              data-testid="nearby-day"
              data-date={day.date}
              data-miles={day.miles}
            >
              {t('states.nearbyDay', { date: dayLabel(day.date, language), miles })}
            </Button>
          );
        })}
      </Group>
    </Stack>
  );
}
