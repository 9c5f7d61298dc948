import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AffiliateStatus } from '../../../core/affiliates.ts';
import type { PaymentPurpose } from '../../../core/payments/checkout-contract.ts';
import { members } from './members.ts';
import { payments } from './payments.ts';

/** A member's application to the affiliate programme, and once approved their code (docs/affiliates.md). */
export const affiliates = pgTable('affiliates', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  memberId: uuid('member_id')
    .notNull()
    .unique()
    .references(() => members.id, { onDelete: 'cascade' }),
  status: text('status').$type<AffiliateStatus>().notNull().default('pending'),
  code: text('code').unique(),
  site: text('site').notNull(),
  audience: text('audience').notNull(),
  payoutEmail: text('payout_email').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
});

/** Visits through an affiliate's link, counted per day (no visitor is recorded). */
export const affiliateClicks = pgTable(
  'affiliate_clicks',
  {
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => affiliates.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    clicks: integer('clicks').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.affiliateId, table.day] })],
);

/**
 * The latest affiliate link a member came through, from the cookie their browser brought when
 * signed in; payments within REFERRAL_DAYS of `clicked_at` are attributed to it.
 */
export const affiliateReferrals = pgTable('affiliate_referrals', {
  memberId: uuid('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  affiliateId: uuid('affiliate_id')
    .notNull()
    .references(() => affiliates.id, { onDelete: 'cascade' }),
  clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull(),
});

/** A payment attributed to an affiliate, once (one row per payment), with the commission it earned. */
export const affiliateCommissions = pgTable(
  'affiliate_commissions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => affiliates.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<PaymentPurpose>().notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    commission: integer('commission').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('affiliate_commissions_affiliate_idx').on(table.affiliateId, table.paidAt)],
);
