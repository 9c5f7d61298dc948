import { z } from 'zod';
import { holdsOn } from '../dated.ts';
import { IdSchema, IsoDateSchema as IsoDate, LocalizedTextSchema } from './card-schema.ts';

/**
 * What a card earns: a bank's points (Chase Ultimate Rewards), an airline or hotel programme's
 * miles or points (for co-branded cards, the programme's own id from data/programmes.json or
 * data/hotel-programmes.json), or cash. Each has a value in US cents per point, with its source, so
 * the finder can price earnings; a bank currency lists the programmes it transfers to.
 */

export const CURRENCY_KINDS = ['bank', 'airline', 'hotel', 'cash'] as const;
export type CurrencyKind = (typeof CURRENCY_KINDS)[number];
export const TRANSFER_TIMES = ['instant', 'hours', 'days'] as const;
export const REDEEM_WAYS = [
  'transfer',
  'portal',
  'statement',
  'cash',
  'gift-cards',
  'award',
  'miles',
] as const;

export const TransferSchema = z
  .object({
    /** A programme id (airline: data/programmes.json; hotel: data/hotel-programmes.json). */
    to: z.string().min(1),
    /** `from` points of this currency become `to` of the programme's. */
    ratio: z.object({ from: z.number().positive(), to: z.number().positive() }).strict(),
    minimum: z.number().positive().optional(),
    increment: z.number().positive().optional(),
    time: z.enum(TRANSFER_TIMES),
    note: LocalizedTextSchema.optional(),
    /** The first day this ratio applies; absent when it has no known start (core/dated.ts). */
    since: IsoDate.optional(),
    /** The last day this ratio applies; a later entry for the same partner takes over the next day. */
    until: IsoDate.optional(),
    /** The page that states this ratio, and the day someone checked it there. */
    source: z.string().url().optional(),
    checked: IsoDate.optional(),
  })
  .strict()
  .refine((transfer) => !transfer.since || !transfer.until || transfer.since <= transfer.until, {
    message: 'a ratio ends before it starts',
    path: ['until'],
  });
export type Transfer = z.infer<typeof TransferSchema>;

export const PointsCurrencySchema = z
  .object({
    id: IdSchema,
    name: LocalizedTextSchema,
    kind: z.enum(CURRENCY_KINDS),
    country: z.enum(['US', 'TW', 'global']),
    /** Value of one point in US cents (TPG-style valuation); cash is 1 per cent, i.e. 1. */
    cents: z.number().positive(),
    valuationSource: z.string().url(),
    asOf: IsoDate,
    transfers: z.array(TransferSchema).default([]),
    /** How to redeem it, best first, for /cardplus/redeem. */
    redeem: z
      .array(
        z
          .object({
            way: z.enum(REDEEM_WAYS),
            centsPerPoint: z.number().positive().optional(),
            note: LocalizedTextSchema,
          })
          .strict(),
      )
      .default([]),
    unverified: z.array(z.string()).default([]),
  })
  .strict()
  .superRefine((currency, context) => {
    // One partner may be listed more than once only with periods that do not overlap.
    currency.transfers.forEach((transfer, index) => {
      const clash = currency.transfers.findIndex(
        (other, at) =>
          at < index &&
          other.to === transfer.to &&
          (!other.until || !transfer.since || transfer.since <= other.until) &&
          (!transfer.until || !other.since || other.since <= transfer.until),
      );
      if (clash >= 0)
        context.addIssue({
          code: 'custom',
          path: ['transfers', index],
          message: `overlaps the ratio to ${transfer.to} listed at ${clash}`,
        });
    });
  });
export type PointsCurrency = z.infer<typeof PointsCurrencySchema>;

/** The currency as it stands on `day`: only the transfer ratios that apply that day. */
export function currencyOn(currency: PointsCurrency, day: string): PointsCurrency {
  if (currency.transfers.every((transfer) => !transfer.since && !transfer.until)) return currency;
  return {
    ...currency,
    transfers: currency.transfers.filter((transfer) => holdsOn(transfer, day)),
  };
}
