import { LIMITS } from '../../core/limits.ts';
import type { PlaceLanguage } from '../../core/awards/places.ts';
import { readCookie, writeCookie } from './cookies.ts';
import { findPlaces, type PlaceChoice } from './places.ts';

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

/** The three fields a city cookie keeps, from a place picked in a form. */
export function cityOf(place: PlaceChoice): City {
  return { asciiName: place.asciiCity, countryCode: place.country, displayName: place.city };
}

/**
 * Where a form's origin starts when the member has not chosen one (docs/product/README.md#what-the-site-remembers):
 * the origin city they last flew from, else the city they said they are in, as the place the
 * server knows by that name (its metro area before a single airport). Null when neither is kept
 * or the server knows no such place.
 */
export async function rememberedOrigin(language: PlaceLanguage): Promise<PlaceChoice | null> {
  const city = readOriginCity() ?? readCurrentCity();
  return city ? placeOfCity(city, language) : null;
}

/** The place the server knows by a kept city's name and country, its metro area before a single airport; null when none. */
export async function placeOfCity(
  city: City,
  language: PlaceLanguage,
): Promise<PlaceChoice | null> {
  const places = await findPlaces(city.asciiName, language);
  const same = places.filter(
    (place) =>
      place.country === city.countryCode &&
      place.asciiCity.toLowerCase() === city.asciiName.toLowerCase(),
  );
  return same.find((place) => place.kind === 'metro') ?? same[0] ?? null;
}

/**
 * What the explorer was asked with an amount (docs/product/README.md#what-the-site-remembers): the
 * points system joins the programmes the member collects (first, as the latest) and its amount is
 * kept as its mileage record.
 */
export function rememberBalance(source: string, amount: number): void {
  saveProgrammes([source, ...readProgrammes()]);
  saveMileageRecords({ ...readMileageRecords(), [source]: amount });
}
