import { LIMITS } from '../../core/limits.ts';
import { readCookie, writeCookie } from './cookies.ts';

/** A city as the travel-preference cookies keep it (docs/product/README.md#what-the-site-remembers). */
export interface City {
  /** ASCII name, e.g. "Taipei". */
  asciiName: string;
  /** ISO 3166-1 alpha-2 country code, e.g. "TW". */
  countryCode: string;
  /** Name shown to the member in their language, e.g. "臺北". */
  displayName: string;
}

export const ORIGIN_CITY_COOKIE = 'origin_city';
export const CURRENT_CITY_COOKIE = 'current_city';
export const PROGRAMMES_COOKIE = 'ffp';
export const MILEAGE_RECORDS_COOKIE = 'mileage_records';

function readJson<T>(name: string): T | null {
  const raw = readCookie(name);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

function isCity(value: unknown): value is City {
  if (!value || typeof value !== 'object') return false;
  const city = value as Record<string, unknown>;
  return (
    typeof city.asciiName === 'string' &&
    typeof city.countryCode === 'string' &&
    typeof city.displayName === 'string'
  );
}

export function readOriginCity(): City | null {
  const city = readJson<unknown>(ORIGIN_CITY_COOKIE);
  return isCity(city) ? city : null;
}

export function saveOriginCity(city: City): void {
  writeCookie(ORIGIN_CITY_COOKIE, JSON.stringify(city), { days: LIMITS.originCityCookieDays });
}

export function readCurrentCity(): City | null {
  const city = readJson<unknown>(CURRENT_CITY_COOKIE);
  return isCity(city) ? city : null;
}

export function saveCurrentCity(city: City): void {
  writeCookie(CURRENT_CITY_COOKIE, JSON.stringify(city), { days: LIMITS.originCityCookieDays });
}

/** Frequent-flyer programmes the member collects, kept as a semicolon-separated list. */
export function readProgrammes(): string[] {
  return (readCookie(PROGRAMMES_COOKIE) ?? '')
    .split(';')
    .map((code) => code.trim())
    .filter(Boolean);
}

export function saveProgrammes(codes: string[]): void {
  const clean = [
    ...new Set(codes.map((code) => code.trim()).filter((code) => code && !code.includes(';'))),
  ];
  writeCookie(PROGRAMMES_COOKIE, clean.join(';'), { days: LIMITS.originCityCookieDays });
}

/** Mileage records: programme code → balance, as one JSON cookie. */
export function readMileageRecords(): Record<string, number> {
  const value = readJson<unknown>(MILEAGE_RECORDS_COOKIE);
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter(
      (entry): entry is [string, number] => typeof entry[1] === 'number',
    ),
  );
}

export function saveMileageRecords(records: Record<string, number>): void {
  writeCookie(MILEAGE_RECORDS_COOKIE, JSON.stringify(records), {
    days: LIMITS.originCityCookieDays,
  });
}
