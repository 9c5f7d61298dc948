import { parentPort, workerData } from 'node:worker_threads';
import { AwardQueryError, type AwardQueryErrorCode } from '../../../core/awards/engine.ts';
import type { AwardInventory } from '../../../core/awards/inventory.ts';
import {
  MAX_SEARCH_DAYS,
  cheapestOption,
  type AwardItinerary,
  type CalendarDay,
  type AwardQuery,
  type SearchAlliance,
} from '../../../core/awards/search.ts';
import { refreshSimulatedSeats } from '../../../core/awards/simulated-inventory.ts';
import { dateOfEpochDay, epochDay } from '../../../core/awards/zone-clock.ts';
import { createSimulatedEngine, type SimulatedEngine } from './reference-inventory.ts';

/**
 * The simulated source's worker thread (SimulatedSource owns it). It builds the in-memory
 * inventory once and answers searches one message at a time. A search over the full inventory
 * is up to a few hundred milliseconds of synchronous work; here it blocks only this thread, never the
 * server's event loop.
 *
 * The message types below are the whole protocol; simulated-source.ts imports them as types only.
 */

export interface EngineWorkerData {
  seed: number;
  /** The clock at start: the inventory holds flight-days from this UTC date, seats drawn at this hour. */
  nowMs: number;
  /** How many dates the inventory holds; the booking horizon when absent. */
  days?: number;
  /** A small inventory for tests: only routes with both ends in `airports`. */
  small?: boolean;
  airports?: string[];
}

export type EngineWorkerRequest =
  | {
      id: number;
      type: 'search';
      query: AwardQuery;
      alliance: SearchAlliance;
      nowMs: number;
      limit?: number;
      fresh?: boolean;
    }
  /** The lowest miles per day of `query.dates` (up to a month), from the seats held: no refresh. */
  | { id: number; type: 'calendar'; query: AwardQuery; nowMs: number }
  | { id: number; type: 'stats' }
  /** The caller stopped waiting for search `id`: skip it if it has not started. */
  | { id: number; type: 'cancel' };

export type EngineWorkerErrorCode = AwardQueryErrorCode | 'engine-error';

export type EngineWorkerReply =
  | { type: 'ready'; flightDays: number; buildMs: number }
  | { id: number; ok: true; itineraries: AwardItinerary[]; found: number }
  | { id: number; ok: true; days: CalendarDay[] }
  | { id: number; ok: true; flightDays: number; bytes: number }
  | { id: number; ok: false; code: EngineWorkerErrorCode; message: string };

/** Seats seen less than this long ago are served as they are; older ones are looked at again. */
const MAX_AGE_MINUTES = 15;
const DAY_MINUTES = 1440;

function build(data: EngineWorkerData): SimulatedEngine {
  return createSimulatedEngine(new Date(data.nowMs), data.seed, {
    ...(data.small ? { airports: new Set(data.airports ?? []) } : {}),
    ...(data.days === undefined ? {} : { days: data.days }),
  });
}

/**
 * The inventory is the availability store: `seats` with `fetchedAt` per flight-day. Before a
 * search, the flight-days it can touch are looked at again as a real source would be asked:
 * seats redrawn at the current hour and stamped, at most once per MAX_AGE_MINUTES, so repeated
 * searches within a quarter-hour see the same seats and the same "fetched at" time.
 *
 * The window runs from the day before the first date (an origin east of UTC starts its local day
 * the UTC day before) to three days after the last (connections up to 24 hours each, long-haul
 * legs, zones west of UTC). Only this alliance's airlines and airlines outside every alliance
 * (the partners its programmes book) are refreshed: the other alliances are asked separately.
 */
function refreshForQuery(
  inventory: AwardInventory,
  seed: number,
  query: AwardQuery,
  alliance: SearchAlliance,
  now: Date,
  fresh: boolean,
): void {
  const first = epochDay(query.dates.from);
  const last = epochDay(query.dates.to);
  // A range the engine will refuse is not refreshed (NaN bounds would select every flight-day).
  if (
    !Number.isFinite(first) ||
    !Number.isFinite(last) ||
    last < first ||
    last - first + 1 > MAX_SEARCH_DAYS
  )
    return;
  refreshSimulatedSeats(inventory, {
    seed,
    now,
    alliances: [alliance, null],
    window: { from: (first - 1) * DAY_MINUTES, to: (last + 3) * DAY_MINUTES },
    // A live scan looks at everything again now.
    maxAgeMinutes: fresh ? 0 : MAX_AGE_MINUTES,
  });
}

/** A refused query keeps its code across the thread; anything else is the engine's own failure. */
function failure(id: number, error: unknown): EngineWorkerReply {
  if (error instanceof AwardQueryError)
    return { id, ok: false, code: error.code, message: error.message };
  return {
    id,
    ok: false,
    code: 'engine-error',
    message: error instanceof Error ? error.message : String(error),
  };
}

function search(
  { inventory, engine }: SimulatedEngine,
  seed: number,
  request: Extract<EngineWorkerRequest, { type: 'search' }>,
): EngineWorkerReply {
  const { id, query, alliance } = request;
  // Asked for one alliance, the orchestrator only calls that one; answer others empty all the same.
  if (query.alliance !== null && query.alliance !== alliance)
    return { id, ok: true, itineraries: [], found: 0 };
  const now = new Date(request.nowMs);
  try {
    refreshForQuery(inventory, seed, query, alliance, now, request.fresh ?? false);
    const { itineraries, found } = engine.search(
      { ...query, alliance },
      { now, limit: request.limit },
    );
    return { id, ok: true, itineraries, found };
  } catch (error) {
    return failure(id, error);
  }
}

/** Enough to see every itinerary of a day, so the day's lowest price is never cut off. */
const CALENDAR_DAY_LIMIT = 100_000;

function calendar(
  { engine }: SimulatedEngine,
  request: Extract<EngineWorkerRequest, { type: 'calendar' }>,
): EngineWorkerReply {
  const { id, query } = request;
  const now = new Date(request.nowMs);
  try {
    const days: CalendarDay[] = [];
    for (let day = epochDay(query.dates.from); day <= epochDay(query.dates.to); day += 1) {
      const date = dateOfEpochDay(day);
      const { itineraries } = engine.search(
        { ...query, dates: { from: date, to: date } },
        { now, limit: CALENDAR_DAY_LIMIT },
      );
      const cheapest = cheapestOption(itineraries);
      days.push({
        date,
        miles: cheapest?.option.miles ?? null,
        programme: cheapest?.option.programme ?? null,
      });
    }
    return { id, ok: true, days };
  } catch (error) {
    return failure(id, error);
  }
}

function main(): void {
  const port = parentPort;
  if (!port) throw new Error('engine-worker.ts runs as a worker thread');
  const data = workerData as EngineWorkerData;
  const started = performance.now();
  const simulated = build(data);
  const ready: EngineWorkerReply = {
    type: 'ready',
    flightDays: simulated.inventory.flightDays,
    buildMs: Math.round(performance.now() - started),
  };
  port.postMessage(ready);

  // Messages are queued and handled from a setImmediate, one per turn: the port delivers what
  // arrived during a long search before the check phase, so a cancel sent meanwhile removes the
  // search it names before it starts, and a backlog of abandoned searches is not worked through.
  const queue: EngineWorkerRequest[] = [];
  let scheduled = false;
  const schedule = () => {
    if (scheduled || queue.length === 0) return;
    scheduled = true;
    setImmediate(drain);
  };
  const drain = () => {
    scheduled = false;
    const request = queue.shift();
    if (request?.type === 'stats') {
      port.postMessage({
        id: request.id,
        ok: true,
        flightDays: simulated.inventory.flightDays,
        bytes: simulated.inventory.byteSize(),
      } satisfies EngineWorkerReply);
    } else if (request?.type === 'search') {
      port.postMessage(search(simulated, data.seed, request) satisfies EngineWorkerReply);
    } else if (request?.type === 'calendar') {
      port.postMessage(calendar(simulated, request) satisfies EngineWorkerReply);
    }
    schedule();
  };
  port.on('message', (request: EngineWorkerRequest) => {
    if (request.type === 'cancel') {
      // A search already started or answered cannot be taken back; its late answer is ignored.
      const index = queue.findIndex((item) => item.type !== 'stats' && item.id === request.id);
      if (index >= 0) queue.splice(index, 1);
      return;
    }
    queue.push(request);
    schedule();
  });
}

main();
