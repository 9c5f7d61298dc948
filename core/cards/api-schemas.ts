import { z } from 'zod';
import { MONEY_CURRENCIES } from '../locale.ts';
import type { LocalizedText } from './card.ts';
import type { ExchangeRates, PartnerView } from './reference.ts';
import { TransferSchema } from './points-currency.ts';

/**
 * What the card API answers besides the data files' own shapes (docs/cards.md#api): the cards,
 * currencies, hotel programmes and savings accounts answer in the schemas their files are checked
 * with (card.ts, points-currency.ts, reference.ts); these cover the rest, checked against their
 * types.
 */

/**
 * A name in the three languages, as the reference data files write it (data/programmes.json and
 * data/airlines.json are read without a schema, so this checks only that the three are there).
 */
export const LocalizedNameSchema = z.object({
  en: z.string(),
  'zh-Hant': z.string(),
  'zh-Hans': z.string(),
}) satisfies z.ZodType<LocalizedText>;

export const ExchangeRatesSchema = z.object({
  perUsd: z
    .record(z.enum(MONEY_CURRENCIES), z.number())
    .describe('Units of each money currency per US dollar'),
  asOf: z.string(),
  source: z.string(),
}) satisfies z.ZodType<ExchangeRates>;

export const PartnerViewSchema = z.object({
  programme: z.string(),
  kind: z.enum(['airline', 'hotel']),
  name: LocalizedNameSchema,
  ratio: TransferSchema.shape.ratio,
  time: TransferSchema.shape.time,
}) satisfies z.ZodType<PartnerView>;
