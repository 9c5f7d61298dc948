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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ShareKind } from '../../../core/shares/flags.ts';
import type { OfferType } from '../../../core/shares/renewal-offers.ts';
import type {
  PaymentMethod,
  StoreCard,
  StoreCategory,
  StoreType,
  UsCardSupport,
} from '../../../core/shares/stores.ts';
import { members } from './members.ts';

/**
 * What members share (docs/shares.md): renewal offers and the Taiwan stores that take US cards.
 * Every row names the member who shared it (only they change it); sample rows of a fresh install
 * have no member and `sample` set, and go when SHARES_SAMPLE_DATA is off. Staff hide a row by
 * setting `hidden_at`; nothing a member shared is deleted but by that member.
 */
export const renewalOffers = pgTable(
  'renewal_offers',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    cardId: text('card_id').notNull(),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'cascade' }),
    inquiredOn: text('inquired_on').notNull(),
    annualSpend: integer('annual_spend').notNull(),
    heldYears: integer('held_years').notNull(),
    heldMonths: integer('held_months').notNull(),
    requirementSpend: integer('requirement_spend'),
    requirementMonths: integer('requirement_months'),
    offerReceived: boolean('offer_received').notNull(),
    offerType: text('offer_type').$type<OfferType>().notNull(),
    offerAmount: integer('offer_amount'),
    detail: text('detail').notNull().default(''),
    note: text('note').notNull().default(''),
    sample: boolean('sample').notNull().default(false),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    editCount: integer('edit_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('renewal_offers_card_idx').on(table.cardId, table.inquiredOn)],
);

export const sharedStores = pgTable(
  'shared_stores',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    /** The name folded for comparison (NFKC, case, width, Traditional→Simplified, word order): one record per store. */
    nameKey: text('name_key').notNull(),
    type: text('type').$type<StoreType>().notNull(),
    category: text('category').$type<StoreCategory>().notNull(),
    paymentMethods: jsonb('payment_methods').$type<PaymentMethod[]>().notNull(),
    usCardSupport: text('us_card_support').$type<UsCardSupport>().notNull(),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'cascade' }),
    sample: boolean('sample').notNull().default(false),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    editCount: integer('edit_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('shared_stores_name_key_idx').on(table.nameKey),
    index('shared_stores_updated_idx').on(table.updatedAt),
  ],
);

/** The cards one member tried at one store; the store's owner's lines come with the record. */
export const storeCards = pgTable(
  'store_cards',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    storeId: uuid('store_id')
      .notNull()
      .references(() => sharedStores.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    card: jsonb('card').$type<StoreCard>().notNull(),
    sample: boolean('sample').notNull().default(false),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('store_cards_store_idx').on(table.storeId)],
);

/** Earlier versions of a shared record, written by each edit: what 'updated 3 times' counts. */
export const shareRevisions = pgTable(
  'share_revisions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    kind: text('kind').$type<ShareKind>().notNull(),
    recordId: uuid('record_id').notNull(),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'set null' }),
    before: jsonb('before').notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('share_revisions_record_idx').on(table.kind, table.recordId)],
);

/** 'Report this': one per member and record, queued for staff until they decide. */
export const shareFlags = pgTable(
  'share_flags',
  {
    kind: text('kind').$type<ShareKind>().notNull(),
    recordId: uuid('record_id').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.kind, table.recordId, table.memberId] })],
);

/** Stores a member keeps (/collections/store). */
export const savedStores = pgTable(
  'saved_stores',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id')
      .notNull()
      .references(() => sharedStores.id, { onDelete: 'cascade' }),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.storeId] })],
);
