import type { Language } from '../locale.ts';

/** A place the award search panel offers: a metro (all its airports) or one airport. */
export interface Place {
  code: string;
  kind: 'metro' | 'airport';
  /** In the language asked for, with English when no Chinese name is known. */
  name: string;
  city: string;
  /** The city in English, for the origin-city cookie's ASCII name (docs/product/README.md#what-the-site-remembers). */
  asciiCity: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** A metro's airports; an airport's own code. */
  airports: string[];
}

/** Places offered per request. */
export const PLACE_SUGGESTIONS = 10;

/**
 * Folds what people type into what the names hold: case, accents, and the variant characters
 * Taiwan writes both ways (臺/台), so 台北 finds 臺北.
 */
export function foldPlaceText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replaceAll('臺', '台').trim();
}

export type PlaceLanguage = Extract<Language, 'en' | 'zh-Hant' | 'zh-Hans'>;
