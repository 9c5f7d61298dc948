import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ArticleStatus, GroupVisibility } from '../../../core/articles/articles.ts';
import type { DocNode, RenderedPiece } from '../../../core/articles/document.ts';
import type { LANGUAGES } from '../../../core/locale.ts';
import { members } from './members.ts';

/** A published article's title, cover and language as its author last saved them. */
export interface PendingEdits {
  title: string;
  coverImageId: string | null;
  language: (typeof LANGUAGES)[number];
}

/**
 * Articles members write (docs/articles.md). The document is the editor's JSON; `pieces` is what
 * readers get, rendered from it through the allow-list at publication; search reads `title` and
 * `plain_text` into the site index (docs/search.md). `version` counts saves: a save naming an
 * older one is refused, so two tabs never overwrite each other silently.
 */
export const articles = pgTable(
  'articles',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Null for the sample article of a fresh install. */
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'cascade' }),
    status: text('status').$type<ArticleStatus>().notNull().default('draft'),
    /** Given at the first publication and kept, so a link keeps working after unpublishing and publishing again. */
    slug: text('slug').unique(),
    title: text('title').notNull().default(''),
    language: text('language').$type<(typeof LANGUAGES)[number]>().notNull(),
    coverImageId: uuid('cover_image_id'),
    doc: jsonb('doc').$type<DocNode>().notNull(),
    /** Readers' copy, made at publication from the document as it was then. */
    pieces: jsonb('pieces').$type<RenderedPiece[]>().notNull().default([]),
    /** The version readers see; a later one holds edits not yet published ('Update' publishes them). */
    publishedVersion: integer('published_version'),
    /**
     * Title, cover and language of a published article's edits not yet published; the columns
     * beside it (and `pieces`, the text and search columns) stay what readers see until then.
     */
    pending: jsonb('pending').$type<PendingEdits>(),
    plainText: text('plain_text').notNull().default(''),
    words: integer('words').notNull().default(0),
    minutes: integer('minutes').notNull().default(1),
    version: integer('version').notNull().default(1),
    sample: text('sample'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('articles_member_idx').on(table.memberId, table.updatedAt),
    index('articles_published_idx').on(table.status, table.publishedAt),
  ],
);

/** Uploaded pictures of an article; their files are under `articles/<article>/` in the image storage. */
export const articleImages = pgTable(
  'article_images',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The WebP widths made, smallest first. */
    widths: jsonb('widths').$type<number[]>().notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('article_images_article_idx').on(table.articleId)],
);

/**
 * Folders of the image storage to remove: written with the deletion of an article, in its
 * transaction, and emptied by the clean-up job (the files go after the rows, never before).
 */
export const mediaRemovals = pgTable('media_removals', {
  prefix: text('prefix').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const articleLikes = pgTable(
  'article_likes',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.articleId, table.memberId] })],
);

/**
 * Groups of articles (docs/articles.md#groups): a member makes one, public (listed, anyone signed
 * in joins) or by invitation (reached and joined only with its link). Members add their own
 * published articles; the owner changes or deletes the group and takes any article out of it.
 */
export const articleGroups = pgTable(
  'article_groups',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    slug: text('slug').notNull().unique(),
    /** Null for the sample group of a fresh install. */
    ownerId: uuid('owner_id').references(() => members.id, { onDelete: 'cascade' }),
    sample: text('sample'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    visibility: text('visibility').$type<GroupVisibility>().notNull(),
    /** The secret of the invitation link; a new one makes the old link stop working. */
    inviteToken: text('invite_token').notNull(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('article_groups_visibility_idx').on(table.visibility, table.updatedAt)],
);

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => articleGroups.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.memberId] }),
    index('group_members_member_idx').on(table.memberId),
  ],
);

export const groupArticles = pgTable(
  'group_articles',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => articleGroups.id, { onDelete: 'cascade' }),
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.articleId] }),
    index('group_articles_article_idx').on(table.articleId),
  ],
);
