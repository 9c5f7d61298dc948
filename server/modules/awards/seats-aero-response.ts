import { z } from 'zod';
import { fromLocal, offsetMinutes, toLocal } from '../../../core/awards/zoned-time.ts';

/**
 * The seats.aero search response (fixtures/seats-aero/README.md), read with zod. The API is
 * third-party and its fields are not versioned, so each record is checked on its own: a malformed
 * availability record or trip is skipped rather than failing the whole search, and optional fields
 * that come malformed fall back to their documented default.
 */

/** Numbers, or numeric strings: MileageCost is a string in availability objects and an int in trips. */
const Numeric = z.union([z.number(), z.string().regex(/\S/).transform(Number).pipe(z.number())]);

const Segment = z.object({
  FlightNumber: z.string().min(1),
  OriginAirport: z.string().min(1),
  DestinationAirport: z.string().min(1),
  DepartsAt: z.string().min(1),
  ArrivesAt: z.string().min(1),
  Distance: Numeric.nullable().catch(null),
  Order: Numeric.nullable().catch(null),
});

const Trip = z.object({
  AvailabilitySegments: z.array(Segment).min(1),
  MileageCost: Numeric.refine((miles) => miles > 0),
  TotalTaxes: Numeric,
  Source: z.string().nullable().catch(null),
  Cabin: z.string().catch(''),
  // Documented as "" for US dollars; a missing field is read the same way.
  TaxesCurrency: z.string().catch(''),
  RemainingSeats: Numeric.catch(0),
  TotalDuration: Numeric.nullable().catch(null),
});

const Availability = z.object({
  ID: z.union([z.string(), z.number().transform(String)]),
  Source: z.string().catch(''),
  ComputedLastSeen: z.string().nullable().catch(null),
  // Trips are read one by one (readTrip), so one bad trip leaves the others.
  AvailabilityTrips: z.array(z.unknown()).catch([]),
});

const SearchPage = z.object({
  data: z.array(z.unknown()),
  cursor: z
    .union([z.number().transform(String), z.string().min(1)])
    .nullable()
    .catch(null),
});

export interface SegmentData {
  flightNumber: string;
  from: string;
  to: string;
  departsAt: string;
  arrivesAt: string;
  distance: number | null;
  order: number;
}

export interface TripData {
  source: string;
  cabin: string;
  mileageCost: number;
  totalTaxesCents: number;
  taxesCurrency: string;
  remainingSeats: number;
  totalDuration: number | null;
  segments: SegmentData[];
}

export interface AvailabilityData {
  id: string;
  source: string;
  computedLastSeen: string | null;
  trips: unknown[];
}

/** One page of GET /search, or null when the body is not one (no data list). */
export function readSearchPage(
  body: unknown,
): { data: unknown[]; nextCursor: string | null } | null {
  const page = SearchPage.safeParse(body);
  return page.success ? { data: page.data.data, nextCursor: page.data.cursor } : null;
}

export function readAvailability(value: unknown): AvailabilityData | null {
  const record = Availability.safeParse(value);
  if (!record.success) return null;
  return {
    id: record.data.ID,
    source: record.data.Source,
    computedLastSeen: record.data.ComputedLastSeen,
    trips: record.data.AvailabilityTrips,
  };
}

export function readTrip(value: unknown, availabilitySource: string): TripData | null {
  const trip = Trip.safeParse(value);
  if (!trip.success) return null;
  const segments = trip.data.AvailabilitySegments.map((segment, index): SegmentData => ({
    flightNumber: normalizeFlightNumber(segment.FlightNumber),
    from: segment.OriginAirport.toUpperCase(),
    to: segment.DestinationAirport.toUpperCase(),
    departsAt: segment.DepartsAt,
    arrivesAt: segment.ArrivesAt,
    distance: segment.Distance !== null && segment.Distance > 0 ? segment.Distance : null,
    order: segment.Order ?? index,
  }));
  return {
    source: trip.data.Source ?? availabilitySource,
    cabin: trip.data.Cabin.toLowerCase(),
    mileageCost: trip.data.MileageCost,
    totalTaxesCents: trip.data.TotalTaxes,
    taxesCurrency: trip.data.TaxesCurrency.trim().toUpperCase(),
    remainingSeats: trip.data.RemainingSeats,
    totalDuration: trip.data.TotalDuration,
    segments: segments.sort((a, b) => a.order - b.order),
  };
}

/** "ua 857" and "UA0857" are the same flight as "UA857". */
export function normalizeFlightNumber(flightNumber: string): string {
  const compact = flightNumber.replace(/\s+/g, '').toUpperCase();
  const match = /^([A-Z0-9]{2})0*(\d+[A-Z]?)$/.exec(compact);
  return match ? `${match[1]}${match[2]}` : compact;
}

// ---------------------------------------------------------------------------------------------
// Times. seats.aero writes airport-local clock readings, sometimes with a misleading "Z"; the
// offset is worked out from the airport's zone at that moment, so DST is right on both ends.

export interface LocalTime {
  /** e.g. 2026-12-01T23:55+08:00 */
  text: string;
  date: string;
  /** Minutes after local midnight. */
  minutes: number;
  instant: number;
}

const LOCAL_READING = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})/;

export function localTime(reading: string, timeZone: string): LocalTime | null {
  const match = LOCAL_READING.exec(reading);
  if (!match) return null;
  const [, date = '', hours = '', minutes = ''] = match;
  const clock = Number(hours) * 60 + Number(minutes);
  if (Number(hours) > 23 || Number(minutes) > 59 || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
    return null;
  const instant = fromLocal(date, clock, timeZone);
  // Re-read the clock at that instant: in a spring-forward gap fromLocal moves past the jump, and
  // the text must name a time that exists with the offset it carries.
  const local = toLocal(instant, timeZone);
  return {
    text: `${local.date}T${hhmm(local.minutes)}${offsetText(offsetMinutes(instant, timeZone))}`,
    date: local.date,
    minutes: local.minutes,
    instant,
  };
}

function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

function offsetText(offset: number): string {
  return `${offset < 0 ? '-' : '+'}${hhmm(Math.abs(offset))}`;
}
