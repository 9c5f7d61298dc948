import { z } from 'zod';
import { AuditEntrySchema } from '../staff.ts';
import { IsoDateSchema } from '../cards/card-schema.ts';
import { TransferBonusSchema } from './transfer-schemas.ts';

/**
 * What editors do with transfer bonuses in the staff console (docs/staff.md#content): add one
 * (unconfirmed until an announcement is found), change its terms, or confirm it with the
 * announcement's address. Every edit names where it was read and the day it was checked.
 */
const Url = z.url({ protocol: /^https?$/ });
const Terms = {
  /** Added to what the partner receives: 30 turns 1,000 miles into 1,300. */
  percent: z.number().positive().max(200),
  start: IsoDateSchema,
  /** The last day it applies, inclusive. */
  end: IsoDateSchema,
  /** The bank's transfer page (or the report) the terms were read on. */
  source: Url,
  checked: IsoDateSchema,
};

export const TransferBonusTermsSchema = z
  .object(Terms)
  .strict()
  .refine((terms) => terms.start <= terms.end, { message: 'ends before it starts', path: ['end'] });
export type TransferBonusTerms = z.infer<typeof TransferBonusTermsSchema>;

export const NewTransferBonusSchema = z
  .object({ from: z.string().min(1).max(60), to: z.string().min(1).max(60), ...Terms })
  .strict()
  .refine((terms) => terms.start <= terms.end, { message: 'ends before it starts', path: ['end'] });
export type NewTransferBonus = z.infer<typeof NewTransferBonusSchema>;

/** Confirming: the bank's announcement (or a dated report) and the day it was checked. */
export const TransferBonusConfirmSchema = z
  .object({
    announcement: z.object({ url: Url, date: IsoDateSchema }).strict(),
    checked: IsoDateSchema,
  })
  .strict();
export type TransferBonusConfirm = z.infer<typeof TransferBonusConfirmSchema>;

/** The console's list: every bonus (ended ones too), the currencies that transfer and where to. */
export const StaffTransferBonusesSchema = z.object({
  bonuses: z.array(TransferBonusSchema),
  partners: z.array(z.object({ from: z.string(), to: z.array(z.string()) })),
  changes: z.array(AuditEntrySchema),
});
export type StaffTransferBonuses = z.infer<typeof StaffTransferBonusesSchema>;
