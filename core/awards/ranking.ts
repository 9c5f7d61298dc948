/**
 * Ranking an award search's matches (core/awards/engine.ts): the best flights of each day, and the
 * first few hundred by rank, in time linear in the tens of thousands a two-stop search finds.
 */

/**
 * The indexes of the `limit` first of `count` items by `rank` (lower first), ties broken by `tie`:
 * what sorting them all would keep, in a fraction of the time for a two-stop search's tens of
 * thousands. In no particular order.
 */
export function firstByRank(
  count: number,
  limit: number,
  order: { rank: (index: number) => number; tie: (a: number, b: number) => number },
): number[] {
  if (count <= limit) return Array.from({ length: count }, (_, index) => index);
  const ranks = new Float64Array(count);
  for (let index = 0; index < count; index += 1) ranks[index] = order.rank(index);
  const cut = nthSmallest(Float64Array.from(ranks), limit - 1);
  const inside: number[] = [];
  const atCut: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const rank = ranks[index] as number;
    if (rank < cut) inside.push(index);
    else if (rank === cut) atCut.push(index);
  }
  atCut.sort(order.tie);
  return inside.concat(atCut.slice(0, limit - inside.length));
}

/**
 * Per day, the Pareto front of (miles, duration, stops), as paretoFront marks it (an item is on
 * it when no other is at least as good on all three and better on one), in linear time: a day's
 * itineraries come in a few miles levels, so the shortest duration per (level, stops) and its
 * running minimum over fewer miles and fewer stops settle each item without sorting them all.
 */
export function bestOfEachDay(items: {
  day: readonly number[];
  miles: readonly number[];
  duration: readonly number[];
  stops: readonly number[];
}): Uint8Array {
  const count = items.day.length;
  const STOP_SLOTS = 4;
  interface Day {
    levels: Map<number, number>;
    miles: number[];
    /** Shortest duration per (level in order of arrival, stops). */
    shortest: number[];
    /** The running minimum per (level in miles order, stops), and each level's place in that order. */
    prefix: number[];
    rank: number[];
  }
  const days = new Map<number, Day>();
  const level = new Int32Array(count);
  // Items come mostly a day at a time: the last day looked up is most often the next one's.
  let lastDate = NaN;
  let day: Day | undefined;
  for (let index = 0; index < count; index += 1) {
    const date = items.day[index] as number;
    const miles = items.miles[index] as number;
    if (date !== lastDate) {
      day = days.get(date);
      if (!day) {
        day = { levels: new Map(), miles: [], shortest: [], prefix: [], rank: [] };
        days.set(date, day);
      }
      lastDate = date;
    }
    if (!day) continue;
    let at = day.levels.get(miles);
    if (at === undefined) {
      at = day.miles.length;
      day.levels.set(miles, at);
      day.miles.push(miles);
      for (let stops = 0; stops < STOP_SLOTS; stops += 1) day.shortest.push(Infinity);
    }
    level[index] = at;
    const cell = at * STOP_SLOTS + Math.min(items.stops[index] as number, STOP_SLOTS - 1);
    day.shortest[cell] = Math.min(day.shortest[cell] as number, items.duration[index] as number);
  }
  for (const day of days.values()) {
    const milesOf = (at: number) => day.miles[at] as number;
    const byMiles = day.miles.map((_, at) => at).sort((a, b) => milesOf(a) - milesOf(b));
    day.rank = new Array<number>(byMiles.length);
    byMiles.forEach((at, rank) => {
      day.rank[at] = rank;
      for (let stops = 0; stops < STOP_SLOTS; stops += 1) {
        const own = day.shortest[at * STOP_SLOTS + stops] as number;
        const fewerMiles =
          rank > 0 ? (day.prefix[(rank - 1) * STOP_SLOTS + stops] as number) : Infinity;
        const fewerStops =
          stops > 0 ? (day.prefix[rank * STOP_SLOTS + stops - 1] as number) : Infinity;
        day.prefix[rank * STOP_SLOTS + stops] = Math.min(own, fewerMiles, fewerStops);
      }
    });
  }
  const best = new Uint8Array(count);
  lastDate = NaN;
  for (let index = 0; index < count; index += 1) {
    const date = items.day[index] as number;
    if (date !== lastDate) {
      day = days.get(date);
      lastDate = date;
    }
    if (!day) continue;
    const duration = items.duration[index] as number;
    const at = level[index] as number;
    const rank = day.rank[at] as number;
    const stops = Math.min(items.stops[index] as number, STOP_SLOTS - 1);
    // Dominated by one with fewer miles or fewer stops (and no longer), or by a shorter one alike.
    const others = Math.min(
      rank > 0 ? (day.prefix[(rank - 1) * STOP_SLOTS + stops] as number) : Infinity,
      stops > 0 ? (day.prefix[rank * STOP_SLOTS + stops - 1] as number) : Infinity,
    );
    const dominated =
      others <= duration || (day.shortest[at * STOP_SLOTS + stops] as number) < duration;
    best[index] = dominated ? 0 : 1;
  }
  return best;
}

/** The value that would stand at `n` were `values` sorted (Hoare's selection; reorders them). */
function nthSmallest(values: Float64Array, n: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const pivot = values[(low + high) >>> 1] as number;
    let i = low;
    let j = high;
    while (i <= j) {
      while ((values[i] as number) < pivot) i += 1;
      while ((values[j] as number) > pivot) j -= 1;
      if (i <= j) {
        const swap = values[i] as number;
        values[i] = values[j] as number;
        values[j] = swap;
        i += 1;
        j -= 1;
      }
    }
    if (n <= j) high = j;
    else if (n >= i) low = i;
    else return values[n] as number;
  }
  return values[n] as number;
}
