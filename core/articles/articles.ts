import { z } from 'zod';
import { LocalizedNameSchema } from '../cards/api-schemas.ts';
import { WelcomeBonusSchema } from '../cards/card-schema.ts';
import { CARD_BANKS, CARD_NETWORKS } from '../cards/card.ts';
import { LibraryEntrySchema } from '../guides/api-schemas.ts';
import { LANGUAGES } from '../locale.ts';
import { isAllowedText, memberText } from '../text.ts';
import { ArticleDocSchema } from './document.ts';

/** What articles answer and take (docs/articles.md#api), one contract for the editor and the server. */

export const ARTICLE_STATUSES = ['draft', 'published'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];
export const TITLE_MAX = 120;

/** Why a save, a publication or adding to a group was refused (INVALID_ARTICLE's `details.problem`). */
export const ARTICLE_PROBLEMS = [
  'title-missing',
  'body-empty',
  'too-long',
  'too-many-images',
  'unknown-image',
  'not-published',
] as const;
export type ArticleProblem = (typeof ARTICLE_PROBLEMS)[number];

/** Why a picture was refused (IMAGE_REFUSED's `details.problem`). */
export const IMAGE_PROBLEMS = [
  'too-large',
  'not-an-image',
  'unreadable',
  'too-many-pixels',
  'too-many-frames',
  'too-slow',
  'busy',
  'too-many-images',
] as const;
export type ImageProblem = (typeof IMAGE_PROBLEMS)[number];

/** One uploaded picture: its WebP widths, the largest last, and its upright size for layout. */
export const ArticleImageSchema = z.object({
  id: z.uuid(),
  width: z.number().int(),
  height: z.number().int(),
  /** `/media/…webp` addresses by width, smallest first. */
  sources: z.array(z.object({ width: z.number().int(), url: z.string() })),
});
export type ArticleImage = z.infer<typeof ArticleImageSchema>;

/** The picture's address for an editor or a list: the width nearest 960 (or the largest). */
export function imageUrl(image: ArticleImage, wanted = 960): string {
  const fit =
    image.sources.find((source) => source.width >= wanted) ??
    image.sources[image.sources.length - 1];
  return fit?.url ?? '';
}

export function imageSrcSet(image: ArticleImage): string {
  return image.sources.map((source) => `${source.url} ${source.width}w`).join(', ');
}

/** A draft as the editor sends it; `version` is the one it last loaded or saved. */
export const ArticleSaveSchema = z
  .object({
    title: memberText(TITLE_MAX),
    coverImageId: z.uuid().nullable(),
    doc: ArticleDocSchema,
    language: z.enum(LANGUAGES),
    version: z.number().int().min(0),
  })
  .strict();
export type ArticleSave = z.infer<typeof ArticleSaveSchema>;

export const ArticleCreateSchema = ArticleSaveSchema.omit({ version: true });
export type ArticleCreate = z.infer<typeof ArticleCreateSchema>;

export const AuthorSchema = z.object({ id: z.string().nullable(), name: z.string() });

/** An article in a list: /share, the member's own, a group's, search results. */
export const ArticleSummarySchema = z.object({
  id: z.uuid(),
  slug: z.string().nullable(),
  status: z.enum(ARTICLE_STATUSES),
  title: z.string(),
  excerpt: z.string(),
  cover: ArticleImageSchema.nullable(),
  author: AuthorSchema,
  language: z.enum(LANGUAGES),
  words: z.number().int(),
  minutes: z.number().int(),
  likes: z.number().int(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
  hidden: z.boolean(),
  /** A sample article of a fresh install (docs/articles.md#sample-article). */
  sample: z.boolean(),
});
export type ArticleSummary = z.infer<typeof ArticleSummarySchema>;

/** The editor's copy: the document as stored, with its pictures. */
export const ArticleDraftSchema = ArticleSummarySchema.extend({
  doc: ArticleDocSchema,
  version: z.number().int(),
  /** The version readers see; below `version` when a published article has edits not yet published. */
  publishedVersion: z.number().int().nullable(),
  coverImageId: z.uuid().nullable(),
  images: z.array(ArticleImageSchema),
});
export type ArticleDraft = z.infer<typeof ArticleDraftSchema>;

/** Live data of an embedded card: what the card's box shows, read when the page is. */
export const CardEmbedSchema = z.object({
  kind: z.literal('card'),
  id: z.string(),
  name: LocalizedNameSchema,
  bank: z.enum(CARD_BANKS),
  network: z.enum(CARD_NETWORKS),
  currency: z.enum(['USD', 'TWD']),
  annualFee: z.number(),
  firstYearFee: z.number().nullable(),
  welcomeBonus: WelcomeBonusSchema.nullable(),
  asOf: z.string(),
});
export const ProgrammeEmbedSchema = z.object({
  kind: z.literal('programme'),
  id: z.string(),
  programme: LibraryEntrySchema,
});
export const MissingEmbedSchema = z.object({ kind: z.literal('missing'), id: z.string() });
export const EmbedViewSchema = z.discriminatedUnion('kind', [
  CardEmbedSchema,
  ProgrammeEmbedSchema,
  MissingEmbedSchema,
]);
export type EmbedView = z.infer<typeof EmbedViewSchema>;

/** The reader's page: sanitised HTML in pieces, with the live objects between them. */
export const ArticleSegmentSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('html'), html: z.string() }),
  z.object({ type: z.literal('embed'), embed: EmbedViewSchema }),
]);
export type ArticleSegment = z.infer<typeof ArticleSegmentSchema>;

export const PublicArticleSchema = ArticleSummarySchema.extend({
  segments: z.array(ArticleSegmentSchema),
  likedByMe: z.boolean(),
  mine: z.boolean(),
});
export type PublicArticle = z.infer<typeof PublicArticleSchema>;

export const ARTICLE_ORDERS = ['newest', 'best'] as const;
export type ArticleOrder = (typeof ARTICLE_ORDERS)[number];

const QueryText = z.string().max(100).refine(isAllowedText, 'a character that is not allowed');

export const ArticleSearchQuerySchema = z.object({
  q: QueryText.optional(),
  author: QueryText.optional(),
  /** A group's address part: only its articles. */
  group: QueryText.optional(),
  order: z.enum(ARTICLE_ORDERS).default('best'),
  page: z.coerce.number().int().min(1).max(100).default(1),
});
export type ArticleSearchQuery = z.infer<typeof ArticleSearchQuerySchema>;

/** A stretch of a snippet, marked when it matched the query (the page shows it in <mark>). */
export const SnippetPartSchema = z.object({ text: z.string(), match: z.boolean() });
export type SnippetPart = z.infer<typeof SnippetPartSchema>;

export const ArticleHitSchema = z.object({
  article: ArticleSummarySchema,
  title: z.array(SnippetPartSchema),
  snippet: z.array(SnippetPartSchema),
});
export type ArticleHit = z.infer<typeof ArticleHitSchema>;

export const ARTICLES_PER_PAGE = 20;

/** Slug of a published article: the title's letters and digits in any script, or the id's start. */
export function articleSlug(title: string, id: string): string {
  const words =
    title
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if ([...next].length > 60) break;
    slug = next;
  }
  return slug || `article-${id.slice(0, 8)}`;
}

export const articlePath = (slug: string) => `/share/article/${encodeURIComponent(slug)}`;
export const editArticlePath = (id: string) => `/me/edit-article?id=${id}`;

// Groups (docs/articles.md#groups)

export const GROUP_VISIBILITIES = ['public', 'invite'] as const;
export type GroupVisibility = (typeof GROUP_VISIBILITIES)[number];
export const GROUP_NAME_MAX = 60;
export const GROUP_DESCRIPTION_MAX = 500;

export const GroupInputSchema = z
  .object({
    name: memberText(GROUP_NAME_MAX).pipe(z.string().min(1)),
    description: memberText(GROUP_DESCRIPTION_MAX),
    visibility: z.enum(GROUP_VISIBILITIES),
  })
  .strict();
export type GroupInput = z.infer<typeof GroupInputSchema>;

export const GroupSummarySchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  visibility: z.enum(GROUP_VISIBILITIES),
  owner: AuthorSchema,
  members: z.number().int(),
  articles: z.number().int(),
  hidden: z.boolean(),
  /** The sample group of a fresh install (docs/articles.md#sample-article). */
  sample: z.boolean(),
  updatedAt: z.string(),
});
export type GroupSummary = z.infer<typeof GroupSummarySchema>;

export const GroupViewSchema = GroupSummarySchema.extend({
  articleList: z.array(ArticleSummarySchema),
  isMember: z.boolean(),
  isOwner: z.boolean(),
  /** The invitation link's secret: only its owner and members see it. */
  inviteToken: z.string().nullable(),
});
export type GroupView = z.infer<typeof GroupViewSchema>;

export const groupPath = (slug: string) => `/share/group/${encodeURIComponent(slug)}`;
export const groupInvitePath = (slug: string, token: string) =>
  `${groupPath(slug)}?invite=${encodeURIComponent(token)}`;
