import { z } from 'zod';
import { SnippetPartSchema } from './articles/articles.ts';
import { AnswerLanguageSchema } from './api-schemas.ts';

/**
 * Site search's contract (docs/product/site.md#site-search): one index over the product's records,
 * asked by `GET /api/search` (the /search page, grouped by kind) and `GET /api/search/suggest`
 * (the header box, a few best records as the visitor types).
 */

/** The kinds of record, in the order the page lists its groups when scores tie. */
export const SEARCH_KINDS = [
  'programme',
  'card',
  'transfer',
  'airline',
  'airport',
  'storefront',
  'bank',
  'faq',
  'article',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The longest query read; longer text is cut, not refused, as a search box should. */
export const SEARCH_QUERY_MAX = 100;
/** Records per group on /search; a group's own page (`kind=`) lists up to SEARCH_KIND_MAX. */
export const SEARCH_GROUP_SIZE = 5;
export const SEARCH_KIND_MAX = 50;
export const SEARCH_SUGGESTIONS = 8;

export const SiteSearchQuerySchema = z.object({
  q: z
    .string()
    .default('')
    .transform((value) => value.slice(0, SEARCH_QUERY_MAX)),
  lang: AnswerLanguageSchema,
  /** Only this kind, with up to SEARCH_KIND_MAX records. */
  kind: z.enum(SEARCH_KINDS).optional(),
});
export type SiteSearchQuery = z.infer<typeof SiteSearchQuerySchema>;

export const SearchHitSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.string(),
  /** The record's page on this site (a path, with its query). */
  href: z.string(),
  title: z.array(SnippetPartSchema).describe('The name in the asked language, matches marked'),
  /** A line under the title: what the record is, where it is from. */
  detail: z.string(),
  snippet: z.array(SnippetPartSchema).describe('Text around the first match; empty for names'),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

export const SearchGroupSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  /** How many records of this kind matched; `hits` holds the best of them. */
  total: z.number().int(),
  hits: z.array(SearchHitSchema),
});
export type SearchGroup = z.infer<typeof SearchGroupSchema>;
