import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  CheckoutDetails,
  PaymentFailure,
  PaymentPurpose,
  PaymentStatus,
} from '../../../core/payments/checkout-contract.ts';
import type { SponsorPlan, SponsorshipStatus } from '../../../core/payments/sponsorship.ts';
import { members } from './members.ts';

/**
 * A card the payment provider saved for a member. We keep only what a receipt and the manage
 * page show (brand, last four, expiry) and the provider's reference; the number stays with the
 * provider (docs/payments.md).
 */
export const paymentCards = pgTable(
  'payment_cards',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    holderName: text('holder_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payment_cards_member_idx').on(table.memberId)],
);

/** A member's monthly sponsorship (docs/product/sponsorship.md#states). At most one that has not ended per member. */
export const sponsorships = pgTable(
  'sponsorships',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    plan: text('plan', {
      enum: ['sponsor', 'sponsor-more', 'business'] satisfies [SponsorPlan, ...SponsorPlan[]],
    }).notNull(),
    /** A downgrade waiting for the next renewal. */
    nextPlan: text('next_plan', {
      enum: ['sponsor', 'sponsor-more', 'business'] satisfies [SponsorPlan, ...SponsorPlan[]],
    }),
    status: text('status', {
      enum: ['active', 'cancelling', 'past-due', 'ended'] satisfies [
        SponsorshipStatus,
        ...SponsorshipStatus[],
      ],
    }).notNull(),
    currency: text('currency').notNull(),
    /** Periods count from here (core/payments/billing-period.ts). */
    anchorAt: timestamp('anchor_at', { withTimezone: true }).notNull(),
    /** The paid period: its number from the anchor and its bounds. */
    periodIndex: integer('period_index').notNull().default(0),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => paymentCards.id),
    /** Renewal charges that failed for the coming period, and when to try again. */
    renewalFailures: integer('renewal_failures').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    company: text('company').notNull().default(''),
    taxId: text('tax_id').notNull().default(''),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sponsorships_live_unique')
      .on(table.memberId)
      .where(sql`status <> 'ended'`),
    index('sponsorships_due_idx').on(table.status, table.periodEnd),
  ],
);

/**
 * A charge on a card (payment in docs/glossary.md#storefront-orders-and-payments), shown in the
 * profile as a transaction with its receipt. The idempotency key is unique, so a repeated request
 * (double click, retry) finds the payment it already made; status moves forward only (pending →
 * verifying → succeeded | failed) and the purpose's fulfilment runs in the transaction that moves
 * it to succeeded, so it runs once.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['sponsorship', 'renewal', 'upgrade', 'storefront', 'shop'] satisfies [
        PaymentPurpose,
        ...PaymentPurpose[],
      ],
    }).notNull(),
    /** The plan a sponsorship payment pays for; null for a storefront order. */
    plan: text('plan', {
      enum: ['sponsor', 'sponsor-more', 'business'] satisfies [SponsorPlan, ...SponsorPlan[]],
    }),
    status: text('status', {
      enum: ['pending', 'verifying', 'succeeded', 'failed'] satisfies [
        PaymentStatus,
        ...PaymentStatus[],
      ],
    })
      .notNull()
      .default('pending'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    provider: text('provider').notNull(),
    providerChargeId: text('provider_charge_id').unique(),
    cardId: uuid('card_id').references(() => paymentCards.id),
    /** The provider's card-verification page while the payment waits for it. */
    verificationUrl: text('verification_url'),
    failure: text('failure').$type<PaymentFailure>(),
    /** The checkout form (name, e-mail, billing address, company) as the receipt shows it. */
    billing: jsonb('billing').$type<Omit<CheckoutDetails, 'termsAgreed'>>(),
    sponsorshipId: uuid('sponsorship_id').references(() => sponsorships.id),
    /** The month this payment pays for. */
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    language: text('language').notNull().default('en'),
    /** Given when the payment succeeds: TP-YYYYMMDD-NNNNNN. */
    receiptNumber: text('receipt_number').unique(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Given back in full by support (`npm run refund`): the provider's refund and when. */
    refundId: text('refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payments_member_idx').on(table.memberId, table.createdAt)],
);

/**
 * Webhook events already handled, by the provider's event id. The row goes in before any side
 * effect, in the same transaction, so a replayed event finds it and does nothing.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

/**
 * Receipt numbers run without gaps: each is taken from `receipt_counters` in the transaction that
 * marks its payment paid, so a transaction that fails or a process that dies gives its number
 * back (a sequence would not: it jumps past numbers whose transactions never committed).
 */
export const receiptNumbers = pgTable('receipt_numbers', {
  id: integer('id').primaryKey(),
  paymentId: uuid('payment_id').notNull().unique(),
});

/** The last number handed out per series (one row, `receipt`); its row lock orders concurrent payments. */
export const receiptCounters = pgTable('receipt_counters', {
  series: text('series').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * The built-in sandbox card processor's own records (docs/payments.md). A real processor keeps
 * these on its side; the sandbox lives in our database under its own prefix and never stores a
 * card number: a test card is known by its behaviour, brand, last four and expiry.
 */
export const sandboxPayTokens = pgTable('sandbox_pay_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  testCard: text('test_card').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const sandboxPayCards = pgTable('sandbox_pay_cards', {
  id: text('id').primaryKey(),
  customer: text('customer').notNull(),
  testCard: text('test_card').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** Set once the card passed the verification step: later charges without the holder present go through. */
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxPayCharges = pgTable('sandbox_pay_charges', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  /** What was asked, so the same key with a different request is refused. */
  requestDigest: text('request_digest').notNull(),
  cardId: text('card_id')
    .notNull()
    .references(() => sandboxPayCards.id),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  /** The merchant's own id for the charge (our payment id), echoed in webhooks. */
  reference: text('reference').notNull(),
  status: text('status', { enum: ['requires-verification', 'succeeded', 'failed'] }).notNull(),
  failure: text('failure'),
  returnUrl: text('return_url'),
  language: text('language').notNull().default('en'),
  /** Wrong codes typed on the verification page; the third fails the charge. */
  verifyAttempts: integer('verify_attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxPayEvents = pgTable(
  'sandbox_pay_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    chargeId: text('charge_id').notNull(),
    /** The body as sent, byte for byte (the signature covers it). */
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_pay_events_due_idx').on(table.deliveredAt, table.nextAttemptAt)],
);
