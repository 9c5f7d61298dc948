import { LIMITS, type Plan } from '../limits.ts';
import { dayDifference } from './zoned-time.ts';
import type { AwardItinerary, AwardQuery } from './search.ts';

/**
 * Award tracking (docs/product/trackings.md): a watch on a route and dates that the background
 * checks compare from one check to the next, e-mailing the member when seats appear and, with
 * keep-tracking, on every later change. Plain types and pure rules shared by the server and the
 * pages; the request schema is in tracking-contract.ts.
 */

/** Tracking, then notified when an award appears, or expired; keep-tracking goes on to change notified (docs/product/trackings.md#states). */
export type TrackingStatus = 'tracking' | 'notified' | 'change-notified' | 'expired';
export const TRACKING_STATUSES: readonly TrackingStatus[] = [
  'tracking',
  'notified',
  'change-notified',
  'expired',
];

/**
 * Tracking days a plan holds (docs/product/trackings.md#tracking-days): a small sponsor 5, "sponsor
 * more" 10 on top. A member who does not sponsor gets LIMITS.tracking.memberDays, enough to watch
 * one trip of a day or two and see what tracking does (docs/trackings.md).
 */
export function trackingAllowance(plan: Plan): number {
  if (plan === 'sponsor-more')
    return LIMITS.tracking.sponsorDays + LIMITS.tracking.sponsorMoreExtraDays;
  if (plan === 'sponsor') return LIMITS.tracking.sponsorDays;
  return LIMITS.tracking.memberDays;
}

/**
 * "Today" for tracking: the date twelve hours ago in UTC. A departure date is over only once it
 * is over in every time zone an airport keeps (UTC−12 at the latest), so a tracking expires, and
 * a tracked date stops using a tracking day, a few hours late rather than a few hours early.
 */
export function trackingToday(at: Date): string {
  return new Date(at.getTime() - 12 * 3600 * 1000).toISOString().slice(0, 10);
}

/** Whether the background checks still look at a tracking (and so whether it holds tracking days). */
export function isWatching(status: TrackingStatus, keepTracking: boolean): boolean {
  return (
    status === 'tracking' ||
    (keepTracking && (status === 'notified' || status === 'change-notified'))
  );
}

/**
 * The tracking days a tracking uses on `today` (YYYY-MM-DD): one per tracked date not yet past.
 * A watch that no longer runs uses none.
 */
export function trackingDaysUsed(
  dates: AwardQuery['dates'],
  today: string,
  watching = true,
): number {
  if (!watching) return 0;
  const first = dayDifference(today, dates.from) > 0 ? dates.from : today;
  return Math.max(0, dayDifference(first, dates.to) + 1);
}

/** A flight the tracking matches, and the programmes that can book it (its awards). */
export interface MatchedFlight {
  /** The itinerary's stable key (its legs' flight numbers, dates and cabins). */
  id: string;
  seats: number;
  programmes: string[];
}

/** Increases and decreases since the last check (docs/product/trackings.md#what-a-tracking-holds). */
export interface TrackingDiff {
  flightsAdded: number;
  flightsRemoved: number;
  awardsAdded: number;
  awardsRemoved: number;
}

export const NO_CHANGE: TrackingDiff = {
  flightsAdded: 0,
  flightsRemoved: 0,
  awardsAdded: 0,
  awardsRemoved: 0,
};

/** The matched flights of a check, in a stable order (so equal matches compare and digest equal). */
export function matchOf(itineraries: readonly AwardItinerary[]): MatchedFlight[] {
  return itineraries
    .map((itinerary) => ({
      id: itinerary.id,
      seats: itinerary.seats,
      programmes: [...new Set(itinerary.redeemOptions.map((option) => option.programme))].sort(),
    }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * What changed between two checks. A flight counts when it appears or disappears; an award is
 * a (flight, programme) pair. Seat counts going up or down on a flight that still matches are
 * not a change: the simulated and real sources move them by the hour, and an e-mail for each
 * would bury the ones that matter (a flight opening or closing).
 */
export function diffMatches(
  before: readonly MatchedFlight[],
  after: readonly MatchedFlight[],
): TrackingDiff {
  const old = new Map(before.map((flight) => [flight.id, flight]));
  const now = new Map(after.map((flight) => [flight.id, flight]));
  const diff = { ...NO_CHANGE };
  for (const [id, flight] of now) {
    const previous = old.get(id);
    if (!previous) {
      diff.flightsAdded += 1;
      diff.awardsAdded += flight.programmes.length;
      continue;
    }
    const had = new Set(previous.programmes);
    const has = new Set(flight.programmes);
    for (const programme of has) if (!had.has(programme)) diff.awardsAdded += 1;
    for (const programme of had) if (!has.has(programme)) diff.awardsRemoved += 1;
  }
  for (const [id, flight] of old) {
    if (now.has(id)) continue;
    diff.flightsRemoved += 1;
    diff.awardsRemoved += flight.programmes.length;
  }
  return diff;
}

export function isChange(diff: TrackingDiff): boolean {
  return diff.flightsAdded + diff.flightsRemoved + diff.awardsAdded + diff.awardsRemoved > 0;
}

/** The number of awards (flight, programme pairs) in a match. */
export function awardCount(match: readonly MatchedFlight[]): number {
  return match.reduce((sum, flight) => sum + flight.programmes.length, 0);
}

/**
 * The state after a check (docs/product/trackings.md#states). The first check takes the baseline:
 * the member has just seen those seats, so nothing is sent. While tracking, a flight appearing
 * notifies (→ notified); a flight going away is only recorded. After a notification, keep-tracking
 * notifies on every change (→ change notified); without it the watch is over.
 */
export function afterCheck(
  current: { status: TrackingStatus; keepTracking: boolean; hasBaseline: boolean },
  diff: TrackingDiff,
): { status: TrackingStatus; notify: boolean } {
  if (!current.hasBaseline) return { status: current.status, notify: false };
  if (current.status === 'tracking')
    return diff.flightsAdded > 0
      ? { status: 'notified', notify: true }
      : { status: 'tracking', notify: false };
  if (
    current.keepTracking &&
    (current.status === 'notified' || current.status === 'change-notified') &&
    isChange(diff)
  )
    return { status: 'change-notified', notify: true };
  return { status: current.status, notify: false };
}

/** A tracking as its owner sees it in the list and on its page. */
export interface TrackingView {
  id: string;
  query: AwardQuery;
  keepTracking: boolean;
  status: TrackingStatus;
  /** Tracking days it holds now (0 once it no longer watches). */
  days: number;
  matchedFlights: number;
  matchedAwards: number;
  /** Since the check before the last one. */
  changes: TrackingDiff;
  /** The best matched flights of the last check (at most TRACKING_PREVIEW_FLIGHTS). */
  flights: AwardItinerary[];
  lastCheckedAt: string | null;
  /** Why the last check could not compare (a source was down): the previous match stands. */
  lastCheckProblem: 'source-unavailable' | null;
  notifiedAt: string | null;
  createdAt: string;
}

/** The member's tracking days: the plan's allowance, what the watching trackings use, what is left. */
export interface TrackingAllowance {
  plan: Plan;
  days: number;
  used: number;
  remaining: number;
}

/** Matched flights shown on a tracking's page and in its e-mail (the first ones of the engine's order: best, then cheapest). */
export const TRACKING_PREVIEW_FLIGHTS = 10;
/** Matched flights compared from one check to the next; beyond this the engine's order decides which count. */
export const TRACKING_MATCH_LIMIT = 300;
