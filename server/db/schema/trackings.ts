import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AwardItinerary, AwardQuery } from '../../../core/awards/search.ts';
import type { MatchedFlight, TrackingStatus } from '../../../core/awards/tracking.ts';
import { mailOutbox } from './mail.ts';
import { members } from './members.ts';

/**
 * A member's award tracking (docs/product/trackings.md#what-a-tracking-holds). The last check's
 * match is kept whole (`match`, compared with the next check) and in part for showing (`preview`).
 * `version` goes up with every recorded change: a check writes only if the version it read is still
 * there, so two checks of the same tracking (two workers, or a retry after a crash) never both
 * record a change.
 */
export const trackings = pgTable(
  'trackings',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    query: jsonb('query').$type<AwardQuery>().notNull(),
    keepTracking: boolean('keep_tracking').notNull().default(false),
    status: text('status', {
      enum: ['tracking', 'notified', 'change-notified', 'expired'] satisfies [
        TrackingStatus,
        ...TrackingStatus[],
      ],
    })
      .notNull()
      .default('tracking'),
    /** The search result it was created from, if any. */
    fromSearch: uuid('from_search'),
    /** Null until the first check has taken the baseline. */
    match: jsonb('match').$type<MatchedFlight[]>(),
    preview: jsonb('preview').$type<AwardItinerary[]>().notNull().default([]),
    matchedFlights: integer('matched_flights').notNull().default(0),
    matchedAwards: integer('matched_awards').notNull().default(0),
    flightsAdded: integer('flights_added').notNull().default(0),
    flightsRemoved: integer('flights_removed').notNull().default(0),
    awardsAdded: integer('awards_added').notNull().default(0),
    awardsRemoved: integer('awards_removed').notNull().default(0),
    version: integer('version').notNull().default(0),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    /** Set when the last check could not compare (a source down); cleared by the next good one. */
    lastCheckProblem: text('last_check_problem', { enum: ['source-unavailable'] }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('trackings_member_idx').on(table.memberId, table.createdAt),
    index('trackings_due_idx').on(table.status, table.lastCheckedAt),
  ],
);

/**
 * Every change a check recorded. The unique (tracking, fingerprint) pair is what makes a change
 * happen once: the fingerprint names the version it moved from and what it moved between, and
 * its e-mail is written into the outbox in the same transaction.
 */
export const trackingChanges = pgTable(
  'tracking_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    trackingId: uuid('tracking_id')
      .notNull()
      .references(() => trackings.id, { onDelete: 'cascade' }),
    /** The tracking's version after this change (1 for the first). */
    version: integer('version').notNull(),
    fingerprint: text('fingerprint').notNull(),
    flightsAdded: integer('flights_added').notNull(),
    flightsRemoved: integer('flights_removed').notNull(),
    awardsAdded: integer('awards_added').notNull(),
    awardsRemoved: integer('awards_removed').notNull(),
    /** The status it moved to. */
    status: text('status').notNull(),
    /** The e-mail it sent; null for a change that is only recorded (seats gone while still tracking). */
    mailId: integer('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    /** The time of the check (the cycle's clock). */
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('tracking_changes_fingerprint_unique').on(table.trackingId, table.fingerprint),
  ],
);
