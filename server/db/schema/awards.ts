import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  AwardItinerary,
  AwardQuery,
  SearchAlliance,
  SearchNotice,
} from '../../../core/awards/search.ts';
import { members } from './members.ts';

/** One award search a member ran: the query, then its results (docs/product/award-search.md#states-and-messages). */
export const awardSearches = pgTable(
  'award_searches',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    query: jsonb('query').$type<AwardQuery>().notNull(),
    /** Days charged to the month's quota (refunded when the search fails as a whole). */
    days: integer('days').notNull(),
    /** The quota month charged, YYYY-MM (UTC). */
    month: text('month').notNull(),
    status: text('status', { enum: ['searching', 'done', 'failed'] })
      .notNull()
      .default('searching'),
    /** The error name when failed (SEARCH_TIMEOUT, SEARCH_UNAVAILABLE, INTERNAL). */
    error: text('error'),
    itineraries: jsonb('itineraries').$type<AwardItinerary[]>(),
    notices: jsonb('notices').$type<SearchNotice[]>().notNull().default([]),
    alliances: jsonb('alliances').$type<SearchAlliance[]>().notNull().default([]),
    /** Asked of the live scan (the closed beta's scraping tool) rather than the cached availability. */
    live: boolean('live').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('award_searches_member_idx').on(table.memberId, table.createdAt)],
);

/** Search days used per member and month; charged with one conditional upsert so it never overspends. */
export const awardQuotaUsage = pgTable(
  'award_quota_usage',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    daysUsed: integer('days_used').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.month] })],
);
