import { z } from 'zod';
import { SEARCH_ALLIANCES, type SearchAlliance } from './awards/search.ts';
import { SPONSOR_PLANS } from './payments/sponsorship.ts';

/**
 * Staff roles (docs/security.md#staff-roles): who may do what in the staff console. A member has
 * no staff role; an editor keeps the content (cards, programmes, guides, campaigns, the
 * newsletter); support looks after people (orders, feedback, reported shares and articles); an
 * admin may do everything, roles and settings included.
 */
export const ROLES = ['member', 'editor', 'support', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export type StaffRole = Exclude<Role, 'member'>;
export const STAFF_ROLES: readonly StaffRole[] = ['editor', 'support', 'admin'];

/**
 * The role each area of the staff API needs, by the start of its path: one place to read who may
 * do what. A staff route under no area listed here is for admins only, and a test fails on it
 * until its area is named.
 */
export const STAFF_AREAS: readonly { prefix: string; role: StaffRole | 'staff' }[] = [
  // The console's frame and dashboard: any staff role.
  { prefix: '/api/admin/console', role: 'staff' },
  { prefix: '/api/admin/storefront/', role: 'support' },
  { prefix: '/api/admin/shop', role: 'support' },
  { prefix: '/api/admin/affiliates', role: 'support' },
  { prefix: '/api/admin/shares/', role: 'support' },
  { prefix: '/api/admin/feedback', role: 'support' },
  { prefix: '/api/admin/newsletter', role: 'editor' },
  { prefix: '/api/admin/cards', role: 'editor' },
  { prefix: '/api/admin/transfer-bonuses', role: 'editor' },
  { prefix: '/api/admin/points-currencies', role: 'editor' },
  { prefix: '/api/admin/campaigns', role: 'editor' },
  { prefix: '/api/admin/storefront-programmes', role: 'editor' },
  { prefix: '/api/admin/award-charts', role: 'editor' },
  { prefix: '/api/admin/programmes', role: 'editor' },
  // Roles are an admin's to give; the rest of members is support's (the first prefix that fits counts).
  { prefix: '/api/admin/members/role', role: 'admin' },
  { prefix: '/api/admin/members', role: 'support' },
  { prefix: '/api/admin/settings', role: 'admin' },
  { prefix: '/api/admin/audit', role: 'admin' },
];

/** The role a staff path needs (`staff`: any staff role); admins only for a path of no area. */
export function roleForStaffPath(path: string): StaffRole | 'staff' {
  return STAFF_AREAS.find((area) => path.startsWith(area.prefix))?.role ?? 'admin';
}

/** Whether a member's role may act where `needed` is asked: the role itself, or admin (any staff role for `staff`). */
export function mayActAs(role: Role, needed: StaffRole | 'staff'): boolean {
  return role === 'admin' || role === needed || (needed === 'staff' && role !== 'member');
}

/** What staff switch while the site runs (docs/staff.md#live-settings), each with its type. */
export const LiveSettingsSchema = z.object({
  /** Award search answers the maintenance message (SPEC's maintenance state of search). */
  awardSearchMaintenance: z.boolean(),
  /** Alliances whose award search rests: searches ask only the others and say so (one alliance down). */
  allianceMaintenance: z
    .array(z.enum(SEARCH_ALLIANCES as readonly [SearchAlliance, ...SearchAlliance[]]))
    .max(SEARCH_ALLIANCES.length),
  /** The assistant shows the maintenance notice instead of answering. */
  assistantMaintenance: z.boolean(),
  /** The storefront takes no new orders and shows its maintenance notice; orders already paid go on. */
  storefrontMaintenance: z.boolean(),
});
export type LiveSettings = z.infer<typeof LiveSettingsSchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  staffId: z.string().nullable(),
  staffEmail: z.string(),
  action: z.string(),
  subject: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditQuerySchema = z.object({
  /** Entries about this subject (`setting:assistantMaintenance`), or whose subject starts with it. */
  subject: z.string().max(200).optional(),
  staff: z.uuid().optional(),
  before: z.coerce.number().int().positive().optional(),
});

/** A member as support finds them (docs/staff.md#members). */
export const StaffMemberViewSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  name: z.string(),
  role: z.enum(ROLES),
  activatedAt: z.string().nullable(),
  createdAt: z.string(),
  scrapingEnabled: z.boolean(),
  scrapingRequestedAt: z.string().nullable(),
  disabledAt: z.string().nullable(),
});
export type StaffMemberView = z.infer<typeof StaffMemberViewSchema>;

/** Enables (or disables) the live scan's closed beta for accounts by e-mail, one or a list. */
export const ScrapingAccessSchema = z
  .object({
    emails: z.array(z.string().trim().toLowerCase().max(254)).min(1).max(500),
    enabled: z.boolean(),
  })
  .strict();

/** One day of the dashboard (UTC): what members did and what was paid. */
export const DashboardDaySchema = z.object({
  day: z.string(),
  signUps: z.number().int(),
  searches: z.number().int(),
  /** Of those, asked of the live scan; the rest were answered from cached availability. */
  liveSearches: z.number().int(),
  trackings: z.number().int(),
  /** Trackings that found seats and told their member. */
  alerts: z.number().int(),
  /** Payments that succeeded (sponsorships and storefront orders). */
  payments: z.number().int(),
});
export type DashboardDay = z.infer<typeof DashboardDaySchema>;

/** The console's frame and dashboard (docs/staff.md#console), for any staff role. */
export const StaffConsoleSchema = z.object({
  role: z.enum(STAFF_ROLES as readonly [StaffRole, ...StaffRole[]]),
  /** The last 14 days, oldest first; today is the last. */
  days: z.array(DashboardDaySchema),
  /** Succeeded payments today and over the 14 days, per currency, in minor units. */
  revenue: z.array(
    z.object({ currency: z.string(), today: z.number().int(), fortnight: z.number().int() }),
  ),
  /** What waits for staff now. */
  waiting: z.object({
    ordersInReview: z.number().int(),
    reportedShares: z.number().int(),
    closedBeta: z.number().int(),
    feedbackThisWeek: z.number().int(),
  }),
  /** This app process's answers since it started: all, and those that failed (5xx). */
  requests: z.object({ total: z.number().int(), failed: z.number().int() }),
});
export type StaffConsole = z.infer<typeof StaffConsoleSchema>;

/** An admin gives a member a role (staff, or back to member), by e-mail. */
export const RoleChangeSchema = z
  .object({ email: z.string().trim().toLowerCase().max(254), role: z.enum(ROLES) })
  .strict();

/** Staff type their password again before a role change or a refund. */
export const PasswordConfirmSchema = z.object({ password: z.string().min(1).max(1000) }).strict();

/** One member as support sees them (docs/staff.md#members): sessions, trackings, quota, orders. */
export const StaffMemberDetailSchema = z.object({
  member: StaffMemberViewSchema,
  sessions: z.array(
    z.object({
      createdAt: z.string(),
      lastSeenAt: z.string(),
      expiresAt: z.string(),
      userAgent: z.string(),
    }),
  ),
  trackings: z.object({ active: z.number().int(), all: z.number().int() }),
  /** Search days used this month (UTC) and searches in the last 30 days. */
  quota: z.object({
    month: z.string(),
    daysUsed: z.number().int(),
    searches30Days: z.number().int(),
  }),
  /** The latest sponsorship, if the member ever had one. */
  sponsorship: z
    .object({
      plan: z.enum(SPONSOR_PLANS),
      status: z.enum(['active', 'cancelling', 'past-due', 'ended']),
      periodEnd: z.string(),
    })
    .nullable(),
  /** The member's latest payments, newest first (amounts in minor units). */
  payments: z.array(
    z.object({
      id: z.string(),
      purpose: z.enum(['sponsorship', 'renewal', 'upgrade', 'storefront', 'shop']),
      status: z.enum(['pending', 'verifying', 'succeeded', 'failed']),
      amount: z.number().int(),
      currency: z.string(),
      receiptNumber: z.string().nullable(),
      createdAt: z.string(),
      refundedAt: z.string().nullable(),
    }),
  ),
  changes: z.array(AuditEntrySchema),
});
export type StaffMemberDetail = z.infer<typeof StaffMemberDetailSchema>;

/** Support cancels a member's sponsorship: at the end of the paid month, or now; the reason is logged. */
export const SponsorshipCancelSchema = z
  .object({ endNow: z.boolean(), reason: z.string().trim().min(1).max(500) })
  .strict();

/** Support refunds one of a member's sponsorship payments in full, with the reason logged. */
export const PaymentRefundSchema = z.object({ reason: z.string().trim().min(1).max(500) }).strict();

/** Support disables a member (or lets them back in), with the reason kept in the audit log. */
export const MemberDisableSchema = z
  .object({ disabled: z.boolean(), reason: z.string().trim().min(1).max(500) })
  .strict();
