import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CABINS, SEAT_CHOICES, type Cabin } from '../../../core/awards/search.ts';
import { isCalendarDay } from '../../../core/dated.ts';
import { useAppState } from '../../lib/app-context.tsx';
import { awardsApi, placeLanguage } from './awards-api.ts';
import type { PlaceChoice, SearchForm } from './search-form.ts';

/** The place a code in a link names, looked up in the page's language. */
async function placeOfCode(
  code: string | null,
  language: ReturnType<typeof placeLanguage>,
): Promise<PlaceChoice | null> {
  if (!code || !/^[A-Za-z]{3}$/.test(code)) return null;
  const places = await awardsApi.places(code, language).catch(() => []);
  return places.find((place) => place.code === code.toUpperCase()) ?? null;
}

/**
 * What a link may fill in: `?from=LAX&to=TPE&date=2026-12-21&cabin=business` (the landing's
 * samples, a calendar day), and `end`, `seats`, `stops` and `flight` (a search result, or one of its flights, made a tracking). Null until the places are looked up, so the panel starts once.
 */
export function useLinkedForm(): Partial<SearchForm> | null {
  const [params] = useSearchParams();
  const { language } = useAppState();
  const [initial, setInitial] = useState<Partial<SearchForm> | null>(null);
  const key = params.toString();
  useEffect(() => {
    let live = true;
    const from = params.get('from');
    const to = params.get('to');
    const date = params.get('date');
    const cabin = params.get('cabin');
    const end = params.get('end');
    // Number(null) is 0: only a parameter that is there counts.
    const seats = params.has('seats') ? Number(params.get('seats')) : NaN;
    const stops = params.has('stops') ? Number(params.get('stops')) : NaN;
    const flight = params.get('flight');
    void Promise.all([
      placeOfCode(from, placeLanguage(language)),
      placeOfCode(to, placeLanguage(language)),
    ]).then(([origin, destination]) => {
      if (!live) return;
      const form: Partial<SearchForm> = {};
      if (origin) form.origin = origin;
      if (destination) form.destination = destination;
      if (date && isCalendarDay(date))
        Object.assign(form, { startDate: date, endDate: date, dateMode: 'single' });
      if (cabin && (CABINS as readonly string[]).includes(cabin)) form.cabin = cabin as Cabin;
      if (date && end && isCalendarDay(end) && end > date)
        Object.assign(form, { endDate: end, dateMode: 'range' });
      if (form.cabin && SEAT_CHOICES[form.cabin].includes(seats)) form.seats = seats;
      if (stops === 0 || stops === 1 || stops === 2) form.stops = stops;
      if (flight && /^[A-Za-z0-9]{2}\d{1,4}$/.test(flight))
        form.flightNumber = flight.toUpperCase();
      setInitial(form);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the parameters' text
  }, [key, language]);
  return initial;
}
