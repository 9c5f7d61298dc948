/**
 * Typed access to the reference data in this folder. Each file names its source, date and
 * licence inside; this module only reads them (once) and indexes them.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AwardChart } from '../core/awards/award-pricing.ts';
import { versionOn } from '../core/dated.ts';

export type { AwardChart };

export type Alliance = 'star' | 'oneworld' | 'skyteam';
export interface LocalizedName {
  en: string;
  'zh-Hant': string;
  'zh-Hans': string;
}

export interface Airport {
  iata: string;
  icao: string | null;
  name: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  lat: number;
  lon: number;
  /** IANA time zone, e.g. Asia/Taipei. */
  tz: string;
  zh?: { 'zh-Hant': string; 'zh-Hans': string };
  cityZh?: { 'zh-Hant': string; 'zh-Hans': string };
}

export interface Metro {
  code: string;
  /** Shared by every caller of metros(): a caller that sorts it sorts a copy. */
  airports: readonly string[];
  name: LocalizedName;
}

/**
 * An airline's membership of an alliance between two dates (core/dated.ts: `until` is the last
 * day it is a member). Asiana leaves Star Alliance, ITA Airways joined it: the award search reads
 * the membership on the travel date, the guides on today's.
 */
export interface AllianceMembership {
  alliance: Alliance;
  since: string | null;
  until: string | null;
  /** The page that gives the dates. */
  source?: string;
}

export interface Airline {
  iata: string;
  icao: string;
  name: LocalizedName;
  country: string;
  /** Dated when a change is known; a member with no known change is one open membership. */
  memberships: AllianceMembership[];
  hubs: string[];
  programme: string | null;
  /** The day this record was last checked against its sources, when after the file's. */
  checked?: string;
  /** Facts on this record no public page confirmed, in plain words. */
  unverified?: string[];
}

/** The alliance an airline belongs to on `day` (YYYY-MM-DD), or null. */
export function allianceOn(airline: Pick<Airline, 'memberships'>, day: string): Alliance | null {
  return versionOn(airline.memberships, day)?.alliance ?? null;
}

export interface Programme {
  id: string;
  name: LocalizedName;
  /** The airline that runs it; its alliance is the airline's (`programmeAllianceOn`). */
  airline: string;
  currency: 'miles' | 'points';
}

/** A nonstop route an airline flies both ways, with its typical flights per week each way. */
export interface Route {
  airline: string;
  from: string;
  to: string;
  weeklyFrequency: number;
}

function readData<T>(file: string): T {
  return JSON.parse(readFileSync(fileURLToPath(new URL(file, import.meta.url)), 'utf8')) as T;
}

const cache = new Map<string, unknown>();
function once<T>(key: string, load: () => T): T {
  if (!cache.has(key)) cache.set(key, process.env.VITEST ? frozen(load()) : load());
  return cache.get(key) as T;
}

/**
 * The reference data is loaded once and shared by every caller, so nothing may change it. Under
 * the tests it is frozen through (a Map's values and everything in them): a caller that sorts or
 * edits it in place fails where it does, instead of changing what the next test file reads.
 */
function frozen<T>(value: T): T {
  if (value instanceof Map) for (const entry of value.values()) frozen(entry);
  else if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) frozen(inner);
  }
  return value;
}

export function airports(): Map<string, Airport> {
  return once(
    'airports',
    () =>
      new Map(
        readData<{ airports: Airport[] }>('./airports.json').airports.map((airport) => [
          airport.iata,
          airport,
        ]),
      ),
  );
}

export function metros(): Map<string, Metro> {
  return once('metros', () => {
    const { metros: raw } = readData<{
      metros: Record<string, { airports: string[]; name: LocalizedName }>;
    }>('./airport-names-zh.json');
    return new Map(Object.entries(raw).map(([code, metro]) => [code, { code, ...metro }]));
  });
}

/** An airline as airlines.json writes it: `alliance` alone for a membership without a known date, `memberships` when dated. */
type AirlineRecord = Omit<Airline, 'memberships'> & {
  alliance?: Alliance | null;
  memberships?: AllianceMembership[];
};

export function airlines(): Map<string, Airline> {
  return once(
    'airlines',
    () =>
      new Map(
        readData<{ airlines: AirlineRecord[] }>('./airlines.json').airlines.map(
          ({ alliance, memberships, ...airline }) => [
            airline.iata,
            {
              ...airline,
              memberships:
                memberships ?? (alliance ? [{ alliance, since: null, until: null }] : []),
            },
          ],
        ),
      ),
  );
}

export function programmes(): Map<string, Programme> {
  return once(
    'programmes',
    () =>
      new Map(
        readData<{ programmes: Programme[] }>('./programmes.json').programmes.map((programme) => [
          programme.id,
          programme,
        ]),
      ),
  );
}

/** A programme's alliance on `day`: its airline's. */
export function programmeAllianceOn(id: string, day: string): Alliance | null {
  const owner = airlines().get(programmes().get(id)?.airline ?? '');
  return owner ? allianceOn(owner, day) : null;
}

export function routes(): Route[] {
  return once('routes', () =>
    readData<{ routes: { airline: string; pairs: [string, string, number][] }[] }>(
      './routes.json',
    ).routes.flatMap((entry) =>
      entry.pairs.map(([from, to, weeklyFrequency]) => ({
        airline: entry.airline,
        from,
        to,
        weeklyFrequency,
      })),
    ),
  );
}

/** data/award-charts.json as its parts: the header, and the charts staff keep in the database after it seeds them. */
export function awardChartFile(): {
  path: string;
  header: { description: string; source: string; asOf: string };
  charts: AwardChart[];
} {
  const { charts, ...header } = readData<{
    description: string;
    source: string;
    asOf: string;
    charts: AwardChart[];
  }>('./award-charts.json');
  return { path: 'award-charts.json', header, charts };
}

export function awardCharts(): Map<string, AwardChart> {
  return once(
    'awardCharts',
    () =>
      new Map(
        readData<{ charts: AwardChart[] }>('./award-charts.json').charts.map((chart) => [
          chart.programme,
          chart,
        ]),
      ),
  );
}

export { greatCircleMiles } from '../core/awards/geo.ts';
