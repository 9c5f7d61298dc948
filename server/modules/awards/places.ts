import {
  foldPlaceText,
  PLACE_SUGGESTIONS,
  type Place,
  type PlaceLanguage,
} from '../../../core/awards/places.ts';
import { airports, metros, routes } from '../../../data/reference.ts';

/**
 * Airport and city suggestions for the search panel: metros and the airports the route
 * data serves, matched on codes and on names in English, Traditional and Simplified Chinese, so
 * 台北, 東京, 纽约 and "new york" all work whatever the page's language. Built once.
 */

interface Entry {
  place: Record<PlaceLanguage, Place>;
  /** Folded codes and names to match against. */
  keys: string[];
  /** More routes, higher in the list. */
  weight: number;
}

let index: Entry[] | null = null;

function build(): Entry[] {
  const routeCount = new Map<string, number>();
  for (const route of routes()) {
    routeCount.set(route.from, (routeCount.get(route.from) ?? 0) + 1);
    routeCount.set(route.to, (routeCount.get(route.to) ?? 0) + 1);
  }
  const entries: Entry[] = [];
  for (const metro of metros().values()) {
    const members = metro.airports.filter((code) => airports().has(code));
    const first = airports().get(members[0] ?? '');
    if (!first) continue;
    const place = (language: PlaceLanguage): Place => ({
      code: metro.code,
      kind: 'metro',
      name: metro.name[language],
      city: metro.name[language],
      asciiCity: metro.name.en,
      country: first.country,
      airports: members,
    });
    entries.push({
      place: { en: place('en'), 'zh-Hant': place('zh-Hant'), 'zh-Hans': place('zh-Hans') },
      keys: [metro.code, metro.name.en, metro.name['zh-Hant'], metro.name['zh-Hans']].map(
        foldPlaceText,
      ),
      // A metro outranks each of its airports.
      weight: members.reduce((sum, code) => sum + (routeCount.get(code) ?? 0), 0) + 1,
    });
  }
  for (const airport of airports().values()) {
    const weight = routeCount.get(airport.iata) ?? 0;
    if (weight === 0) continue;
    const place = (language: PlaceLanguage): Place => ({
      code: airport.iata,
      kind: 'airport',
      name: language === 'en' ? airport.name : (airport.zh?.[language] ?? airport.name),
      city: language === 'en' ? airport.city : (airport.cityZh?.[language] ?? airport.city),
      asciiCity: airport.city,
      country: airport.country,
      airports: [airport.iata],
    });
    entries.push({
      place: { en: place('en'), 'zh-Hant': place('zh-Hant'), 'zh-Hans': place('zh-Hans') },
      keys: [
        airport.iata,
        airport.name,
        airport.city,
        airport.zh?.['zh-Hant'],
        airport.zh?.['zh-Hans'],
        airport.cityZh?.['zh-Hant'],
        airport.cityZh?.['zh-Hans'],
      ]
        .filter((key): key is string => Boolean(key))
        .map(foldPlaceText),
      weight,
    });
  }
  return entries;
}

/** How well an entry matches: 3 its code, 2 a name starting with the text, 1 a name containing it, 0 not at all. */
function score(entry: Entry, folded: string): number {
  if (entry.keys[0] === folded) return 3;
  if (entry.keys.some((key) => key.startsWith(folded))) return 2;
  if (folded.length >= 2 && entry.keys.some((key) => key.includes(folded))) return 1;
  return 0;
}

export function suggestPlaces(text: string, language: PlaceLanguage): Place[] {
  const folded = foldPlaceText(text);
  if (!folded) return [];
  index ??= build();
  return index
    .map((entry) => ({ entry, score: score(entry, folded) }))
    .filter((match) => match.score > 0)
    .sort(
      (a, b) =>
        b.score - a.score ||
        b.entry.weight - a.entry.weight ||
        a.entry.place.en.code.localeCompare(b.entry.place.en.code),
    )
    .slice(0, PLACE_SUGGESTIONS)
    .map((match) => match.entry.place[language]);
}

let byCode: Map<string, Entry> | null = null;

/** The place a code names (a metro before an airport of the same code), in a language; null when unknown. */
export function placeOf(code: string, language: PlaceLanguage): Place | null {
  index ??= build();
  if (!byCode) {
    byCode = new Map();
    for (const entry of index)
      if (!byCode.has(entry.place.en.code)) byCode.set(entry.place.en.code, entry);
  }
  return byCode.get(code.toUpperCase())?.place[language] ?? null;
}
