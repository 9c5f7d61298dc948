import { hashString } from './hash.ts';
import {
  AwardInventory,
  CABIN_COUNT,
  cabinFitted,
  type InventoryAirline,
  type InventoryAirport,
} from './inventory.ts';
import type { SearchAlliance } from './search.ts';
import { buildSchedule, type RouteInput } from './simulated-schedule.ts';
import { BOOKING_HORIZON_DAYS, isPeakDate, seatsFromHashes } from './simulated-seats.ts';
import { dateOfEpochDay } from './zone-clock.ts';

/**
 * The simulated availability source's inventory: the timetable from the route data, held for
 * today and the 330 days after, with award seats drawn as the simulated airlines show them at a
 * given hour. Refreshing a window redraws its seats at the new hour and stamps `fetchedAt`, as a
 * real source's fetch would.
 */

/** Carriers that sell economy only (on the simulated timetable, whatever their route). */
const ECONOMY_ONLY = new Set([
  'IT',
  'WN',
  'F9',
  'U2',
  'FR',
  'W6',
  'DY',
  'IX',
  '6E',
  'TR',
  'VJ',
  '5J',
  'AK',
  'D7',
  'FD',
  'Z2',
  'QZ',
  'MM',
  'BX',
  'LJ',
  'TW',
  '7C',
  'UO',
  'JQ',
]);

export interface SimulationInput {
  airports: readonly InventoryAirport[];
  airlines: readonly InventoryAirline[];
  routes: readonly RouteInput[];
}

/** Builds the timetable and lays out a flight-day for each date from `today` to the booking horizon. */
export function buildSimulatedInventory(
  input: SimulationInput,
  today: string,
  days = BOOKING_HORIZON_DAYS + 1,
): AwardInventory {
  const flights = buildSchedule(input.routes, (airline) => !ECONOMY_ONLY.has(airline));
  return new AwardInventory({
    airports: input.airports,
    airlines: input.airlines,
    flights,
    firstDate: today,
    days,
  });
}

export interface RefreshOptions {
  seed: number;
  now: Date;
  /** Only these alliances' airlines (null stands for airlines outside every alliance); all when absent. */
  alliances?: readonly (SearchAlliance | null)[];
  /** Only flight-days departing in [from, to), minutes since the epoch; all when absent. */
  window?: { from: number; to: number };
  /** Skip flight-days seen less than this many minutes ago. */
  maxAgeMinutes?: number;
}

const flightHashes = new WeakMap<AwardInventory, Uint32Array>();

/**
 * Flight-days by UTC departure day (a counting sort, built once per inventory): a refresh of a
 * few days' window looks at those days' flight-days only, not at all 6.8 million. Tracking checks
 * refresh thousands of small windows a cycle, so this is what makes a cycle cheap.
 */
interface DepartureIndex {
  firstDay: number;
  /** Flight-days departing on firstDay + d are order[offsets[d]] … order[offsets[d + 1] - 1]. */
  offsets: Uint32Array;
  order: Uint32Array;
  /**
   * Per set of alliances refreshed, the minute each whole UTC day was last refreshed: a day seen
   * within maxAgeMinutes is skipped without looking at its flight-days one by one.
   */
  refreshedDays: Map<string, Float64Array>;
}
const departureIndexes = new WeakMap<AwardInventory, DepartureIndex>();

function departureIndex(inventory: AwardInventory): DepartureIndex {
  const known = departureIndexes.get(inventory);
  if (known) return known;
  const total = inventory.flightDays;
  let firstDay = Number.MAX_SAFE_INTEGER;
  let lastDay = 0;
  for (let day = 0; day < total; day += 1) {
    const utcDay = Math.floor((inventory.dayDeparture[day] as number) / 1440);
    if (utcDay < firstDay) firstDay = utcDay;
    if (utcDay > lastDay) lastDay = utcDay;
  }
  if (total === 0) firstDay = lastDay = 0;
  const span = lastDay - firstDay + 1;
  const offsets = new Uint32Array(span + 1);
  for (let day = 0; day < total; day += 1) {
    const bucket = Math.floor((inventory.dayDeparture[day] as number) / 1440) - firstDay + 1;
    offsets[bucket] = (offsets[bucket] as number) + 1;
  }
  for (let index = 1; index <= span; index += 1)
    offsets[index] = (offsets[index] as number) + (offsets[index - 1] as number);
  const next = offsets.slice(0, span);
  const order = new Uint32Array(total);
  for (let day = 0; day < total; day += 1) {
    const bucket = Math.floor((inventory.dayDeparture[day] as number) / 1440) - firstDay;
    order[next[bucket] as number] = day;
    next[bucket] = (next[bucket] as number) + 1;
  }
  const index: DepartureIndex = { firstDay, offsets, order, refreshedDays: new Map() };
  departureIndexes.set(inventory, index);
  return index;
}

/** Redraws award seats at `now`'s hour and stamps them; returns how many flight-days it looked at. */
export function refreshSimulatedSeats(inventory: AwardInventory, options: RefreshOptions): number {
  let known = flightHashes.get(inventory);
  if (!known) {
    known = Uint32Array.from(inventory.flightNumbers, (number) => hashString(number));
    flightHashes.set(inventory, known);
  }
  const hashes = known;
  const nowMinutes = Math.floor(options.now.getTime() / 60_000);
  const epochHour = Math.floor(nowMinutes / 60);
  const today = Math.floor(nowMinutes / 1440);
  const dateNumbers = new Map<number, { number: number; peak: boolean }>();
  const dateInfo = (day: number) => {
    let info = dateNumbers.get(day);
    if (!info) {
      const date = dateOfEpochDay(day);
      info = { number: Number(date.replaceAll('-', '')), peak: isPeakDate(date) };
      dateNumbers.set(day, info);
    }
    return info;
  };
  const airlineIncluded = Uint8Array.from(inventory.airlineAlliance, (alliance) =>
    !options.alliances || options.alliances.includes(alliance) ? 1 : 0,
  );
  const from = options.window?.from ?? 0;
  const to = options.window?.to ?? Number.MAX_SAFE_INTEGER;
  const staleBefore = nowMinutes - (options.maxAgeMinutes ?? 0);

  // Only the UTC days the window touches (every flight-day when there is no window).
  const { firstDay, offsets, order, refreshedDays } = departureIndex(inventory);
  const span = offsets.length - 1;
  const firstBucket = options.window ? Math.max(0, Math.floor(from / 1440) - firstDay) : 0;
  const lastBucket = options.window
    ? Math.min(span - 1, Math.floor((to - 1) / 1440) - firstDay)
    : span - 1;
  const allianceKey = options.alliances ? options.alliances.map(String).join(',') : '*';
  let stamps = refreshedDays.get(allianceKey);
  if (!stamps) {
    stamps = new Float64Array(span).fill(-Infinity);
    refreshedDays.set(allianceKey, stamps);
  }

  let refreshed = 0;
  for (let bucket = firstBucket; bucket <= lastBucket; bucket += 1) {
    const dayStart = (firstDay + bucket) * 1440;
    const whole = dayStart >= from && dayStart + 1440 <= to;
    if (whole && options.maxAgeMinutes !== undefined && (stamps[bucket] as number) > staleBefore)
      continue;
    refreshed += refreshBucket(bucket);
    if (whole) stamps[bucket] = nowMinutes;
  }
  return refreshed;

  function refreshBucket(bucket: number): number {
    let count = 0;
    for (
      let position = offsets[bucket] as number;
      position < (offsets[bucket + 1] as number);
      position += 1
    ) {
      const day = order[position] as number;
      const departure = inventory.dayDeparture[day] as number;
      if (departure < from || departure >= to) continue;
      const flight = inventory.dayFlight[day] as number;
      if (airlineIncluded[inventory.flightAirline[flight] as number] === 0) continue;
      if (options.maxAgeMinutes !== undefined && (inventory.fetchedAt[day] as number) > staleBefore)
        continue;
      const date = inventory.dayDate[day] as number;
      const { number, peak } = dateInfo(date);
      for (let cabin = 0; cabin < CABIN_COUNT; cabin += 1) {
        inventory.seats[day * CABIN_COUNT + cabin] = cabinFitted(inventory, flight, cabin)
          ? seatsFromHashes(
              options.seed,
              hashes[flight] as number,
              number,
              cabin,
              date - today,
              peak,
              epochHour,
            )
          : 0;
      }
      inventory.fetchedAt[day] = nowMinutes;
      count += 1;
    }
    return count;
  }
}
