/**
 * Typed access to the reference data in this folder. Each file names its source, date and
 * licence inside; this module only reads them (once) and indexes them.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AwardChart } from '../core/awards/award-pricing.ts';

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
  airports: string[];
  name: LocalizedName;
}

export interface Airline {
  iata: string;
  icao: string;
  name: LocalizedName;
  country: string;
  alliance: Alliance | null;
  hubs: string[];
  programme: string | null;
}

export interface Programme {
  id: string;
  name: LocalizedName;
  airline: string;
  alliance: Alliance | null;
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
  if (!cache.has(key)) cache.set(key, load());
  return cache.get(key) as T;
}

export function airports(): Map<string, Airport> {
  return once('airports', () => new Map(readData<{ airports: Airport[] }>('./airports.json').airports.map((airport) => [airport.iata, airport])));
}

export function metros(): Map<string, Metro> {
  return once('metros', () => {
    const { metros: raw } = readData<{ metros: Record<string, { airports: string[]; name: LocalizedName }> }>('./airport-names-zh.json');
    return new Map(Object.entries(raw).map(([code, metro]) => [code, { code, ...metro }]));
  });
}

export function airlines(): Map<string, Airline> {
  return once('airlines', () => new Map(readData<{ airlines: Airline[] }>('./airlines.json').airlines.map((airline) => [airline.iata, airline])));
}

export function programmes(): Map<string, Programme> {
  return once('programmes', () => new Map(readData<{ programmes: Programme[] }>('./programmes.json').programmes.map((programme) => [programme.id, programme])));
}

export function routes(): Route[] {
  return once('routes', () =>
    readData<{ routes: { airline: string; pairs: [string, string, number][] }[] }>('./routes.json').routes.flatMap((entry) =>
      entry.pairs.map(([from, to, weeklyFrequency]) => ({ airline: entry.airline, from, to, weeklyFrequency })),
    ),
  );
}

export function awardCharts(): Map<string, AwardChart> {
  return once('awardCharts', () => new Map(readData<{ charts: AwardChart[] }>('./award-charts.json').charts.map((chart) => [chart.programme, chart])));
}

export { greatCircleMiles } from '../core/awards/geo.ts';
