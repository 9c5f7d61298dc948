import { z } from 'zod';

/**
 * Purchase limits as a programme states them, with 'unknown' as a value of its own
 * (docs/data-audit.md#unknown-is-its-own-value). A limit nobody could confirm is not 'no limit':
 * the storefront takes no order that rests on one, and the explorer quotes no purchase under one.
 */

/** The most one account may buy in a calendar year. */
export const AnnualCapSchema = z.union([
  z.object({ miles: z.number().int().positive() }).strict(),
  /** Credible sources disagree: the storefront enforces the lowest and says so. */
  z
    .object({ lowest: z.number().int().positive(), highest: z.number().int().positive() })
    .strict()
    .refine((range) => range.lowest < range.highest, 'the lowest is not below the highest'),
  /** The programme says there is no yearly limit. */
  z.literal('none'),
  z.literal('unknown'),
]);
export type AnnualCap = z.infer<typeof AnnualCapSchema>;

/** The most one order may buy: a number, 'none-stated' (the programme's terms give only the yearly limit), or unknown. */
export const PerOrderMaxSchema = z.union([
  z.number().int().positive(),
  z.literal('none-stated'),
  z.literal('unknown'),
]);
export type PerOrderMax = z.infer<typeof PerOrderMaxSchema>;

/** Whether a sale's bonus miles count toward the yearly cap. */
export const BonusCountSchema = z.enum(['yes', 'no', 'unknown']);
export type BonusCount = z.infer<typeof BonusCountSchema>;

/** Hours a programme takes to post a purchase, as it states them. */
export const PostingHoursSchema = z.union([
  z
    .object({ usual: z.number().int().nonnegative(), most: z.number().int().positive() })
    .strict()
    .refine((hours) => hours.most >= hours.usual, 'most is below usual'),
  z.literal('unknown'),
]);
export type PostingHours = z.infer<typeof PostingHoursSchema>;

/** The limits an order is checked against once every one of them is known. */
export interface KnownLimits {
  increment: number;
  minPerOrder: number;
  maxPerOrder: number;
  /** null: the programme states there is no yearly cap. */
  annualCap: number | null;
  capIncludesBonus: boolean;
}

/** Why a programme takes no orders: its price, its yearly cap or its per-order maximum is not confirmed. */
export const CLOSED_REASONS = ['price-unconfirmed', 'cap-unknown', 'max-unknown'] as const;
export type ClosedReason = (typeof CLOSED_REASONS)[number];

/** Why orders are closed, or how an open programme's limits were read (the page says each). */
export type LimitReading =
  | { open: false; reason: ClosedReason }
  | {
      open: true;
      limits: KnownLimits;
      /** The cap is the lowest of a range credible sources disagree on. */
      capIsLowestOfRange: boolean;
      /** Nobody states whether bonus miles count, so they are counted (the reading that never passes the cap). */
      bonusCountedToBeSafe: boolean;
    };

export interface StatedLimits {
  increment: number;
  minPerOrder: number;
  maxPerOrder: PerOrderMax;
  annualCap: AnnualCap;
  capIncludesBonus: BonusCount;
  /** False when no source confirms today's base price (or the price depends on the quantity in a way not modelled). */
  priceConfirmed?: boolean;
}

/** The yearly cap the storefront enforces: the stated one, the lowest of a range, none, or unknown. */
export function enforcedCap(cap: AnnualCap): number | null | 'unknown' {
  if (cap === 'unknown') return 'unknown';
  if (cap === 'none') return null;
  return 'miles' in cap ? cap.miles : cap.lowest;
}

/**
 * Reads a programme's stated limits into the ones an order is checked against. Orders close when
 * today's price is not confirmed, when the yearly cap is unknown, or when the per-order maximum is unknown (or stated nowhere and no
 * yearly cap bounds it). An unknown bonus rule does not close them: counting the bonus is the
 * reading that keeps every order inside the cap whichever way the programme counts.
 */
export function readLimits(stated: StatedLimits): LimitReading {
  if (stated.priceConfirmed === false) return { open: false, reason: 'price-unconfirmed' };
  const cap = enforcedCap(stated.annualCap);
  if (cap === 'unknown') return { open: false, reason: 'cap-unknown' };
  const maxPerOrder =
    stated.maxPerOrder === 'none-stated'
      ? cap
      : stated.maxPerOrder === 'unknown'
        ? null
        : Math.min(stated.maxPerOrder, cap ?? Infinity);
  if (maxPerOrder === null) return { open: false, reason: 'max-unknown' };
  const highest = Math.floor(maxPerOrder / stated.increment) * stated.increment;
  if (highest < stated.minPerOrder) return { open: false, reason: 'max-unknown' };
  return {
    open: true,
    limits: {
      increment: stated.increment,
      minPerOrder: stated.minPerOrder,
      maxPerOrder: highest,
      annualCap: cap,
      capIncludesBonus: stated.capIncludesBonus !== 'no',
    },
    capIsLowestOfRange: typeof stated.annualCap === 'object' && 'lowest' in stated.annualCap,
    bonusCountedToBeSafe: stated.capIncludesBonus === 'unknown',
  };
}

/** The quantities a price table shows for a programme whose orders are closed: up to its lowest known bound, else 100,000. */
export function displayLimits(stated: StatedLimits): KnownLimits {
  const reading = readLimits(stated);
  if (reading.open) return reading.limits;
  const cap = enforcedCap(stated.annualCap);
  const bound =
    typeof stated.maxPerOrder === 'number'
      ? stated.maxPerOrder
      : typeof cap === 'number'
        ? cap
        : 100_000;
  return {
    increment: stated.increment,
    minPerOrder: stated.minPerOrder,
    maxPerOrder: Math.max(
      stated.minPerOrder,
      Math.floor(bound / stated.increment) * stated.increment,
    ),
    annualCap: null,
    capIncludesBonus: true,
  };
}
