import {
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CardBank } from '../../../core/cards/card.ts';
import { members } from './members.ts';

/**
 * The member's wallet (docs/product/cards.md#wallet): credit cards held (at most 10) and
 * balances of airline miles and card points (at most 6 programmes). The limits are
 * checked in the transaction that adds, with the member's row locked.
 */
export const walletCards = pgTable(
  'wallet_cards',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** A card id of data/cards/. */
    cardId: text('card_id').notNull(),
    /** Month the card was opened (YYYY-MM), if the member says. */
    since: text('since'),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.cardId] })],
);

export const walletBalances = pgTable(
  'wallet_balances',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** A points currency or programme id of data/points-currencies/. */
    programme: text('programme').notNull(),
    balance: integer('balance').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.programme] })],
);

/** Card-holder preferences (docs/product/cards.md#card-preferences), one row per member who has set them. */
export const cardPreferences = pgTable('card_preferences', {
  memberId: uuid('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  likedCards: jsonb('liked_cards').$type<string[]>().notNull().default([]),
  ignoredBanks: jsonb('ignored_banks').$type<CardBank[]>().notNull().default([]),
  promoteBusiness: boolean('promote_business').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
