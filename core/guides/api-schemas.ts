import { z } from 'zod';
import type { AwardChart, PriceBasis } from '../awards/award-pricing.ts';
import { CabinSchema, SearchAllianceSchema } from '../awards/api-schemas.ts';
import { LocalizedNameSchema } from '../cards/api-schemas.ts';
import { CURRENCY_KINDS, TransferSchema } from '../cards/points-currency.ts';
import type {
  ExplorerNames,
  LibraryEntry,
  PartnerAirlines,
  ProgrammePage,
  TransferSource,
} from './contract.ts';
import {
  SaleCampaignSchema,
  type BuyQuote,
  type ChartOption,
  type ExplorerDestination,
  type ExplorerResult,
  type MilesSource,
  type ProgrammeHolding,
} from './explorer.ts';
import { PriceSchema, ProgrammeGuideSchema } from './guide.ts';
import type { TransferPartnerRow } from './transfers.ts';

/**
 * What the guides API answers (docs/guides.md#api), as zod schemas of the types in contract.ts,
 * transfers.ts and explorer.ts, each checked against its type. Guides, themes and sale campaigns
 * answer in the schemas their data files are checked with.
 */

const Ratio = TransferSchema.shape.ratio;
const ProgrammeKind = z.enum(['airline', 'hotel']);

export const LibraryEntrySchema = z.object({
  id: z.string(),
  kind: ProgrammeKind,
  name: LocalizedNameSchema,
  alliance: SearchAllianceSchema.nullable(),
  owner: z
    .object({ code: z.string().nullable(), name: LocalizedNameSchema })
    .nullable()
    .describe('The airline (IATA code and name) or hotel group that runs the programme'),
  hasGuide: z.boolean(),
  hasChart: z.boolean(),
}) satisfies z.ZodType<LibraryEntry>;

export const TransferPartnerRowSchema = z.object({
  from: z.object({ id: z.string(), kind: z.enum(CURRENCY_KINDS), name: LocalizedNameSchema }),
  to: z.object({ id: z.string(), kind: ProgrammeKind, name: LocalizedNameSchema }),
  ratio: Ratio,
  minimum: z.number().nullable(),
  increment: z.number().nullable(),
  time: TransferSchema.shape.time,
  note: LocalizedNameSchema.nullable(),
  since: z.string().nullable().describe('The first day this ratio applies, YYYY-MM-DD, when known'),
  until: z
    .string()
    .nullable()
    .describe('The last day this ratio applies, when a change is announced'),
  source: z.string().nullable().describe('The page that states this ratio'),
  checked: z.string().nullable().describe('The day the ratio was checked on that page'),
  next: z
    .object({ ratio: Ratio, since: z.string(), source: z.string().nullable() })
    .nullable()
    .describe('The ratio announced to follow this one'),
  bonus: z
    .object({
      percent: z.number(),
      start: z.string(),
      end: z.string(),
      source: z.string(),
      status: z
        .enum(['confirmed', 'unconfirmed'])
        .describe('unconfirmed: no announcement of the bonus was found; it is not applied'),
      announcement: z.object({ url: z.string(), date: z.string() }).nullable(),
      ratio: Ratio.nullable().describe(
        'The ratio with the bonus applied; null for an unconfirmed bonus',
      ),
    })
    .nullable()
    .describe('The transfer bonus running today, if any'),
}) satisfies z.ZodType<TransferPartnerRow>;

export const TransferSourceSchema = z.object({
  id: z.string(),
  kind: z.enum(CURRENCY_KINDS),
  country: z.enum(['US', 'TW', 'global']),
  name: LocalizedNameSchema,
}) satisfies z.ZodType<TransferSource>;

const CabinPrices = {
  economy: z.number().nullable(),
  premium: z.number().nullable(),
  business: z.number().nullable(),
  first: z.number().nullable(),
};

/** A programme's award chart as data/award-charts.json holds it (core/awards/award-pricing.ts reads it). */
export const AwardChartSchema = z.object({
  programme: z.string(),
  bookable: z.object({ alliances: z.array(SearchAllianceSchema), airlines: z.array(z.string()) }),
  pricing: z.enum(['distance', 'zone', 'zone-distance']),
  perSegment: z.boolean(),
  bands: z.array(z.object({ maxMiles: z.number().nullable(), ...CabinPrices })).nullable(),
  regions: z
    .record(
      z.string(),
      z.object({ countries: z.array(z.string()), airports: z.array(z.string()).optional() }),
    )
    .nullable(),
  zonePrices: z
    .array(
      z.object({
        from: z.string(),
        to: z.string(),
        maxMiles: z.number().nullable().optional(),
        oneDirection: z.boolean().optional(),
        ...CabinPrices,
      }),
    )
    .nullable(),
  fees: z.object({
    currency: z.literal('USD'),
    perSegment: z.number(),
    perItinerary: z.number(),
    carrierSurchargePerSegment: z.record(z.string(), z.number()),
  }),
  oneWay: z.boolean(),
  dynamic: z
    .object({ airlines: z.array(z.string()), since: z.string().optional(), source: z.string() })
    .nullable()
    .describe(
      "Set when the programme prices by demand (on every flight, or these airlines'): the rows are its usual lowest levels, estimates",
    ),
  superseded: z
    .object({ since: z.string(), source: z.string() })
    .nullable()
    .optional()
    .describe(
      'The programme changed its prices from this day without publishing them: the rows are the earlier prices, priced by nothing',
    ),
  checked: z.string().optional(),
  notes: z.array(z.string()),
  sources: z.array(z.string()),
  corrections: z
    .array(
      z.object({
        row: z.string(),
        cabin: CabinSchema,
        before: z.number().nullable(),
        after: z.number().nullable(),
        source: z.string(),
        checked: z.string(),
      }),
    )
    .optional(),
}) satisfies z.ZodType<AwardChart>;

const PartnerAirlineSchema = z.object({
  iata: z.string(),
  name: LocalizedNameSchema,
  rank: z.object({
    en: z.number().int(),
    'zh-Hant': z.number().int(),
    'zh-Hans': z.number().int(),
  }),
});
export const PartnerAirlinesSchema = z.object({
  alliance: SearchAllianceSchema.nullable(),
  members: z.array(PartnerAirlineSchema),
  others: z.array(PartnerAirlineSchema),
}) satisfies z.ZodType<PartnerAirlines>;

export const ProgrammePageSchema = z.object({
  programme: LibraryEntrySchema.extend({ currency: z.enum(['miles', 'points']) }),
  guide: ProgrammeGuideSchema.nullable(),
  chart: AwardChartSchema.nullable(),
  transfersIn: z.array(TransferPartnerRowSchema),
  transfersOut: z.array(TransferPartnerRowSchema),
  partnerAirlines: PartnerAirlinesSchema.nullable(),
  sale: SaleCampaignSchema.nullable(),
}) satisfies z.ZodType<ProgrammePage>;

export const PriceBasisSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('distance'),
    perSegment: z.boolean(),
    parts: z.array(
      z.object({
        miles: z.number(),
        band: z.object({ above: z.number(), upTo: z.number().nullable() }),
        price: z.number(),
      }),
    ),
  }),
  z.object({
    kind: z.literal('zone'),
    from: z.string(),
    to: z.string(),
    miles: z.number(),
    upTo: z.number().nullable(),
  }),
]) satisfies z.ZodType<PriceBasis>;

export const ChartOptionSchema = z.object({
  programme: z.string(),
  miles: z.number(),
  feesUsd: z.number(),
  halfOfRoundTrip: z.boolean(),
  estimate: z.boolean(),
  legs: z.array(
    z.object({ airline: z.string(), from: z.string(), to: z.string(), miles: z.number() }),
  ),
  basis: PriceBasisSchema,
}) satisfies z.ZodType<ChartOption>;

export const MilesSourceSchema = z.object({
  currency: z.string(),
  points: z.number(),
  transfer: z
    .object({
      ratio: Ratio,
      minimum: z.number().nullable(),
      increment: z.number().nullable(),
      bonusPercent: z.number(),
      bonusEnds: z.string().nullable(),
    })
    .nullable()
    .describe('Null for miles held in the programme itself'),
  miles: z.number(),
}) satisfies z.ZodType<MilesSource>;

export const ProgrammeHoldingSchema = z.object({
  programme: z.string(),
  miles: z.number(),
  sources: z.array(MilesSourceSchema),
}) satisfies z.ZodType<ProgrammeHolding>;

export const BuyQuoteSchema = z.object({
  programme: z.string(),
  missing: z.number(),
  bought: z.number(),
  bonusMiles: z.number(),
  cost: z.object({ amount: z.number(), currency: PriceSchema.shape.currency }),
  campaign: z
    .object({
      id: z.string(),
      discountPercent: z.number(),
      bonusPercent: z.number(),
      end: z.string(),
    })
    .nullable(),
  countedTowardsCap: z.number(),
  annualCap: z.number().nullable(),
}) satisfies z.ZodType<BuyQuote>;

const UsedPoints = z.object({ currency: z.string(), points: z.number(), miles: z.number() });

export const ExplorerDestinationSchema = z.object({
  airport: z.string(),
  country: z.string(),
  lat: z.number(),
  lon: z.number(),
  option: ChartOptionSchema,
  reachable: z.boolean(),
  use: z.array(UsedPoints).nullable(),
  held: z.number(),
  buy: BuyQuoteSchema.nullable(),
}) satisfies z.ZodType<ExplorerDestination>;

export const ExplorerResultSchema = z.object({
  origin: z.object({
    code: z.string(),
    airports: z.array(z.string()),
    lat: z.number(),
    lon: z.number(),
  }),
  cabin: CabinSchema,
  holdings: z.array(ProgrammeHoldingSchema),
  destinations: z.array(ExplorerDestinationSchema),
  programmesReached: z.array(z.string()),
}) satisfies z.ZodType<ExplorerResult>;

export const ExplorerNamesSchema = z.object({
  places: z.record(z.string(), z.object({ city: z.string(), name: z.string() })),
  airlines: z.record(z.string(), z.string()),
  programmes: z.record(z.string(), z.string()),
  currencies: z.record(z.string(), z.string()),
}) satisfies z.ZodType<ExplorerNames>;
