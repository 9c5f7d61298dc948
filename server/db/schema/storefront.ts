import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CheckoutDetails } from '../../../core/payments/checkout-contract.ts';
import type { OrderStatus } from '../../../core/storefront/orders.ts';
import { members } from './members.ts';
import { payments } from './payments.ts';

/**
 * A storefront order (docs/storefront.md#orders): miles of one programme for one
 * programme account. Priced once on the server when the member confirms (the quote, held until
 * `quote_expires_at`), then paid, perhaps reviewed, passed to the crediting partner and credited;
 * or failed and refunded. Each move names the state it leaves, so it happens once.
 */
export const storefrontOrders = pgTable(
  'storefront_orders',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** What the member quotes to support: SF-XXXX-XXXX. */
    number: text('number').notNull().unique(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    programme: text('programme').notNull(),
    /** The programme account to credit, as the programme writes it (upper case, no spaces). */
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    quantity: integer('quantity').notNull(),
    bonus: integer('bonus').notNull(),
    /** Miles this order counts toward the account's cap in `cap_year`. */
    countedTowardCap: integer('counted_toward_cap').notNull(),
    capYear: integer('cap_year').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    campaignId: text('campaign_id'),
    status: text('status').$type<OrderStatus>().notNull(),
    quoteExpiresAt: timestamp('quote_expires_at', { withTimezone: true }).notNull(),
    /** The checkout's details (name, e-mail, billing address) as the receipt shows them. */
    billing: jsonb('billing').$type<Omit<CheckoutDetails, 'termsAgreed'>>().notNull(),
    language: text('language').notNull().default('en'),
    paymentId: uuid('payment_id').references(() => payments.id),
    /** Why the order waits for a review: a first purchase, or a spot check. */
    reviewReason: text('review_reason').$type<'first-purchase' | 'spot-check'>(),
    /** A reviewed order goes on to crediting at this instant unless staff act first. */
    reviewUntil: timestamp('review_until', { withTimezone: true }),
    /** The crediting partner's reference once it accepted the order. */
    partnerRef: text('partner_ref'),
    failure: text('failure'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('storefront_orders_member_idx').on(table.memberId, table.createdAt),
    index('storefront_orders_account_idx').on(table.programme, table.accountNumber, table.capYear),
    index('storefront_orders_status_idx').on(table.status),
  ],
);

/**
 * The sandbox crediting partner's own records (docs/storefront.md#crediting-partner): what it
 * accepted, for which account, and when it posts. Kept in the database so a restart neither loses
 * nor repeats a posting.
 */
export const sandboxCredits = pgTable('sandbox_credits', {
  orderId: uuid('order_id').primaryKey(),
  programme: text('programme').notNull(),
  accountNumber: text('account_number').notNull(),
  miles: integer('miles').notNull(),
  postsAt: timestamp('posts_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A member's price alert (docs/storefront.md#price-alerts): tell me when a programme's price per
 * 1,000 falls to `target` (minor units of the programme's currency). One e-mail per campaign that
 * meets it: `notified_campaign` is the last campaign an e-mail went out for.
 */
export const storefrontPriceAlerts = pgTable(
  'storefront_price_alerts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    programme: text('programme').notNull(),
    target: integer('target').notNull(),
    currency: text('currency').notNull(),
    language: text('language').notNull().default('en'),
    notifiedCampaign: text('notified_campaign'),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('storefront_price_alerts_member_programme_idx').on(table.memberId, table.programme),
  ],
);
