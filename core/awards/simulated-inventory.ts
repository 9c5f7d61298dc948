import { hashString } from './hash.ts';
import { AwardInventory, CABIN_COUNT, cabinFitted, type InventoryAirline, type InventoryAirport } from './inventory.ts';
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
const ECONOMY_ONLY = new Set(['IT', 'WN', 'F9', 'U2', 'FR', 'W6', 'DY', 'IX', '6E', 'TR', 'VJ', '5J', 'AK', 'D7', 'FD', 'Z2', 'QZ', 'MM', 'BX', 'LJ', 'TW', '7C', 'UO', 'JQ']);

export interface SimulationInput {
  airports: readonly InventoryAirport[];
  airlines: readonly InventoryAirline[];
  routes: readonly RouteInput[];
}

/** Builds the timetable and lays out a flight-day for each date from `today` to the booking horizon. */
export function buildSimulatedInventory(input: SimulationInput, today: string, days = BOOKING_HORIZON_DAYS + 1): AwardInventory {
  const flights = buildSchedule(input.routes, (airline) => !ECONOMY_ONLY.has(airline));
  return new AwardInventory({ airports: input.airports, airlines: input.airlines, flights, firstDate: today, days });
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

/** Redraws award seats at `now`'s hour and stamps them; returns how many flight-days it looked at. */
export function refreshSimulatedSeats(inventory: AwardInventory, options: RefreshOptions): number {
  let hashes = flightHashes.get(inventory);
  if (!hashes) {
    hashes = Uint32Array.from(inventory.flightNumbers, (number) => hashString(number));
    flightHashes.set(inventory, hashes);
  }
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
  const airlineIncluded = Uint8Array.from(inventory.airlineAlliance, (alliance) => (!options.alliances || options.alliances.includes(alliance) ? 1 : 0));
  const from = options.window?.from ?? 0;
  const to = options.window?.to ?? Number.MAX_SAFE_INTEGER;
  const staleBefore = nowMinutes - (options.maxAgeMinutes ?? 0);

  let refreshed = 0;
  for (let day = 0; day < inventory.flightDays; day += 1) {
    const departure = inventory.dayDeparture[day] as number;
    if (departure < from || departure >= to) continue;
    const flight = inventory.dayFlight[day] as number;
    if (airlineIncluded[inventory.flightAirline[flight] as number] === 0) continue;
    if (options.maxAgeMinutes !== undefined && (inventory.fetchedAt[day] as number) > staleBefore) continue;
    const date = inventory.dayDate[day] as number;
    const { number, peak } = dateInfo(date);
    for (let cabin = 0; cabin < CABIN_COUNT; cabin += 1) {
      inventory.seats[day * CABIN_COUNT + cabin] = cabinFitted(inventory, flight, cabin) ? seatsFromHashes(options.seed, hashes[flight] as number, number, cabin, date - today, peak, epochHour) : 0;
    }
    inventory.fetchedAt[day] = nowMinutes;
    refreshed += 1;
  }
  return refreshed;
}
