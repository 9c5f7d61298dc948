import { z } from 'zod';
import { IsoDateSchema } from '../cards/card-schema.ts';
import { AuditEntrySchema } from '../staff.ts';
import { ProgrammeGuideSchema, ProgrammeRulesSchema } from './guide.ts';

/**
 * An editor's change of a programme's facts (docs/staff.md#content): its rules as the guide states
 * them (purchase, validity, partner-redemption fee, seat hold, stopover; null where the sources
 * do not settle one), read on `source` on the day `checked`. The guide's sources gain the address
 * and its check day becomes `checked`.
 */
export const GuideRulesEditSchema = z
  .object({
    rules: ProgrammeRulesSchema,
    source: z.url({ protocol: /^https?$/ }),
    checked: IsoDateSchema,
  })
  .strict();
export type GuideRulesEdit = z.infer<typeof GuideRulesEditSchema>;

/** One programme's guide as stored, whether the storefront sells it, and its changes. */
export const StaffGuideSchema = z.object({
  guide: ProgrammeGuideSchema,
  /** Sold on the storefront: its purchase price and yearly cap follow the storefront's. */
  onStorefront: z.boolean(),
  changes: z.array(AuditEntrySchema),
});
export type StaffGuide = z.infer<typeof StaffGuideSchema>;

/** The console's list of guides. */
export const StaffGuideItemSchema = z.object({
  id: z.string(),
  kind: z.enum(['airline', 'hotel']),
  asOf: z.string(),
});
export type StaffGuideItem = z.infer<typeof StaffGuideItemSchema>;
