import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ROLES } from '../../../core/staff.ts';

/** A member account: e-mail and password, or a social identity (docs/product/accounts.md#sign-up, #social-sign-in). */
export const members = pgTable(
  'members',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Public account id: `tp_…` for password accounts, `fb_…` etc. for social ones. */
    account: text('account').notNull().unique(),
    /** Lower case; null for a social account whose provider gave none. */
    email: text('email'),
    name: text('name').notNull(),
    photo: text('photo'),
    passwordHash: text('password_hash'),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    language: text('language').notNull().default('en'),
    currency: text('currency').notNull().default('USD'),
    /** Newsletter opt-in given at sign-up. */
    edm: boolean('edm').notNull().default(false),
    /** Where the member signed up from (the `from` field). */
    source: text('source').notNull().default(''),
    /**
     * The allowances the member's sponsorship gives
     * (docs/product/sponsorship.md#plans-and-allowances) and until when; past that the member has a
     * member's allowances (core/payments/sponsorship.ts currentPlan). No end: given by hand.
     */
    plan: text('plan', { enum: ['member', 'sponsor', 'sponsor-more'] })
      .notNull()
      .default('member'),
    planUntil: timestamp('plan_until', { withTimezone: true }),
    /** A staff role (core/staff.ts), granted by hand with `npm run admin -- grant <email> [role]`. */
    role: text('role', { enum: ROLES }).notNull().default('member'),
    /** Set by support: the member cannot sign in, and their sessions count for nothing (docs/staff.md#members). */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The award scraping tool is invite-only (closed beta, docs/product/award-search.md#live-scan). */
    scrapingEnabled: boolean('scraping_enabled').notNull().default(false),
    /** When the member asked to join the live scan's closed beta; null when they never asked. */
    scrapingRequestedAt: timestamp('scraping_requested_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('members_email_unique').on(table.email)],
);

/** A signed-in browser. The cookie holds a random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent').notNull().default(''),
    /** When staff last typed their password again in this session (docs/security.md#staff-roles). */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (table) => [index('sessions_member_idx').on(table.memberId)],
);

/** Activation codes and password-reset tokens: hashed, expiring, single use, attempt-limited. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['activation', 'password_reset'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('verification_codes_member_idx').on(table.memberId, table.purpose),
    index('verification_codes_hash_idx').on(table.codeHash),
  ],
);

/** A provider's user id linked to a member (Facebook, and Google or LINE by configuration). */
export const socialIdentities = pgTable(
  'social_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.subject] })],
);

/** Captcha challenges already used, so that a solved one cannot be replayed before it expires. */
/**
 * Failed logins per address (an e-mail typed at login, whether or not an account has it). After a
 * few in a short time the address needs the harder robot check (docs/security.md): the owner is
 * never locked out, while guessing its password gets slow.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('login_failures_email_idx').on(table.email, table.failedAt)],
);

/**
 * Rate-limit counters (server/plugins/rate-limit-store.ts), in the database so that every server
 * process counts together and a restart forgets nothing.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});

export const usedCaptchaChallenges = pgTable('used_captcha_challenges', {
  challenge: text('challenge').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
