import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Campaign banner promotions, one title per language (docs/product/site.md#promotions). */
export const promotions = pgTable('promotions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  titleEn: text('title_en').notNull(),
  titleZhHant: text('title_zh_hant').notNull(),
  titleZhHans: text('title_zh_hans').notNull(),
  /** Optional; Japanese visitors see English when it is empty. */
  titleJa: text('title_ja'),
  linkPath: text('link_path').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
