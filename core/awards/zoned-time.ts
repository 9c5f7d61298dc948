/**
 * Local times in IANA zones through Intl, never fixed offsets
 * (docs/product/award-search.md#how-itineraries-are-built: arrivals on the next day and
 * daylight-saving changes must come out right). Pure: no Node or DOM APIs.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let existing = formatters.get(timeZone);
  if (!existing) {
    existing = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, existing);
  }
  return existing;
}

/** Whether a name is an IANA time zone this runtime knows. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export interface LocalDateTime {
  /** YYYY-MM-DD */
  date: string;
  /** Minutes after local midnight, 0–1439. */
  minutes: number;
}

/** The wall-clock date and time in a zone at an instant (ms since the epoch). */
export function toLocal(instantMs: number, timeZone: string): LocalDateTime {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(instantMs))
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** The zone's offset from UTC at an instant, in minutes (east positive). */
export function offsetMinutes(instantMs: number, timeZone: string): number {
  const local = toLocal(instantMs, timeZone);
  const asUtc = Date.parse(`${local.date}T00:00:00Z`) + local.minutes * 60_000;
  return Math.round((asUtc - Math.floor(instantMs / 60_000) * 60_000) / 60_000);
}

/**
 * The instant of a wall-clock time in a zone. In a spring-forward gap the time does not exist and
 * is read as the same clock reading after the jump; in a fall-back overlap the first is taken.
 */
export function fromLocal(date: string, minutes: number, timeZone: string): number {
  const naive = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  const firstOffset = offsetMinutes(naive, timeZone);
  const first = naive - firstOffset * 60_000;
  const secondOffset = offsetMinutes(first, timeZone);
  if (secondOffset === firstOffset) return first;
  // Near a transition: try both offsets and see which instants show this wall-clock time.
  const second = naive - secondOffset * 60_000;
  const shows = (instant: number) => {
    const local = toLocal(instant, timeZone);
    return local.date === date && local.minutes === minutes;
  };
  if (shows(first) && shows(second)) return Math.min(first, second);
  if (shows(first)) return first;
  if (shows(second)) return second;
  return Math.max(first, second);
}

/** Whole days from one local date to another (YYYY-MM-DD), e.g. +1 for an arrival the next day. */
export function dayDifference(fromDate: string, toDate: string): number {
  return Math.round(
    (Date.parse(`${toDate}T00:00:00Z`) - Date.parse(`${fromDate}T00:00:00Z`)) / 86_400_000,
  );
}
