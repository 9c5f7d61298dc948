import { z } from 'zod';
import { CABINS, type Cabin } from '../awards/simulated-schedule.ts';

/** The redeem explorer's form (docs/product/guides.md#redeem-explorer): its limits, errors and checks. */

/** A one-stop trip may fly at most this much further than the great circle (as the search engine allows). */
export const EXPLORER_DETOUR_LIMIT = 1.6;
export const MAX_EXPLORER_POINTS = 100_000_000;

export const EXPLORER_ERRORS = [
  'amount-required',
  'amount-invalid',
  'source-required',
  'source-unknown',
  'origin-required',
  'origin-unknown',
  'cabin-invalid',
] as const;
export type ExplorerError = (typeof EXPLORER_ERRORS)[number];

/** The form as the page sends it (query strings): checked in the order of docs/product/guides.md#redeem-explorer, amount then system. */
export const ExplorerQuerySchema = z
  .object({
    amount: z.string().trim().optional(),
    source: z.string().trim().max(60).optional(),
    origin: z.string().trim().max(3).optional(),
    cabin: z.string().optional(),
    /** `wallet=1`: the member's saved balances instead of an amount and a source. */
    wallet: z.enum(['0', '1']).optional(),
    /** `buy=1`: also destinations just out of reach, with the cost of the missing miles. */
    buy: z.enum(['0', '1']).optional(),
  })
  .strict();
export type ExplorerForm = z.infer<typeof ExplorerQuerySchema>;

/** The form once checked: an amount and its source are null in wallet mode. */
export interface ExplorerQuestion {
  amount: number | null;
  source: string | null;
  origin: string;
  cabin: Cabin;
  buy: boolean;
  wallet: boolean;
}

/**
 * Checks the form; field errors name what is wrong (docs/product/guides.md#redeem-explorer: an
 * amount of points or miles and a points system or programme are both required). Wallet mode needs
 * neither.
 */
export function checkExplorerForm(
  form: ExplorerForm,
  known: { currency: (id: string) => boolean; origin: (code: string) => boolean },
):
  | { request: ExplorerQuestion }
  | { errors: Partial<Record<'amount' | 'source' | 'origin' | 'cabin', ExplorerError>> } {
  const errors: Partial<Record<'amount' | 'source' | 'origin' | 'cabin', ExplorerError>> = {};
  const wallet = form.wallet === '1';
  let amount: number | null = null;
  if (!wallet) {
    const text = (form.amount ?? '').replaceAll(',', '');
    if (text === '') errors.amount = 'amount-required';
    else if (!/^\d+$/.test(text) || Number(text) <= 0 || Number(text) > MAX_EXPLORER_POINTS)
      errors.amount = 'amount-invalid';
    else amount = Number(text);
    if (!form.source) errors.source = 'source-required';
    else if (!known.currency(form.source)) errors.source = 'source-unknown';
  }
  const origin = (form.origin ?? '').toUpperCase();
  if (!origin) errors.origin = 'origin-required';
  else if (!known.origin(origin)) errors.origin = 'origin-unknown';
  const cabin = form.cabin ?? 'economy';
  if (!(CABINS as readonly string[]).includes(cabin)) errors.cabin = 'cabin-invalid';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    request: {
      amount,
      source: wallet ? null : (form.source ?? null),
      origin,
      cabin: cabin as Cabin,
      buy: form.buy === '1',
      wallet,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The network: airports, nonstop routes and the charts that price them.
