/**
 * `npm run bench:search`: the award engine at the next scale (every route, a year ahead, every
 * simulated schedule 1.4 times as frequent: over ten million flight-days), against a
 * straightforward SQL search over the same flight-days in the same run. Prints flight-days held,
 * memory, p50/p95/p99 per search kind, the SQL times and the ratio; the last line is one line of
 * JSON. The engine is the compiled server's (dist/node, as production runs it) when the build is
 * of these sources, else the TypeScript through tsx (slower: it says which). SQL runs on embedded
 * PGlite, or PostgreSQL when DATABASE_URL is set. BENCH_SQL=off skips the SQL part;
 * BENCH_SCALE=published measures the inventory the site holds (331 days, schedules as published).
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { DETOUR_LIMIT } from '../core/awards/engine.ts';
import { CABIN_COUNT, MAX_LAYOVER_MINUTES } from '../core/awards/inventory.ts';
import { type AwardQuery, type Cabin, type StopsChoice } from '../core/awards/search.ts';
import { builtFromSources } from '../scripts/build-if-stale.ts';
import type * as Awards from '../server/modules/awards/index.ts';

const compiled = builtFromSources();
const { createSimulatedEngine } = (await import(
  compiled ? '../dist/node/server/modules/awards/index.js' : '../server/modules/awards/index.ts'
)) as typeof Awards;
const published = process.env.BENCH_SCALE === 'published';
const SCALE = published ? {} : { days: 366, density: 1.4 };

const NOW = new Date('2026-11-21T03:00:00Z');
const SEED = 20261121;
const PAIRS: [string, string][] = [
  ['TPE', 'LAX'],
  ['TPE', 'NRT'],
  ['SFO', 'TPE'],
  ['JFK', 'LHR'],
  ['LAX', 'HND'],
  ['SEA', 'TPE'],
  ['TPE', 'BKK'],
  ['TPE', 'ICN'],
  ['YVR', 'TPE'],
  ['TPE', 'SIN'],
  ['ORD', 'NRT'],
  ['TPE', 'JFK'],
  ['HKG', 'SFO'],
  ['KHH', 'NRT'],
  ['LHR', 'SIN'],
];
const STARTS = ['2026-12-03', '2027-03-10', '2027-06-20'];
const CABIN_CYCLE: Cabin[] = ['business', 'economy'];

const dateAfter = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const mb = (bytes: number) => Math.round(bytes / 1_048_576);
const round = (value: number) => Math.round(value * 100) / 100;
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

function queries(stops: StopsChoice): AwardQuery[] {
  return PAIRS.flatMap(([origin, destination], pairIndex) =>
    STARTS.map((start, startIndex) => ({
      origin,
      destination,
      dates: { from: start, to: dateAfter(start, 14) },
      cabin: CABIN_CYCLE[(pairIndex + startIndex) % CABIN_CYCLE.length] as Cabin,
      seats: 1,
      airlines: [],
      flightNumber: null,
      stops,
      timesOfDay: [],
      mixedCabin: { allowed: false, minPercent: 0 },
      alliance: null,
    })),
  );
}

// 1. The inventory.
const rssBefore = process.memoryUsage().rss;
let started = performance.now();
const { inventory, engine } = createSimulatedEngine(NOW, SEED, SCALE);
const buildMs = performance.now() - started;
globalThis.gc?.();
const memory = process.memoryUsage();
console.log(
  `Engine: ${compiled ? 'compiled (dist/node)' : 'TypeScript through tsx (run npm run build for the compiled figures)'}; inventory: ${published ? 'as the site holds it (331 days, published schedules)' : 'the next scale (366 days, schedules 1.4× as frequent)'}`,
);
console.log(
  `Simulated inventory: ${inventory.flightDays.toLocaleString('en')} flight-days, ${inventory.flightNumbers.length.toLocaleString('en')} timetable entries, built in ${Math.round(buildMs)} ms`,
);
console.log(
  `Memory: typed arrays ${mb(inventory.byteSize())} MB; process RSS ${mb(memory.rss)} MB (${mb(memory.rss - rssBefore)} MB for the inventory and data), heap ${mb(memory.heapUsed)} MB`,
);

// 2. The engine in its steady state, as on a server that has answered searches for a while: three
// warm-up passes over every kind (with one, the optimising compiler was still at work on the
// first timed passes, and a direct search's p95 read 5 ms where the steady state reads 1), then
// three timed passes of each kind.
interface Timing {
  times: number[];
  found: number[];
}
const WARM_UP_PASSES = 3;
for (let pass = 0; pass < WARM_UP_PASSES; pass += 1)
  for (const stops of ['direct', 'one', 'two'] as const)
    for (const query of queries(stops)) engine.search(query, { now: NOW });
const engineTimings = new Map<StopsChoice, Timing>();
for (const stops of ['direct', 'one', 'two'] as const) {
  // Each kind starts from a collected heap: the inventory's build (or the kind before) is not
  // left for its searches to pay for.
  globalThis.gc?.();
  const list = queries(stops);
  const timing: Timing = { times: [], found: [] };
  for (let pass = 0; pass < 3; pass += 1) {
    for (const query of list) {
      started = performance.now();
      const result = engine.search(query, { now: NOW });
      timing.times.push(performance.now() - started);
      if (pass === 0) timing.found.push(result.found);
    }
  }
  engineTimings.set(stops, timing);
  const sorted = [...timing.times].sort((a, b) => a - b);
  console.log(
    `Engine ${stops.padEnd(6)}: ${list.length} queries × 3, p50 ${round(percentile(sorted, 50))} ms, p95 ${round(percentile(sorted, 95))} ms, p99 ${round(percentile(sorted, 99))} ms; itineraries found per query: median ${[...timing.found].sort((a, b) => a - b)[Math.floor(timing.found.length / 2)]}`,
  );
}

// 3. The SQL baseline: the same flight-days in a table, the same queries as self-joins.
interface Sql {
  kind: string;
  exec(text: string): Promise<void>;
  query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  close(): Promise<void>;
}

async function openSql(): Promise<Sql> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('CREATE SCHEMA IF NOT EXISTS bench_award; SET search_path TO bench_award');
    return {
      kind: 'PostgreSQL',
      exec: async (text) => void (await client.query(text)),
      query: (text, params) => client.query(text, params),
      close: async () => {
        await client.query('DROP SCHEMA bench_award CASCADE');
        await client.end();
      },
    };
  }
  const lite = new PGlite();
  return {
    kind: 'PGlite',
    exec: async (text) => void (await lite.exec(text)),
    query: (text, params) => lite.query(text, params),
    close: () => lite.close(),
  };
}

async function loadSql(sql: Sql): Promise<void> {
  await sql.exec(`
    DROP TABLE IF EXISTS flight_day; DROP TABLE IF EXISTS airport; DROP TABLE IF EXISTS airline;
    CREATE TABLE airport (id int PRIMARY KEY, lat float8, lon float8, connection_minutes int);
    CREATE TABLE airline (id int PRIMARY KEY, chart_mask bigint);
    CREATE TABLE flight_day (id int PRIMARY KEY, origin int, destination int, airline int, departure int, arrival int, miles int,
      seats_economy int, seats_premium int, seats_business int, seats_first int);`);
  const airports = inventory.airportCodes.map((_, id) => id);
  await sql.query(
    'INSERT INTO airport SELECT * FROM unnest($1::int[], $2::float8[], $3::float8[], $4::int[])',
    [
      airports,
      Array.from(inventory.airportLat),
      Array.from(inventory.airportLon),
      Array.from(inventory.connectionMinutes),
    ],
  );
  const masks = inventory.airlineCodes.map((_, airline) => engine.chartMaskOf(airline));
  await sql.query('INSERT INTO airline SELECT * FROM unnest($1::int[], $2::bigint[])', [
    masks.map((_, id) => id),
    masks,
  ]);
  const chunk = 200_000;
  for (let start = 0; start < inventory.flightDays; start += chunk) {
    const end = Math.min(inventory.flightDays, start + chunk);
    const columns: number[][] = Array.from({ length: 11 }, () => []);
    for (let day = start; day < end; day += 1) {
      const flight = inventory.dayFlight[day] as number;
      const departure = inventory.dayDeparture[day] as number;
      const row = [
        day,
        inventory.flightFrom[flight],
        inventory.flightTo[flight],
        inventory.flightAirline[flight],
        departure,
        departure + (inventory.flightBlock[flight] as number),
        inventory.flightMiles[flight],
      ];
      for (let cabin = 0; cabin < CABIN_COUNT; cabin += 1)
        row.push(inventory.seats[day * CABIN_COUNT + cabin]);
      row.forEach((value, column) => columns[column]?.push(value as number));
    }
    await sql.query(
      'INSERT INTO flight_day SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::int[], $6::int[], $7::int[], $8::int[], $9::int[], $10::int[], $11::int[])',
      columns,
    );
  }
  await sql.exec(
    'CREATE INDEX flight_day_origin ON flight_day (origin, departure); CREATE INDEX flight_day_route ON flight_day (origin, destination, departure); ANALYZE;',
  );
}

/** The search as one SQL statement: flight-days joined on connecting airports and times, one UNION ALL part per stop count. */
function sqlFor(query: AwardQuery): { text: string; params: unknown[] } {
  const origins = engine.airportsOf(query.origin);
  const destinations = engine.airportsOf(query.destination);
  const zone = inventory.airportTz[origins[0] as number] as string;
  const from =
    inventory.clock.instantOf(Math.round(Date.parse(query.dates.from) / 86_400_000), 0, zone) /
    60_000;
  const to =
    inventory.clock.instantOf(Math.round(Date.parse(query.dates.to) / 86_400_000) + 1, 0, zone) /
    60_000;
  const limit =
    DETOUR_LIMIT *
    Math.max(...origins.flatMap((o) => destinations.map((d) => inventory.greatCircleMiles(o, d))));
  const params = [
    origins,
    destinations,
    from,
    to,
    [...origins, ...destinations],
    limit,
    MAX_LAYOVER_MINUTES,
  ];
  const maxStops = { direct: 0, one: 1, two: 2 }[query.stops];
  // Part `stops`: legs f1..f(stops+1), padded with NULL ids to the widest part's columns.
  const part = (stops: number) => {
    const legs = Array.from({ length: stops + 1 }, (_, index) => index + 1);
    const ids = [
      ...legs.map((leg) => `f${leg}.id`),
      ...Array.from({ length: maxStops - stops }, () => 'NULL'),
    ].join(', ');
    const joins = legs.slice(1).map((leg) => {
      const hub = `h${leg - 1}`;
      return `JOIN airport ${hub} ON ${hub}.id = f${leg - 1}.destination
        JOIN flight_day f${leg} ON f${leg}.origin = f${leg - 1}.destination AND f${leg}.departure BETWEEN f${leg - 1}.arrival + ${hub}.connection_minutes AND f${leg - 1}.arrival + $7`;
    });
    const airlines = legs.map((leg) => `JOIN airline a${leg} ON a${leg}.id = f${leg}.airline`);
    const conditions = [
      'f1.origin = ANY($1)',
      `f${stops + 1}.destination = ANY($2)`,
      'f1.departure >= $3 AND f1.departure < $4',
      ...legs.slice(0, -1).map((leg) => `NOT f${leg}.destination = ANY($5)`),
      ...legs.map((leg) => `f${leg}.seats_${query.cabin} >= 1`),
      `(${legs.map((leg) => `a${leg}.chart_mask`).join(' & ')}) <> 0`,
      ...(stops > 0 ? [`${legs.map((leg) => `f${leg}.miles`).join(' + ')} <= $6::float8`] : []),
    ];
    return `SELECT ${ids} FROM flight_day f1 ${[...joins, ...airlines].join(' ')} WHERE ${conditions.join(' AND ')}`;
  };
  const text = Array.from({ length: maxStops + 1 }, (_, stops) => part(maxStops - stops)).join(
    '\n      UNION ALL\n      ',
  );
  // A direct search uses only the first four parameters, and PostgreSQL refuses unused ones it cannot type.
  return { text, params: maxStops === 0 ? params.slice(0, 4) : params };
}

/** The JSON keys of each search kind. */
const KIND_KEY = { direct: 'direct', one: 'one_stop', two: 'two_stop' } as const;

const result: Record<string, number | string> = {
  flight_days: inventory.flightDays,
  memory_mb: mb(memory.rss),
  inventory_mb: mb(inventory.byteSize()),
  build_ms: Math.round(buildMs),
  engine_code: compiled ? 'compiled' : 'tsx',
};
for (const stops of ['direct', 'one', 'two'] as const) {
  const sorted = [...(engineTimings.get(stops) as Timing).times].sort((a, b) => a - b);
  const key = KIND_KEY[stops];
  result[`${key}_p50_ms`] = round(percentile(sorted, 50));
  result[`${key}_p95_ms`] = round(percentile(sorted, 95));
  result[`${key}_p99_ms`] = round(percentile(sorted, 99));
}

if (process.env.BENCH_SQL !== 'off') {
  const sql = await openSql();
  started = performance.now();
  await loadSql(sql);
  console.log(
    `\nSQL baseline on ${sql.kind}: ${inventory.flightDays.toLocaleString('en')} rows loaded and indexed in ${Math.round((performance.now() - started) / 1000)} s`,
  );
  // The same queries; SQL is slow, so the first start date of each pair, timed once after a warm-up.
  let sqlTotal = 0;
  let engineTotal = 0;
  for (const stops of ['direct', 'one', 'two'] as const) {
    const list = queries(stops).filter((_, index) => index % STARTS.length === 0);
    let sqlTime = 0;
    let engineTime = 0;
    const rows: number[] = [];
    const found: number[] = [];
    for (const query of list) {
      const statement = sqlFor(query);
      await sql.query(statement.text, statement.params);
      started = performance.now();
      const answer = await sql.query(statement.text, statement.params);
      sqlTime += performance.now() - started;
      rows.push(answer.rows.length);
      started = performance.now();
      found.push(engine.search(query, { now: NOW, limit: Infinity }).found);
      engineTime += performance.now() - started;
    }
    sqlTotal += sqlTime;
    engineTotal += engineTime;
    console.log(
      `SQL ${stops.padEnd(6)}: ${list.length} queries, mean ${round(sqlTime / list.length)} ms vs engine ${round(engineTime / list.length)} ms (${round(sqlTime / engineTime)}×); rows ${rows.reduce((a, b) => a + b, 0)} vs itineraries ${found.reduce((a, b) => a + b, 0)} (the engine also drops what no chart prices and applies exact detour limits)`,
    );
    result[`sql_${KIND_KEY[stops]}_mean_ms`] = round(sqlTime / list.length);
  }
  result.sql_ratio = round(sqlTotal / engineTotal);
  result.sql_engine = sql.kind;
  await sql.close();
}

console.log(
  `\nTargets: ≥ 10,000,000 flight-days in ≤ 1024 MB; p95 direct ≤ 2 ms, one-stop ≤ 10 ms, two-stop ≤ 50 ms; SQL ratio ≥ 50.`,
);
console.log(JSON.stringify(result));
