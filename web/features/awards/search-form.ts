import type { CreateAwardSearch } from '../../../core/awards/search-contract.ts';
import type { CreateTracking } from '../../../core/awards/tracking-contract.ts';
import {
  MAX_STOPS,
  SEAT_CHOICES,
  type AwardQuery,
  type Cabin,
  type SearchAlliance,
  type TimeOfDay,
} from '../../../core/awards/search.ts';
import { dateOfEpochDay, epochDay } from '../../../core/awards/zone-clock.ts';
import { dayDifference } from '../../../core/awards/zoned-time.ts';
import { LIMITS } from '../../../core/limits.ts';
import { readCookie, writeCookie } from '../../lib/cookies.ts';
import { cityOf, saveOriginCity } from '../../lib/travel-preferences.ts';
import { localToday } from '../../lib/use-today.ts';
import type { PlaceChoice } from '../../lib/places.ts';

/**
 * What the panel 'Search for one-way award tickets' holds, and how it becomes the API's request.
 * The last search is remembered in a cookie for a year
 * (docs/product/README.md#what-the-site-remembers), as is the origin city.
 */

/** A chosen place: enough to show it again and to search it. */
export type { PlaceChoice };

export interface SearchForm {
  origin: PlaceChoice | null;
  destination: PlaceChoice | null;
  dateMode: 'single' | 'range';
  startDate: string;
  endDate: string;
  cabin: Cabin;
  seats: number;
  /** The most stops: 0 direct, 1 one stop, 2 two or more. */
  stops: 0 | 1 | 2;
  airlines: string[];
  flightNumber: string;
  timeOfDay: TimeOfDay[];
  mixedCabin: boolean;
  minCabinPercent: number;
  alliance: SearchAlliance | null;
}

export const LAST_SEARCH_COOKIE = 'award_last_search';
/** A mixed-cabin itinerary flies at least half its distance in the cabin asked, unless the member says otherwise. */
export const DEFAULT_MIN_CABIN_PERCENT = 50;

/** Today in the member's own calendar, YYYY-MM-DD. */
export { localToday };

export function addDays(date: string, days: number): string {
  return dateOfEpochDay(epochDay(date) + days);
}

export function emptyForm(today = localToday()): SearchForm {
  const start = addDays(today, 14);
  return {
    origin: null,
    destination: null,
    dateMode: 'single',
    startDate: start,
    endDate: start,
    cabin: 'business',
    seats: 1,
    stops: 1,
    airlines: [],
    flightNumber: '',
    timeOfDay: [],
    mixedCabin: false,
    minCabinPercent: DEFAULT_MIN_CABIN_PERCENT,
    alliance: null,
  };
}

/** Field problems the panel shows before asking the server: field → translation key. */
export type FormProblems = Partial<
  Record<'origin' | 'destination' | 'startDate' | 'endDate' | 'flightNumber' | 'airlines', string>
>;
type ProblemField = keyof FormProblems;

/** The key of the message beside a field, for a problem the API's own rules found there. */
function problemKey(field: ProblemField, acrossFields: boolean): string {
  if (field === 'destination')
    return acrossFields ? 'panel.problems.samePlace' : 'panel.problems.destination';
  if (field === 'endDate')
    return acrossFields ? 'panel.problems.endBeforeStart' : 'panel.problems.date';
  if (field === 'startDate') return 'panel.problems.date';
  return `panel.problems.${field}`;
}

const PROBLEM_FIELDS: readonly string[] = [
  'origin',
  'destination',
  'startDate',
  'endDate',
  'flightNumber',
  'airlines',
];

/**
 * What is wrong with the form, before it is sent. The rules of each field are the API's own
 * (`CreateAwardSearchSchema` in core/awards/search-contract.ts, which the server holds the request
 * to), loaded with the first check so the panel's first view carries no validation library. The
 * form adds what depends on the member: a start already past, and the plan's days per search.
 */
export async function checkForm(
  form: SearchForm,
  daysPerSearch: number,
  today = localToday(),
): Promise<FormProblems> {
  const { CreateAwardSearchSchema, searchDays } =
    await import('../../../core/awards/search-contract.ts');
  const request = toRequest(form);
  const problems: FormProblems = {};
  const parsed = CreateAwardSearchSchema.safeParse(request);
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = String(issue.path[0]);
    if (!PROBLEM_FIELDS.includes(field)) continue;
    // A single day is sent as its own range: the end date's problems are the start date's.
    if (field === 'endDate' && form.dateMode === 'single') continue;
    problems[field as ProblemField] ??= problemKey(field as ProblemField, issue.code === 'custom');
  }
  if (!problems.startDate && request.startDate < today) problems.startDate = 'panel.problems.past';
  if (
    form.dateMode === 'range' &&
    !problems.startDate &&
    !problems.endDate &&
    searchDays(request) > daysPerSearch
  )
    problems.endDate = 'panel.problems.tooManyDays';
  return problems;
}

export function toRequest(form: SearchForm, live = false): CreateAwardSearch {
  const endDate = form.dateMode === 'single' ? form.startDate : form.endDate;
  return {
    origin: form.origin?.code ?? '',
    destination: form.destination?.code ?? '',
    startDate: form.startDate,
    endDate,
    cabin: form.cabin,
    seats: form.seats,
    stops: form.stops,
    alliance: form.alliance,
    airlines: form.airlines,
    flightNumber: form.flightNumber.trim() ? form.flightNumber.trim().toUpperCase() : null,
    timeOfDay: form.timeOfDay,
    mixedCabin: form.mixedCabin,
    minCabinPercent: form.mixedCabin ? form.minCabinPercent : 0,
    live,
  };
}

/**
 * The tracking form, filled with a search's query (the member checks it and adds the tracking);
 * with a flight, for that flight on its day, keeping the search's cabin, seats and stops.
 */
export function trackingLink(
  query: AwardQuery,
  searchId: string,
  flight?: { number: string; date: string },
): string {
  const dates = flight ? { from: flight.date, to: flight.date } : query.dates;
  const params = new URLSearchParams({
    from: query.origin,
    to: query.destination,
    date: dates.from,
    end: dates.to,
    cabin: query.cabin,
    seats: String(query.seats),
    stops: String(MAX_STOPS[query.stops]),
    search: searchId,
  });
  if (flight) params.set('flight', flight.number);
  return `/awardplus/scraping/alert?${params}`;
}

/** The same search on other dates: a calendar day picked beside the results. */
export function requestOfQuery(
  query: AwardQuery,
  dates: { from: string; to: string },
  live = false,
): CreateAwardSearch {
  return {
    origin: query.origin,
    destination: query.destination,
    startDate: dates.from,
    endDate: dates.to,
    cabin: query.cabin,
    seats: query.seats,
    stops: MAX_STOPS[query.stops],
    alliance: query.alliance,
    airlines: query.airlines,
    flightNumber: query.flightNumber,
    timeOfDay: query.timesOfDay,
    mixedCabin: query.mixedCabin.allowed,
    minCabinPercent: query.mixedCabin.allowed ? query.mixedCabin.minPercent : 0,
    live,
  };
}

/** The tracking request of the same form (the tracking form is the search panel in tracking mode). */
export function toTrackingRequest(
  form: SearchForm,
  keepTracking: boolean,
  fromSearch: string | null = null,
): CreateTracking {
  const { live: _live, ...query } = toRequest(form);
  return { ...query, keepTracking, fromSearch };
}

/** The seat choices of a cabin, keeping the member's choice when the cabin changes if it still fits. */
export function seatsFor(cabin: Cabin, seats: number): number {
  const choices = SEAT_CHOICES[cabin];
  return choices.includes(seats) ? seats : (choices[0] as number);
}

/** Remembers the search (docs/product/README.md#what-the-site-remembers): the whole form, and the origin as the origin city. */
export function rememberSearch(form: SearchForm): void {
  writeCookie(LAST_SEARCH_COOKIE, JSON.stringify(form), { days: LIMITS.originCityCookieDays });
  if (form.origin) saveOriginCity(cityOf(form.origin));
}

/** The last search, with dates moved forward when they have passed; null when there is none or it is unreadable. */
export function lastSearch(today = localToday()): SearchForm | null {
  const raw = readCookie(LAST_SEARCH_COOKIE);
  if (!raw) return null;
  try {
    const saved = { ...emptyForm(today), ...(JSON.parse(raw) as Partial<SearchForm>) };
    if (!(saved.cabin in SEAT_CHOICES)) return null;
    if (saved.startDate < today) {
      const length = Math.max(0, dayDifference(saved.startDate, saved.endDate));
      saved.startDate = addDays(today, 14);
      saved.endDate = addDays(saved.startDate, length);
    }
    saved.seats = seatsFor(saved.cabin, saved.seats);
    return saved;
  } catch {
    return null;
  }
}
