import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { MONEY_CURRENCIES } from './locale.ts';

/**
 * The affiliate programme (docs/product/site.md#affiliates): members apply, staff approve, an
 * approved affiliate's link (`/?ref=CODE`) sets a first-party cookie for REFERRAL_DAYS, and what
 * the visitor pays within it (sponsorships, storefront and shop orders) earns the affiliate a
 * commission, once, never on their own purchases. No third-party script is involved.
 */

/** How long a click counts: the cookie's life, and the window in which payments are attributed. */
export const REFERRAL_DAYS = 30;
/** The cookie a `?ref=` visit sets: `CODE.clickedAtMs`. */
export const REFERRAL_COOKIE = 'tp_ref';
/** An affiliate's code: eight letters and digits that cannot be misread. */
export const AFFILIATE_CODE = /^[A-HJ-NP-Z2-9]{8}$/;

export const AFFILIATE_STATUSES = ['pending', 'approved', 'refused'] as const;
export type AffiliateStatus = (typeof AFFILIATE_STATUSES)[number];

const text = (min: number, max: number, message: string) =>
  z.string().trim().min(min, message).max(max);

/** `POST /api/affiliates`: the application. */
export const AffiliateApplicationSchema = z
  .object({
    site: text(4, 200, 'name your site or channel'),
    audience: text(20, 1000, 'tell us about your audience in a sentence or two'),
    payoutEmail: z
      .string()
      .trim()
      .max(LIMITS.input.emailMax)
      .pipe(z.email('the payout e-mail address is not valid')),
  })
  .strict();
export type AffiliateApplication = z.infer<typeof AffiliateApplicationSchema>;

const MonthSchema = z.object({
  /** YYYY-MM (UTC). */
  month: z.string(),
  clicks: z.number().int(),
  orders: z.number().int(),
  /** Commission earned that month, per currency paid in (minor units); refunded payments earn none. */
  commission: z.array(z.object({ currency: z.enum(MONEY_CURRENCIES), amount: z.number().int() })),
});

/** An affiliate's own page: their application, and once approved their link and months. */
export const AffiliateViewSchema = z.object({
  status: z.enum(AFFILIATE_STATUSES),
  site: z.string(),
  audience: z.string(),
  payoutEmail: z.string(),
  appliedAt: z.string(),
  decidedAt: z.string().nullable(),
  code: z.string().nullable(),
  /** The link to share (from the configured public address). */
  link: z.string().nullable(),
  commissionPercent: z.number(),
  months: z.array(MonthSchema),
});
export type AffiliateView = z.infer<typeof AffiliateViewSchema>;

/** An application as staff see it. */
export const StaffAffiliateViewSchema = z.object({
  id: z.string(),
  status: z.enum(AFFILIATE_STATUSES),
  memberEmail: z.string(),
  site: z.string(),
  audience: z.string(),
  payoutEmail: z.string(),
  code: z.string().nullable(),
  appliedAt: z.string(),
  orders: z.number().int(),
});
export type StaffAffiliateView = z.infer<typeof StaffAffiliateViewSchema>;
