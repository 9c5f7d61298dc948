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
import type {
  IssueSection,
  IssueState,
  NewsletterTopic,
  SubscriberState,
  SubscriptionSource,
} from '../../../core/newsletter.ts';
import { members } from './members.ts';

/**
 * A newsletter subscriber (docs/newsletter.md#states): one row per address, a member's or a
 * visitor's. Only `subscribed` rows get issues; every change of `status` is also written to
 * `newsletter_events` with its time and source.
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Lower case. */
    email: text('email').notNull(),
    /** The member with this address, when there is one (set at sign-up or when a member subscribes). */
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'set null' }),
    status: text('status').$type<SubscriberState>().notNull().default('pending'),
    topics: jsonb('topics').$type<NewsletterTopic[]>().notNull().default([]),
    language: text('language').notNull().default('en'),
    /** Soft bounces since the last confirmation; three suspend the subscription. */
    softBounces: integer('soft_bounces').notNull().default(0),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('newsletter_subscribers_email_unique').on(table.email),
    index('newsletter_subscribers_status_idx').on(table.status),
  ],
);

/** Every change of a subscriber's state, with when and where it came from (docs/product/newsletter.md#states). */
export const newsletterEvents = pgTable(
  'newsletter_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscriberId: uuid('subscriber_id')
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<SubscriberState>(),
    toStatus: text('to_status').$type<SubscriberState>().notNull(),
    source: text('source').$type<SubscriptionSource>().notNull(),
    detail: text('detail'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('newsletter_events_subscriber_idx').on(table.subscriberId)],
);

/**
 * A double opt-in's confirmation link: only the SHA-256 of its token is kept; it is good once,
 * for two days, and carries the topics and language asked for.
 */
export const newsletterConfirmations = pgTable(
  'newsletter_confirmations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscriberId: uuid('subscriber_id')
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    topics: jsonb('topics').$type<NewsletterTopic[]>().notNull(),
    language: text('language').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('newsletter_confirmations_subscriber_idx').on(table.subscriberId, table.createdAt),
  ],
);

/**
 * Addresses no newsletter goes to: a hard bounce or a complaint, for good, whoever subscribes
 * them; only the owner's fresh double opt-in lifts it.
 */
export const mailSuppressions = pgTable('mail_suppressions', {
  email: text('email').primaryKey(),
  reason: text('reason', { enum: ['hard-bounce', 'complaint'] }).notNull(),
  /** webhook, dsn (a bounce mailed back to us), arf (a complaint report). */
  source: text('source').notNull(),
  detail: text('detail'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Per language: what staff wrote. */
export type IssueContent = Record<'en' | 'zh-Hant' | 'zh-Hans', { subject: string; body: string }>;
/** Per language: the mail as sent, made once when sending starts; `{{…}}` marks each reader's links. */
export type IssueSnapshot = Record<
  'en' | 'zh-Hant' | 'zh-Hans',
  { subject: string; text: string; html: string }
>;

/** An issue of the newsletter: written and scheduled by staff, then sent by the sender job. */
export const newsletterIssues = pgTable(
  'newsletter_issues',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    status: text('status').$type<IssueState>().notNull().default('draft'),
    topics: jsonb('topics').$type<NewsletterTopic[]>().notNull(),
    sections: jsonb('sections').$type<IssueSection[]>().notNull().default([]),
    content: jsonb('content').$type<IssueContent>().notNull(),
    snapshot: jsonb('snapshot').$type<IssueSnapshot>(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The sending process and until when it holds the issue: one sender at a time, so the throttle holds. */
    leaseHolder: text('lease_holder'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => members.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('newsletter_issues_status_idx').on(table.status, table.scheduledAt)],
);

/**
 * One recipient of one issue, written for every confirmed subscriber of its topics when sending
 * starts. pending → sending → sent (or skipped: unsubscribed or suppressed since). A row left
 * `sending` by a sender that died goes back to `pending` when its body never reached the mail
 * server, and becomes `uncertain` (never sent again) when it did: at most one copy each
 * (docs/decisions/009-newsletter-at-most-once.md).
 */
export const newsletterDeliveries = pgTable(
  'newsletter_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    issueId: integer('issue_id')
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: 'cascade' }),
    subscriberId: uuid('subscriber_id')
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    language: text('language').notNull(),
    status: text('status', {
      enum: ['pending', 'sending', 'sent', 'skipped', 'uncertain', 'failed'],
    })
      .notNull()
      .default('pending'),
    messageId: text('message_id').notNull(),
    error: text('error'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /**
     * When the message's body was released to the mail server: a row left `sending` without it
     * cannot have been accepted and is sent again; with it, it may have been, and is not.
     */
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('newsletter_deliveries_recipient_unique').on(table.issueId, table.subscriberId),
    index('newsletter_deliveries_due_idx').on(table.issueId, table.status, table.id),
  ],
);
