import { z } from 'zod';
import { SEARCH_ALLIANCES, type SearchAlliance } from './awards/search.ts';

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
export const STAFF_AREAS: readonly { prefix: string; role: StaffRole }[] = [
  { prefix: '/api/admin/storefront/', role: 'support' },
  { prefix: '/api/admin/shares/', role: 'support' },
  { prefix: '/api/admin/feedback', role: 'support' },
  { prefix: '/api/admin/newsletter', role: 'editor' },
  { prefix: '/api/admin/cards', role: 'editor' },
  { prefix: '/api/admin/members', role: 'support' },
  { prefix: '/api/admin/settings', role: 'admin' },
  { prefix: '/api/admin/audit', role: 'admin' },
];

/** The role a staff path needs; admins only for a path of no area. */
export function roleForStaffPath(path: string): StaffRole {
  return STAFF_AREAS.find((area) => path.startsWith(area.prefix))?.role ?? 'admin';
}

/** Whether a member's role may act where `needed` is asked: the role itself, or admin. */
export function mayActAs(role: Role, needed: StaffRole): boolean {
  return role === 'admin' || role === needed;
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
});
export type StaffMemberView = z.infer<typeof StaffMemberViewSchema>;

/** Enables (or disables) the live scan's closed beta for accounts by e-mail, one or a list. */
export const ScrapingAccessSchema = z
  .object({
    emails: z.array(z.string().trim().toLowerCase().max(254)).min(1).max(500),
    enabled: z.boolean(),
  })
  .strict();
