import { z } from 'zod';
import { IsoDateSchema, LocalizedTextSchema } from '../cards/card-schema.ts';
import { AuditEntrySchema } from '../staff.ts';
import { StorefrontProgrammeSchema } from './catalogue-schema.ts';

/**
 * A programme's new base price in the storefront (docs/staff.md#content): per 1,000 in the
 * programme's currency, from `since` (a day after the current price began, and not after today:
 * a price is entered on the day it applies), read on `source` on the day `checked`. The current
 * price ends the day before; the programme's guide quotes the new one.
 */
export const BasePriceEditSchema = z
  .object({
    since: IsoDateSchema,
    amount: z.number().positive().max(10_000),
    source: z.url({ protocol: /^https?$/ }),
    checked: IsoDateSchema,
  })
  .strict();
export type BasePriceEdit = z.infer<typeof BasePriceEditSchema>;

/** The console's storefront programmes as stored, with their names and the latest changes. */
export const StaffStorefrontProgrammesSchema = z.object({
  programmes: z.array(
    z.object({ programme: StorefrontProgrammeSchema, name: LocalizedTextSchema }),
  ),
  changes: z.array(AuditEntrySchema),
});
export type StaffStorefrontProgrammes = z.infer<typeof StaffStorefrontProgrammesSchema>;
