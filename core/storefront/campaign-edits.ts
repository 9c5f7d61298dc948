import { z } from 'zod';
import { IdSchema, IsoDateSchema, LocalizedTextSchema } from '../cards/card-schema.ts';
import { AuditEntrySchema } from '../staff.ts';
import {
  InstantSchema,
  LadderStepSchema,
  StorefrontCampaignSchema,
  checkCampaignTerms,
} from './catalogue-schema.ts';

/**
 * What editors do with the storefront's sale campaigns in the staff console (docs/staff.md#content):
 * add one (unconfirmed, so listed with that label and never priced, until its announcement is
 * found), change its terms, preview the sale page with it, and confirm it with the announcement's
 * address. Every edit names where it was read and the day it was checked.
 */
const Url = z.url({ protocol: /^https?$/ });
const Terms = {
  /** First and last instants, with the offset the programme announced them in. */
  start: InstantSchema,
  end: InstantSchema,
  discountPercent: z.number().int().min(0).max(90),
  bonusLadder: z.array(LadderStepSchema).max(12),
  flash: z.boolean(),
  bonusCountsTowardCap: z.enum(['yes', 'no', 'as-programme']),
  /** The programme's buy page or the report the terms were read on. */
  source: Url,
  checked: IsoDateSchema,
  /** What is not confirmed about them; empty when nothing. */
  unverified: z.string().trim().max(2000).optional(),
};

export const CampaignTermsSchema = z
  .object(Terms)
  .strict()
  .superRefine((terms, context) => checkCampaignTerms(terms, context));
export type CampaignTerms = z.infer<typeof CampaignTermsSchema>;

export const NewCampaignSchema = z
  .object({ programme: IdSchema, ...Terms })
  .strict()
  .superRefine((terms, context) => checkCampaignTerms(terms, context));
export type NewCampaign = z.infer<typeof NewCampaignSchema>;

/** Confirming: the programme's announcement (or a dated report) and the day it was checked. */
export const CampaignConfirmSchema = z
  .object({
    announcement: z.object({ url: Url, date: IsoDateSchema }).strict(),
    checked: IsoDateSchema,
  })
  .strict();
export type CampaignConfirm = z.infer<typeof CampaignConfirmSchema>;

/**
 * A preview of the programme's sale page with these terms, priced as if confirmed, on a day the
 * campaign runs; `replaces` names the campaign being edited (its stored terms are left out).
 */
export const CampaignPreviewSchema = z
  .object({ programme: IdSchema, ...Terms, replaces: IdSchema.optional() })
  .strict()
  .superRefine((terms, context) => checkCampaignTerms(terms, context));
export type CampaignPreview = z.infer<typeof CampaignPreviewSchema>;

/** The console's list: every campaign (past ones too), the programmes on sale and the latest changes. */
export const StaffCampaignsSchema = z.object({
  campaigns: z.array(StorefrontCampaignSchema),
  programmes: z.array(
    z.object({
      id: z.string(),
      name: LocalizedTextSchema,
      timeZone: z.string(),
    }),
  ),
  changes: z.array(AuditEntrySchema),
});
export type StaffCampaigns = z.infer<typeof StaffCampaignsSchema>;
