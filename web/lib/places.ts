import type { Place, PlaceLanguage } from '../../core/awards/places.ts';
import type { Language } from '../../core/locale.ts';
import { apiGet } from './api-client.ts';

/** A place picked in a form: an airport or a metro area, with the names the form shows and keeps. */
export type PlaceChoice = Pick<Place, 'code' | 'kind' | 'name' | 'city' | 'asciiCity' | 'country'>;

/** Japanese pages fall back to English names. */
export const placeLanguage = (language: Language): PlaceLanguage =>
  language === 'ja' ? 'en' : language;

/** Airports and metro areas matching what was typed: codes, and names in three languages. */
export function findPlaces(q: string, lang: PlaceLanguage, signal?: AbortSignal): Promise<Place[]> {
  return apiGet<{ places: Place[] }>(
    `/api/awards/places?q=${encodeURIComponent(q)}&lang=${lang}`,
    signal ? { signal } : {},
  ).then((answer) => answer.places);
}
