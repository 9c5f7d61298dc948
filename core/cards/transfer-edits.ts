import { z } from 'zod';
import { AuditEntrySchema } from '../staff.ts';
import { IsoDateSchema } from './card-schema.ts';
import { PointsCurrencySchema, TRANSFER_TIMES } from './points-currency.ts';

const Url = z.url({ protocol: /^https?$/ });

/**
 * An editor's new transfer ratio (docs/staff.md#content): from `since` on, `ratio.from` points of
 * the currency become `ratio.to` of the partner's; the ratio before it ends the day before. A
 * partner the currency did not transfer to yet becomes one (its transfer time is then needed).
 * Announced changes are entered ahead: the lookup shows the next ratio until its day.
 */
export const TransferRatioEditSchema = z
  .object({
    to: z.string().min(1).max(60),
    ratio: z
      .object({ from: z.number().positive().max(1000), to: z.number().positive().max(1000) })
      .strict(),
    since: IsoDateSchema,
    time: z.enum(TRANSFER_TIMES).optional(),
    source: Url,
    checked: IsoDateSchema,
  })
  .strict();
export type TransferRatioEdit = z.infer<typeof TransferRatioEditSchema>;

/** A partnership that ends: its last day, where that was announced, and when it was checked. */
export const TransferEndSchema = z
  .object({
    to: z.string().min(1).max(60),
    until: IsoDateSchema,
    source: Url,
    checked: IsoDateSchema,
  })
  .strict();
export type TransferEnd = z.infer<typeof TransferEndSchema>;

/** The console's points currencies as stored, with the programmes a transfer may name and the latest changes. */
export const StaffCurrenciesSchema = z.object({
  currencies: z.array(PointsCurrencySchema),
  programmes: z.array(z.string()),
  changes: z.array(AuditEntrySchema),
});
export type StaffCurrencies = z.infer<typeof StaffCurrenciesSchema>;
