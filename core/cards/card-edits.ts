import { z } from 'zod';
import { AuditEntrySchema } from '../staff.ts';
import { CARD_BANKS, CARD_COUNTRIES } from './card.ts';
import {
  CardSchema,
  EarnRateSchema,
  IsoDateSchema,
  LocalizedTextSchema,
  WelcomeBonusSchema,
} from './card-schema.ts';

/**
 * What editors change on a card in the staff console (docs/staff.md#content), one contract for the
 * console's forms and the API. Every edit names where the fact was read (`source`) and the day it
 * was checked there (`checked`): the card page shows both.
 */
const Sourced = {
  /** The issuer's page (or a dated report) the new facts were read on. */
  source: z.url({ protocol: /^https?$/ }),
  /** The day someone read them there. */
  checked: IsoDateSchema,
};

/** The current welcome offer, or none (`bonus: null`); the change is added to the card's bonus history. */
export const WelcomeBonusEditSchema = z
  .object({
    bonus: WelcomeBonusSchema.pick({ amount: true, spend: true, months: true, until: true })
      .extend({
        extra: LocalizedTextSchema.optional(),
        status: z.enum(['confirmed', 'unconfirmed']),
      })
      .strict()
      .nullable(),
    ...Sourced,
  })
  .strict();
export type WelcomeBonusEdit = z.infer<typeof WelcomeBonusEditSchema>;

/** Fees and earn rates, with where they were checked: they become the card's `source` and `asOf`. */
export const CardFactsEditSchema = z
  .object({
    annualFee: z.number().nonnegative(),
    /** The first year's fee when it differs; null when it does not. */
    firstYearFee: z.number().nonnegative().nullable(),
    foreignFee: z.number().nonnegative().max(10),
    earn: z.array(EarnRateSchema).min(1).max(20),
    ...Sourced,
  })
  .strict();
export type CardFactsEdit = z.infer<typeof CardFactsEditSchema>;

/** A card in the console's list: enough to find it and see how fresh its facts are. */
export const StaffCardItemSchema = z.object({
  id: z.string(),
  name: LocalizedTextSchema,
  bank: z.enum(CARD_BANKS),
  country: z.enum(CARD_COUNTRIES),
  annualFee: z.number(),
  welcomeBonus: z
    .object({ amount: z.number(), status: z.enum(['confirmed', 'unconfirmed']).optional() })
    .nullable(),
  asOf: z.string(),
});
export type StaffCardItem = z.infer<typeof StaffCardItemSchema>;

/** One card as stored (offers past their end included), with its changes, newest first. */
export const StaffCardSchema = z.object({
  card: CardSchema,
  changes: z.array(AuditEntrySchema),
});
export type StaffCard = z.infer<typeof StaffCardSchema>;
