import { z } from 'zod';
import { dayDifference } from './zoned-time.ts';
import { isCalendarMonthInRange } from './calendar-days.ts';
import { CalendarDaySchema, CalendarMonthSchema } from '../date-schemas.ts';
import { isCalendarDay } from '../dated.ts';

export { isCalendarMonthInRange };
import {
  BOOKING_HORIZON_DAYS,
  CABINS,
  datesOfMonth,
  openAwardQuery,
  SEARCH_ALLIANCES,
  SEAT_CHOICES,
  type AwardQuery,
  type Cabin,
  type StopsChoice,
  type TimeOfDay,
} from './search.ts';

/**
 * The request of `POST /api/awards/searches` (fixed so outside checks can call it), and
 * its translation into the engine's query. Field problems name the field, so the form can show
 * the message beside it.
 */

const code = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'an airport or city code of three letters');
const date = CalendarDaySchema;
const TIMES_OF_DAY = [
  'early-morning',
  'morning',
  'afternoon',
  'night',
] as const satisfies readonly TimeOfDay[];

/** The fields of an award query as the search panel and the tracking form send them. */
export const AwardRequestFields = z.object({
  origin: code,
  destination: code,
  startDate: date,
  endDate: date,
  cabin: z.enum(CABINS as [Cabin, ...Cabin[]]),
  seats: z.number().int().min(1).max(9).default(1),
  /** The most stops: 0, 1 or 2 (two or more). */
  stops: z.number().int().min(0).max(2).default(2),
  alliance: z.enum(SEARCH_ALLIANCES as [string, ...string[]]).nullish(),
  airlines: z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z0-9]{2}$/, 'airline codes of two characters'),
    )
    .max(20)
    .default([]),
  flightNumber: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2}\d{1,4}$/, 'a flight number such as BR12')
    .nullish(),
  timeOfDay: z.array(z.enum(TIMES_OF_DAY)).max(4).default([]),
  mixedCabin: z.boolean().default(false),
  minCabinPercent: z.number().int().min(0).max(100).default(0),
});
export type AwardRequest = z.infer<typeof AwardRequestFields>;

/** The checks across fields, named by field so the form can show each beside it. */
export function checkAwardRequest(value: AwardRequest, context: z.RefinementCtx): void {
  if (value.origin === value.destination)
    context.addIssue({
      code: 'custom',
      path: ['destination'],
      message: 'different from the origin',
    });
  if (
    isCalendarDay(value.startDate) &&
    isCalendarDay(value.endDate) &&
    dayDifference(value.startDate, value.endDate) < 0
  ) {
    context.addIssue({ code: 'custom', path: ['endDate'], message: 'on or after the start date' });
  }
  // Seat counts come in tiers by cabin (core/awards/search.ts); the top choice means "or more".
  const choices = SEAT_CHOICES[value.cabin];
  if (!choices.includes(value.seats) && value.seats < (choices[choices.length - 1] as number)) {
    context.addIssue({ code: 'custom', path: ['seats'], message: `one of ${choices.join(', ')}+` });
  }
}

export const CreateAwardSearchSchema = AwardRequestFields.extend({
  /**
   * A live scan (the closed-beta scraping tool, /awardplus/scraping): every flight-day is looked
   * at again now instead of served from availability up to 15 minutes old.
   */
  live: z.boolean().default(false),
}).superRefine(checkAwardRequest);
export type CreateAwardSearch = z.infer<typeof CreateAwardSearchSchema>;

const STOPS: Record<number, StopsChoice> = { 0: 'direct', 1: 'one', 2: 'two' };

/** The number of days a search covers (what the monthly quota counts). */
export function searchDays(request: Pick<AwardRequest, 'startDate' | 'endDate'>): number {
  return dayDifference(request.startDate, request.endDate) + 1;
}

/** "4+" asked as 7 means at least the top choice of the cabin's tier. */
function seatsAsked(cabin: Cabin, seats: number): number {
  const choices = SEAT_CHOICES[cabin];
  return Math.min(seats, choices[choices.length - 1] as number);
}

export function toAwardQuery(request: AwardRequest): AwardQuery {
  return {
    origin: request.origin,
    destination: request.destination,
    dates: { from: request.startDate, to: request.endDate },
    cabin: request.cabin,
    seats: seatsAsked(request.cabin, request.seats),
    airlines: request.airlines,
    flightNumber: request.flightNumber ?? null,
    stops: STOPS[request.stops] ?? 'two',
    timesOfDay: request.timeOfDay,
    mixedCabin: {
      allowed: request.mixedCabin,
      minPercent: request.mixedCabin ? request.minCabinPercent : 100,
    },
    alliance: (request.alliance as AwardQuery['alliance']) ?? null,
  };
}

/**
 * The flexible-date award calendar (docs/product/award-search.md#award-calendar): the lowest miles
 * per day of one month for a route and cabin, from the availability already held (a calendar is a
 * view, not a scan: it charges no search days).
 */
export const AwardCalendarQuerySchema = z.object({
  origin: code,
  destination: code,
  month: CalendarMonthSchema,
  cabin: z.enum(CABINS as [Cabin, ...Cabin[]]),
  seats: z.coerce.number().int().min(1).max(9).default(1),
  stops: z.coerce.number().int().min(0).max(2).default(2),
  alliance: z.enum(SEARCH_ALLIANCES as [string, ...string[]]).optional(),
});
export type AwardCalendarQuery = z.infer<typeof AwardCalendarQuerySchema>;

/** Whether a search's last day is within the booking horizon of `today` (a day's grace for time zones). */
export function isWithinHorizon(endDate: string, today: string): boolean {
  return dayDifference(today, endDate) <= BOOKING_HORIZON_DAYS + 1;
}

/** The engine's query for one calendar month (every filter the calendar does not offer is open). */
export function calendarAwardQuery(request: AwardCalendarQuery): AwardQuery {
  const dates = datesOfMonth(request.month);
  return openAwardQuery({
    origin: request.origin,
    destination: request.destination,
    dates: { from: dates[0] as string, to: dates[dates.length - 1] as string },
    cabin: request.cabin,
    seats: seatsAsked(request.cabin, request.seats),
    stops: STOPS[request.stops] ?? 'two',
    alliance: (request.alliance as AwardQuery['alliance']) ?? null,
  });
}
