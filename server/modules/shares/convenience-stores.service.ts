import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import {
  ConvenienceStoresFileSchema,
  sourceLine,
  type ConvenienceOverview,
  type ConvenienceStoresFile,
} from '../../../core/shares/convenience-stores.ts';
import type { UsCardSupport } from '../../../core/shares/stores.ts';
import type { Stores } from './stores.service.ts';

const storesFile = fileURLToPath(new URL('../../../data/711_stores.json', import.meta.url));

/** How members may have written the chain's name on a store record (compared after folding, docs/shares.md#one-record-per-store). */
export const SEVEN_ELEVEN_NAMES = [
  '7-ELEVEN',
  '7-ELEVEN 統一超商',
  '統一超商',
  '7-11',
  '7-11 統一超商',
  'seven eleven',
] as const;

export interface EncodedFile {
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const MAX_LISTED = 1200;
const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** How many of `values` there are of each, the most first. */
function countsOf<Key extends string>(values: string[], key: Key) {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()]
    .map(
      ([name, total]) => ({ [key]: name, count: total }) as Record<Key, string> & { count: number },
    )
    .sort((a, b) => b.count - a.count);
}

const middle = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * The 7-ELEVEN stores (docs/shares.md#convenience-stores): data/711_stores.json, read when first
 * asked for (not at start: a server that is never asked reads nothing), with the chain's US-card
 * support from members' records. Each support state's file is encoded once; the cities are
 * counted once.
 */
export class ConvenienceStores {
  #file: ConvenienceStoresFile | null = null;
  #cities: ConvenienceOverview['cities'] | null = null;
  readonly #versions = new Map<UsCardSupport, EncodedFile>();
  #outline: ConvenienceOverview['outline'] | null = null;

  constructor(private readonly stores: Pick<Stores, 'supportOf'>) {}

  #data(): ConvenienceStoresFile {
    this.#file ??= ConvenienceStoresFileSchema.parse(JSON.parse(readFileSync(storesFile, 'utf8')));
    return this.#file;
  }

  /** Each city's count and the middle of its stores, for the map's markers. */
  #cityCounts(): ConvenienceOverview['cities'] {
    if (this.#cities) return this.#cities;
    const all = this.#data().stores;
    this.#cities = countsOf(
      all.map((store) => store.city),
      'city',
    ).map((entry) => {
      const inCity = all.filter((store) => store.city === entry.city);
      return {
        ...entry,
        lat: middle(inCity.map((store) => store.lat)),
        lon: middle(inCity.map((store) => store.lon)),
      };
    });
    return this.#cities;
  }

  async support(): Promise<UsCardSupport> {
    return (await this.stores.supportOf(SEVEN_ELEVEN_NAMES)) ?? 'unknown';
  }

  /** /static/711_stores.json for the chain's current support state. */
  async file(): Promise<EncodedFile> {
    const support = await this.support();
    const known = this.#versions.get(support);
    if (known) return known;
    const file = this.#data();
    const body = {
      ...file,
      usCardSupport: {
        state: support,
        from: 'members’ reports on /cardplus/uscard-in-tw (the 7-ELEVEN record)',
      },
      stores: file.stores.map((store) => ({ ...store, usCard: support })),
    };
    const identity = Buffer.from(JSON.stringify(body));
    const version = {
      etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
      identity,
      br: brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip: gzipSync(identity, { level: 9 }),
    };
    this.#versions.set(support, version);
    return version;
  }

  /** Counts by city, the districts and stores of a chosen city, and the map's outline. */
  async overview(
    city: string | undefined,
    district: string | undefined,
  ): Promise<ConvenienceOverview> {
    const file = this.#data();
    const inCity = city ? file.stores.filter((store) => store.city === city) : [];
    const listed = district ? inCity.filter((store) => store.district === district) : inCity;
    return {
      chain: file.chain,
      source: file.source,
      licence: file.licence,
      ...sourceLine(file.source, file.licence),
      asOf: file.asOf,
      support: await this.support(),
      total: file.stores.length,
      cities: this.#cityCounts(),
      districts: countsOf(
        inCity.map((store) => store.district),
        'district',
      ),
      stores: listed.slice(0, MAX_LISTED),
      outline: this.#taiwan(),
    };
  }

  #taiwan(): ConvenienceOverview['outline'] {
    if (this.#outline) return this.#outline;
    const require = createRequire(import.meta.url);
    const world = require('world-atlas/countries-10m.json') as Topology<{
      countries: GeometryCollection<{ name: string }>;
    }>;
    const taiwan = feature(world, world.objects.countries).features.find(
      (country) => country.id === '158',
    );
    const geometry = taiwan?.geometry as Polygon | MultiPolygon | undefined;
    const polygons = geometry
      ? geometry.type === 'Polygon'
        ? [geometry.coordinates]
        : geometry.coordinates
      : [];
    this.#outline = {
      type: 'MultiPolygon',
      coordinates: polygons.map((polygon) =>
        polygon.map((ring) => ring.map(([lon = 0, lat = 0]) => [round3(lon), round3(lat)])),
      ),
    };
    return this.#outline;
  }
}
