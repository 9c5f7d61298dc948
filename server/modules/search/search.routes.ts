import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema, withErrors } from '../../../core/api-schemas.ts';
import { SearchGroupSchema, SearchHitSchema, SiteSearchQuerySchema } from '../../../core/search.ts';
import { rateLimited } from '../../plugins/rate-limits.ts';
import type { SiteSearch } from './site-search.ts';

/**
 * Site search (docs/search.md#api): the grouped results of /search and the header box's
 * suggestions. Open to visitors, read-only, rate limited per address like the other lookups.
 */
export const searchRoutes: FastifyPluginAsyncZod<{
  search: SiteSearch;
  rateLimitScale: number;
}> = async (app, { search, rateLimitScale }) => {
  app.get(
    '/search',
    {
      preHandler: rateLimited(app, 'search', rateLimitScale),
      schema: {
        querystring: SiteSearchQuerySchema,
        response: withErrors({
          200: okSchema({ q: z.string(), groups: z.array(SearchGroupSchema) }),
        }),
      },
    },
    async (request) => ({
      ok: true as const,
      q: request.query.q,
      groups: await search.search(request.query),
    }),
  );

  app.get(
    '/search/suggest',
    {
      preHandler: rateLimited(app, 'search', rateLimitScale),
      schema: {
        querystring: SiteSearchQuerySchema.pick({ q: true, lang: true }),
        response: withErrors({ 200: okSchema({ hits: z.array(SearchHitSchema) }) }),
      },
    },
    async (request) => ({
      ok: true as const,
      hits: await search.suggest(request.query.q, request.query.lang),
    }),
  );
};
