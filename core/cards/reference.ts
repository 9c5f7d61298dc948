import { z } from 'zod';
import type { MoneyCurrency } from '../locale.ts';
import type { LocalizedText } from './card.ts';
import { IsoDateSchema, LocalizedTextSchema } from './card-schema.ts';
import type { PointsCurrency, Transfer } from './points-currency.ts';

/**
 * What the card pages need besides the cards, in one shape for the data files, the server that
 * answers `GET /api/cards/reference` and `GET /api/cards/:id`, and the pages.
 */

export const HotelProgrammeSchema = z
  .object({ id: z.string(), name: LocalizedTextSchema, chain: z.string(), site: z.string().url() })
  .strict();
export type HotelProgramme = z.infer<typeof HotelProgrammeSchema>;

export const SavingsAccountSchema = z
  .object({
    id: z.string(),
    country: z.enum(['US', 'TW']),
    bank: z.string(),
    name: LocalizedTextSchema,
    /** Annual percentage yield, percent. */
    apy: z.number().nonnegative(),
    /** Balance the rate applies up to (TW digital accounts cap it); none: no cap. */
    rateCap: z.number().positive().optional(),
    minimumDeposit: z.number().nonnegative(),
    monthlyFee: z.number().nonnegative(),
    insurance: z.enum(['FDIC', 'NCUA', 'CDIC']),
    note: LocalizedTextSchema.optional(),
    /** The last day of a promotional rate (inclusive); after it the account is not listed until a new rate is found. */
    until: IsoDateSchema.optional(),
    source: z.string().url(),
    asOf: IsoDateSchema,
  })
  .strict();
export type SavingsAccount = z.infer<typeof SavingsAccountSchema>;

/** Units of each money currency per US dollar, with the date they were taken. */
export interface ExchangeRates {
  perUsd: Record<MoneyCurrency, number>;
  asOf: string;
  source: string;
}

export interface CardReference {
  currencies: PointsCurrency[];
  hotelProgrammes: HotelProgramme[];
  savingsAccounts: SavingsAccount[];
  rates: ExchangeRates;
}

/** A transfer partner as the card page shows it: the programme's names with the ratio. */
export interface PartnerView {
  programme: string;
  kind: 'airline' | 'hotel';
  name: LocalizedText;
  ratio: Transfer['ratio'];
  time: Transfer['time'];
}
