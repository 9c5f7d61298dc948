import { z } from 'zod';
import { US_CARD_SUPPORT } from './stores.ts';

/**
 * The 7-ELEVEN stores of /static/711_stores.json (docs/product/cards.md#stores-that-take-us-cards; docs/shares.md#convenience-stores):
 * built by `npm run data:711` from a committed store list, with the US-card support that members
 * report for the chain added when it is served.
 */

/** Taiwan's land, as boxes: the main island with Green Island, Orchid Island and Liuqiu; Penghu; Kinmen; Matsu. */
export const TAIWAN_BOXES = [
  { south: 21.85, north: 25.35, west: 120.0, east: 122.05 },
  { south: 23.15, north: 23.8, west: 119.3, east: 119.75 },
  { south: 24.35, north: 24.55, west: 118.1, east: 118.5 },
  { south: 25.9, north: 26.4, west: 119.85, east: 120.55 },
] as const;

export function insideTaiwan(lat: number, lon: number): boolean {
  return TAIWAN_BOXES.some(
    (box) => lat >= box.south && lat <= box.north && lon >= box.west && lon <= box.east,
  );
}

/** One store's fields, as the file writes them and the API answers them. */
const ConvenienceStoreFields = z.object({
  /** The chain's store number where the source has it, else null. */
  id: z.string().nullable(),
  /** The store's name as the chain writes it, without 門市. */
  name: z.string().min(1),
  address: z.string().min(1),
  city: z.string().min(1),
  district: z.string(),
  lat: z.number(),
  lon: z.number(),
});

/** A store of the file: those fields only, and in Taiwan. */
export const ConvenienceStoreSchema = ConvenienceStoreFields.strict().refine(
  (store) => insideTaiwan(store.lat, store.lon),
  'coordinates outside Taiwan',
);
export type ConvenienceStore = z.infer<typeof ConvenienceStoreSchema>;

/**
 * The page's source line (docs/shares.md#convenience-stores): the file keeps its full provenance
 * (the commit, the notes on the licence) for the download and for staff; a reader gets the
 * project's address as a link and the licence's name.
 */
export function sourceLine(source: string, licence: string) {
  const address = /\b((?:github\.com|gitlab\.com)\/[\w.-]+\/[\w.-]+)/.exec(source)?.[1];
  return {
    sourceLink: address ? { url: `https://${address}`, label: address } : null,
    licenceName: licence.split(/[,;(]/)[0]?.trim() || licence,
  };
}

/** data/711_stores.json as the import script writes it. */
export const ConvenienceStoresFileSchema = z
  .object({
    description: z.string(),
    chain: z.string(),
    source: z.string(),
    licence: z.string(),
    asOf: z.string(),
    stores: z.array(ConvenienceStoreSchema),
  })
  .strict();
export type ConvenienceStoresFile = z.infer<typeof ConvenienceStoresFileSchema>;

/** What /static/711_stores.json serves: the file, with members' word on US cards for the chain and each store. */
export const ServedConvenienceStoresSchema = ConvenienceStoresFileSchema.extend({
  usCardSupport: z.object({ state: z.enum(US_CARD_SUPPORT), from: z.string() }),
  stores: z.array(ConvenienceStoreFields.extend({ usCard: z.enum(US_CARD_SUPPORT) })),
});

/** /api/convenience-stores: counts by city and district, the stores of one, and Taiwan's outline for the map. */
export const ConvenienceOverviewSchema = z.object({
  chain: z.string(),
  source: z.string(),
  licence: z.string(),
  /** The source as a reader's link and the licence's name, for the page's line (sourceLine). */
  sourceLink: z.object({ url: z.string(), label: z.string() }).nullable(),
  licenceName: z.string(),
  asOf: z.string(),
  support: z.enum(US_CARD_SUPPORT),
  total: z.number(),
  /** Each city's store count and the middle of its stores (the map's markers). */
  cities: z.array(
    z.object({ city: z.string(), count: z.number(), lat: z.number(), lon: z.number() }),
  ),
  districts: z.array(z.object({ district: z.string(), count: z.number() })),
  /** The stores of the chosen city (and district). */
  stores: z.array(ConvenienceStoreFields),
  /** Taiwan's outline (Natural Earth 1:10m through world-atlas, public domain), as a GeoJSON MultiPolygon. */
  outline: z.object({
    type: z.literal('MultiPolygon'),
    coordinates: z.array(z.array(z.array(z.array(z.number())))),
  }),
});
export type ConvenienceOverview = z.infer<typeof ConvenienceOverviewSchema>;
