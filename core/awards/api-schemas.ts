import { z } from 'zod';
import type { Plan } from '../limits.ts';
import type { Place } from './places.ts';
import {
  CABINS,
  type AwardItinerary,
  type AwardLeg,
  type AwardNames,
  type AwardQuery,
  type AwardSample,
  type AwardSearchEvent,
  type AwardSearchView,
  type Cabin,
  type CalendarDay,
  type RedeemOption,
  type SearchAlliance,
  type SearchNotice,
} from './search.ts';
import {
  TRACKING_STATUSES,
  type TrackingAllowance,
  type TrackingDiff,
  type TrackingStatus,
  type TrackingView,
} from './tracking.ts';

/**
 * What the award search and tracking API answers (issues 5 and 6), as zod schemas of the types in
 * search.ts and tracking.ts: the routes declare them, the serializer holds every answer to them
 * and the OpenAPI document describes them. Each is checked against its type at compile time.
 */

export const PlanSchema = z.enum(['member', 'sponsor', 'sponsor-more']) satisfies z.ZodType<Plan>;
export const CabinSchema = z.enum(CABINS as [Cabin, ...Cabin[]]);
export const SearchAllianceSchema = z.enum([
  'star',
  'oneworld',
  'skyteam',
]) satisfies z.ZodType<SearchAlliance>;

export const PlaceSchema = z.object({
  code: z.string(),
  kind: z.enum(['metro', 'airport']),
  name: z.string(),
  city: z.string(),
  asciiCity: z.string(),
  country: z.string(),
  airports: z.array(z.string()),
}) satisfies z.ZodType<Place>;

export const AwardQuerySchema = z.object({
  origin: z.string(),
  destination: z.string(),
  dates: z.object({ from: z.string(), to: z.string() }),
  cabin: CabinSchema,
  seats: z.number().int(),
  airlines: z.array(z.string()),
  flightNumber: z.string().nullable(),
  stops: z.enum(['direct', 'one', 'two']),
  timesOfDay: z.array(z.enum(['early-morning', 'morning', 'afternoon', 'night'])),
  mixedCabin: z.object({ allowed: z.boolean(), minPercent: z.number() }),
  alliance: SearchAllianceSchema.nullable(),
}) satisfies z.ZodType<AwardQuery>;

export const AwardLegSchema = z.object({
  flightNumber: z.string(),
  airline: z.string(),
  from: z.string(),
  to: z.string(),
  departure: z.string().describe('Local time with its UTC offset, e.g. 2026-12-01T23:55+08:00'),
  arrival: z.string(),
  cabin: CabinSchema,
  seats: z.number().int(),
  miles: z.number(),
}) satisfies z.ZodType<AwardLeg>;

export const RedeemOptionSchema = z.object({
  programme: z.string(),
  miles: z.number(),
  feesUsd: z.number(),
  halfOfRoundTrip: z.boolean(),
  estimate: z
    .boolean()
    .describe(
      'The programme prices these flights dynamically: miles is its usual lowest level, an estimate',
    ),
  centsPerPoint: z.number(),
}) satisfies z.ZodType<RedeemOption>;

export const AwardItinerarySchema = z.object({
  id: z.string(),
  departure: z.string(),
  arrival: z.string(),
  arrivalDayOffset: z.number().int(),
  durationMinutes: z.number(),
  stops: z.number().int(),
  airlines: z.array(z.string()),
  cabin: CabinSchema,
  seats: z.number().int(),
  mixedCabinPercent: z.number(),
  legs: z.array(AwardLegSchema),
  redeemOptions: z.array(RedeemOptionSchema),
  cashUsd: z.number(),
  best: z.boolean(),
  source: z.object({
    id: z.enum(['simulated', 'seats.aero']),
    simulated: z.boolean(),
    fetchedAt: z.string(),
  }),
}) satisfies z.ZodType<AwardItinerary>;

export const AwardSampleSchema = z.object({
  region: z.enum(['us', 'tw']),
  origin: z.string(),
  destination: z.string(),
  cabin: CabinSchema,
  date: z.string(),
  itinerary: AwardItinerarySchema,
  option: RedeemOptionSchema,
}) satisfies z.ZodType<AwardSample>;

export const AwardNamesSchema = z
  .object({
    places: z.record(z.string(), z.object({ city: z.string(), name: z.string() })),
    airlines: z.record(z.string(), z.string()),
    programmes: z.record(z.string(), z.string()),
  })
  .describe(
    'Display names, in the language asked for, of the codes the answer mentions',
  ) satisfies z.ZodType<AwardNames>;

export const CalendarDaySchema = z.object({
  date: z.string(),
  miles: z.number().nullable(),
  programme: z.string().nullable(),
}) satisfies z.ZodType<CalendarDay>;

export const SearchNoticeSchema = z.discriminatedUnion('code', [
  z.object({ code: z.literal('alliance-down'), alliance: SearchAllianceSchema }),
  z.object({ code: z.literal('alliance-maintenance'), alliance: SearchAllianceSchema }),
  z.object({ code: z.literal('truncated'), shown: z.number().int(), found: z.number().int() }),
]) satisfies z.ZodType<SearchNotice>;

export const AwardSearchViewSchema = z.object({
  id: z.string(),
  status: z.enum(['searching', 'done', 'failed']),
  error: z.string().nullable().describe('The error name when the search failed'),
  query: AwardQuerySchema,
  results: z.array(AwardItinerarySchema),
  notices: z.array(SearchNoticeSchema),
  alliances: z.array(SearchAllianceSchema),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
}) satisfies z.ZodType<AwardSearchView>;

/** One event of the search's stream (text/event-stream: `event: <type>` and `data: <this as JSON>`). */
export const AwardSearchEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('scanning'), alliance: SearchAllianceSchema }),
  z.object({
    type: z.literal('alliance-done'),
    alliance: SearchAllianceSchema,
    found: z.number().int(),
  }),
  z.object({ type: z.literal('alliance-down'), alliance: SearchAllianceSchema }),
  z.object({
    type: z.literal('done'),
    status: z.enum(['done', 'failed']),
    error: z.string().optional(),
  }),
]) satisfies z.ZodType<AwardSearchEvent>;

export const TrackingDiffSchema = z.object({
  flightsAdded: z.number().int(),
  flightsRemoved: z.number().int(),
  awardsAdded: z.number().int(),
  awardsRemoved: z.number().int(),
}) satisfies z.ZodType<TrackingDiff>;

export const TrackingViewSchema = z.object({
  id: z.string(),
  query: AwardQuerySchema,
  keepTracking: z.boolean(),
  status: z.enum(TRACKING_STATUSES as [TrackingStatus, ...TrackingStatus[]]),
  days: z.number().int(),
  matchedFlights: z.number().int(),
  matchedAwards: z.number().int(),
  changes: TrackingDiffSchema,
  flights: z.array(AwardItinerarySchema),
  lastCheckedAt: z.string().nullable(),
  lastCheckProblem: z.literal('source-unavailable').nullable(),
  notifiedAt: z.string().nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<TrackingView>;

export const TrackingAllowanceSchema = z.object({
  plan: PlanSchema,
  days: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
}) satisfies z.ZodType<TrackingAllowance>;
