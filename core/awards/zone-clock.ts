import { fromLocal, offsetMinutes } from './zoned-time.ts';

/**
 * Fast local times for the engine. Intl is exact but costs microseconds a call, and building the
 * inventory converts millions of departures. A zone's offset changes at most a few times a year,
 * so this samples it once per UTC day and asks Intl only on a day when the offset changes.
 */
const DAY_MS = 86_400_000;
/** "00:00" … "23:59", by minute of the day. */
const CLOCK_TIMES = Array.from(
  { length: 1440 },
  (_, minute) =>
    `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`,
);

export class ZoneClock {
  private readonly samples = new Map<string, Map<number, number>>();

  /** The zone's offset at UTC midnight of a day (days since the epoch), cached. */
  private offsetAtDayStart(timeZone: string, day: number): number {
    let zone = this.samples.get(timeZone);
    if (!zone) {
      zone = new Map();
      this.samples.set(timeZone, zone);
    }
    let offset = zone.get(day);
    if (offset === undefined) {
      offset = offsetMinutes(day * DAY_MS, timeZone);
      zone.set(day, offset);
    }
    return offset;
  }

  /** The zone's UTC offset in minutes at an instant (ms). */
  offsetAt(instantMs: number, timeZone: string): number {
    const day = Math.floor(instantMs / DAY_MS);
    const start = this.offsetAtDayStart(timeZone, day);
    return start === this.offsetAtDayStart(timeZone, day + 1)
      ? start
      : offsetMinutes(instantMs, timeZone);
  }

  /** The instant (ms) of a wall-clock time; `date` is days since the epoch of the local date. */
  instantOf(localDay: number, minutes: number, timeZone: string): number {
    const naive = localDay * DAY_MS + minutes * 60_000;
    const before = this.offsetAtDayStart(timeZone, localDay - 1);
    if (
      before === this.offsetAtDayStart(timeZone, localDay) &&
      before === this.offsetAtDayStart(timeZone, localDay + 1) &&
      before === this.offsetAtDayStart(timeZone, localDay + 2)
    ) {
      return naive - before * 60_000;
    }
    return fromLocal(new Date(localDay * DAY_MS).toISOString().slice(0, 10), minutes, timeZone);
  }

  private readonly dates = new Map<number, string>();
  private readonly suffixes = new Map<number, string>();

  /**
   * Local time with its offset, e.g. 2026-12-01T23:55+08:00. A search writes hundreds, so the
   * date of each day, each minute of the day and each offset are written once and joined.
   */
  format(instantMs: number, timeZone: string): string {
    const offset = this.offsetAt(instantMs, timeZone);
    const localMinutes = Math.floor(instantMs / 60_000) + offset;
    const day = Math.floor(localMinutes / 1440);
    let date = this.dates.get(day);
    if (date === undefined) {
      date = dateOfEpochDay(day);
      this.dates.set(day, date);
    }
    let suffix = this.suffixes.get(offset);
    if (suffix === undefined) {
      const size = Math.abs(offset);
      suffix = `${offset < 0 ? '-' : '+'}${String(Math.floor(size / 60)).padStart(2, '0')}:${String(size % 60).padStart(2, '0')}`;
      this.suffixes.set(offset, suffix);
    }
    return `${date}T${CLOCK_TIMES[localMinutes - day * 1440] as string}${suffix}`;
  }
}

/** Days since the epoch of a YYYY-MM-DD date. */
export function epochDay(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/** The YYYY-MM-DD date of a day count since the epoch. */
export function dateOfEpochDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}
