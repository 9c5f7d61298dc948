import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema, withErrors } from '../../../core/api-schemas.ts';
import {
  ARTICLE_STATUSES,
  ArticleCreateSchema,
  ArticleDraftSchema,
  ArticleHitSchema,
  ArticleImageSchema,
  ArticleSaveSchema,
  ArticleSearchQuerySchema,
  ArticleSummarySchema,
  GroupInputSchema,
  GroupSummarySchema,
  GroupViewSchema,
  PublicArticleSchema,
} from '../../../core/articles/articles.ts';
import { FlagInputSchema } from '../../../core/shares/flags.ts';
import { AppError } from '../../errors.ts';
import { rateLimited } from '../../plugins/rate-limits.ts';
import type { Sessions } from '../auth/index.ts';
import type { ShareFlags } from '../shares/index.ts';
import type { Articles } from './articles.service.ts';
import { inGroup, type ArticleGroups } from './groups.service.ts';

const Id = z.object({ id: z.uuid() });
const DraftAnswer = withErrors({ 200: okSchema({ article: ArticleDraftSchema }) });
const ListAnswer = withErrors({
  200: okSchema({ articles: z.array(ArticleSummarySchema), total: z.number().int() }),
});
/** A document of the longest allowed article, in JSON with its marks, stays well under this. */
const DOCUMENT_BODY_LIMIT = 2 * 1024 * 1024;

/**
 * Articles (docs/articles.md#api). Reading published ones is open to visitors; writing needs a
 * member, and only the author changes, publishes or deletes an article.
 */
export const articlesRoutes: FastifyPluginAsyncZod<{
  articles: Articles;
  groups: ArticleGroups;
  flags: ShareFlags;
  sessions: Sessions;
  maxImageBytes: number;
  rateLimitScale: number;
}> = async (app, { articles, groups, flags, sessions, maxImageBytes, rateLimitScale }) => {
  const viewer = async (request: Parameters<Sessions['current']>[0]) =>
    (await sessions.current(request))?.member.id ?? null;
  const member = async (request: Parameters<Sessions['current']>[0]) =>
    (await sessions.requireMember(request)).id;
  const limit = (name: 'articleNew' | 'articlePublish' | 'articleImage' | 'shareFlag') =>
    rateLimited(app, name, rateLimitScale, viewer);

  app.get(
    '/articles/mine',
    {
      schema: {
        querystring: z.object({ status: z.enum(ARTICLE_STATUSES).optional() }),
        response: withErrors({ 200: okSchema({ articles: z.array(ArticleSummarySchema) }) }),
      },
    },
    async (request) => ({
      ok: true as const,
      articles: await articles.mine(await member(request), request.query.status ?? null),
    }),
  );
  app.post(
    '/articles',
    {
      schema: { body: ArticleCreateSchema, response: DraftAnswer },
      bodyLimit: DOCUMENT_BODY_LIMIT,
      preHandler: limit('articleNew'),
    },
    async (request) => ({
      ok: true as const,
      article: await articles.create(await member(request), request.body),
    }),
  );
  app.get('/articles/:id', { schema: { params: Id, response: DraftAnswer } }, async (request) => ({
    ok: true as const,
    article: await articles.get(await member(request), request.params.id),
  }));
  app.put(
    '/articles/:id',
    {
      schema: { params: Id, body: ArticleSaveSchema, response: DraftAnswer },
      bodyLimit: DOCUMENT_BODY_LIMIT,
    },
    async (request) => ({
      ok: true as const,
      article: await articles.save(await member(request), request.params.id, request.body),
    }),
  );
  app.post(
    '/articles/:id/publish',
    {
      schema: {
        params: Id,
        body: z.object({ version: z.number().int().min(0) }).strict(),
        response: DraftAnswer,
      },
      preHandler: limit('articlePublish'),
    },
    async (request) => ({
      ok: true as const,
      article: await articles.publish(
        await member(request),
        request.params.id,
        request.body.version,
      ),
    }),
  );
  app.post(
    '/articles/:id/unpublish',
    { schema: { params: Id, response: DraftAnswer } },
    async (request) => ({
      ok: true as const,
      article: await articles.unpublish(await member(request), request.params.id),
    }),
  );
  app.delete(
    '/articles/:id',
    { schema: { params: Id, response: withErrors({ 200: okSchema({}) }) } },
    async (request) => {
      await articles.remove(await member(request), request.params.id);
      return { ok: true as const };
    },
  );

  // A picture is sent as its bytes (the browser's File), whatever type it claims: the bytes decide.
  app.addContentTypeParser(
    ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: maxImageBytes },
    (_request, body, done) => done(null, body),
  );
  app.post(
    '/articles/:id/images',
    {
      schema: {
        params: Id,
        response: withErrors({ 200: okSchema({ image: ArticleImageSchema }) }),
      },
      bodyLimit: maxImageBytes,
      preHandler: limit('articleImage'),
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body))
        throw new AppError('IMAGE_REFUSED', {
          message: "Send the picture's bytes.",
          details: { problem: 'not-an-image' },
        });
      return {
        ok: true as const,
        image: await articles.addImage(await member(request), request.params.id, request.body),
      };
    },
  );

  app.get(
    '/articles',
    {
      schema: {
        querystring: z.object({ page: z.coerce.number().int().min(1).max(100).default(1) }),
        response: ListAnswer,
      },
    },
    async (request) => ({
      ok: true as const,
      ...(await articles.recent(request.query.page)),
    }),
  );
  app.get(
    '/articles/search',
    {
      schema: {
        querystring: ArticleSearchQuerySchema,
        response: withErrors({
          200: okSchema({ hits: z.array(ArticleHitSchema), total: z.number().int() }),
        }),
      },
    },
    async (request) => {
      if (!request.query.group)
        return { ok: true as const, ...(await articles.search(request.query)) };
      // A group the viewer may not see is searched as an empty one: nothing says it exists.
      const groupId = await groups.searchable(request.query.group, await viewer(request));
      return groupId
        ? { ok: true as const, ...(await articles.search(request.query, inGroup(groupId))) }
        : { ok: true as const, hits: [], total: 0 };
    },
  );
  app.get(
    '/articles/read/:slug',
    {
      schema: {
        params: z.object({ slug: z.string().min(1).max(200) }),
        response: withErrors({ 200: okSchema({ article: PublicArticleSchema }) }),
      },
    },
    async (request) => {
      const article = await articles.read(request.params.slug, await viewer(request));
      if (!article) throw new AppError('NOT_FOUND', { message: 'No such article.' });
      return { ok: true as const, article };
    },
  );
  app.put(
    '/articles/:id/like',
    {
      schema: {
        params: Id,
        body: z.object({ liked: z.boolean() }).strict(),
        response: withErrors({ 200: okSchema({ likes: z.number().int() }) }),
      },
    },
    async (request) => ({
      ok: true as const,
      likes: await articles.like(await member(request), request.params.id, request.body.liked),
    }),
  );
  app.post(
    '/articles/:id/flag',
    {
      schema: { params: Id, body: FlagInputSchema, response: withErrors({ 200: okSchema({}) }) },
      preHandler: limit('shareFlag'),
    },
    async (request) => {
      await flags.flag(await member(request), 'article', request.params.id, request.body.reason);
      return { ok: true as const };
    },
  );
};

/**
 * Groups of articles (docs/articles.md#groups): listing public ones is open; a group by invitation
 * answers only its members or the bearer of its link; every change needs a member.
 */
export const groupsRoutes: FastifyPluginAsyncZod<{
  groups: ArticleGroups;
  flags: ShareFlags;
  sessions: Sessions;
  rateLimitScale: number;
}> = async (app, { groups, flags, sessions, rateLimitScale }) => {
  const viewer = async (request: Parameters<Sessions['current']>[0]) =>
    (await sessions.current(request))?.member.id ?? null;
  const member = async (request: Parameters<Sessions['current']>[0]) =>
    (await sessions.requireMember(request)).id;
  const GroupAnswer = withErrors({ 200: okSchema({ group: GroupViewSchema }) });
  const Ok = withErrors({ 200: okSchema({}) });
  const Invite = z.object({ invite: z.string().max(64).optional() });

  app.get(
    '/groups',
    {
      schema: {
        response: withErrors({
          200: okSchema({ groups: z.array(GroupSummarySchema), mine: z.array(GroupSummarySchema) }),
        }),
      },
    },
    async (request) => ({
      ok: true as const,
      ...(await groups.list(await viewer(request))),
    }),
  );
  app.post(
    '/groups',
    {
      schema: { body: GroupInputSchema, response: GroupAnswer },
      preHandler: rateLimited(app, 'articleNew', rateLimitScale, viewer),
    },
    async (request) => ({
      ok: true as const,
      group: await groups.create(await member(request), request.body),
    }),
  );
  app.get(
    '/groups/:slug',
    {
      schema: {
        params: z.object({ slug: z.string().min(1).max(100) }),
        querystring: Invite,
        response: GroupAnswer,
      },
    },
    async (request) => {
      const group = await groups.view(
        request.params.slug,
        await viewer(request),
        request.query.invite ?? null,
      );
      if (!group) throw new AppError('NOT_FOUND', { message: 'No such group.' });
      return { ok: true as const, group };
    },
  );
  app.put(
    '/groups/:id',
    { schema: { params: Id, body: GroupInputSchema, response: GroupAnswer } },
    async (request) => ({
      ok: true as const,
      group: await groups.update(await member(request), request.params.id, request.body),
    }),
  );
  app.delete('/groups/:id', { schema: { params: Id, response: Ok } }, async (request) => {
    await groups.remove(await member(request), request.params.id);
    return { ok: true as const };
  });
  app.post(
    '/groups/:id/invite',
    {
      schema: { params: Id, response: withErrors({ 200: okSchema({ inviteToken: z.string() }) }) },
    },
    async (request) => ({
      ok: true as const,
      inviteToken: await groups.renewInvite(await member(request), request.params.id),
    }),
  );
  app.post(
    '/groups/:id/join',
    { schema: { params: Id, body: Invite.strict(), response: Ok } },
    async (request) => {
      await groups.join(await member(request), request.params.id, request.body.invite ?? null);
      return { ok: true as const };
    },
  );
  app.post('/groups/:id/leave', { schema: { params: Id, response: Ok } }, async (request) => {
    await groups.leave(await member(request), request.params.id);
    return { ok: true as const };
  });
  app.post(
    '/groups/:id/articles',
    { schema: { params: Id, body: z.object({ articleId: z.uuid() }).strict(), response: Ok } },
    async (request) => {
      await groups.addArticle(await member(request), request.params.id, request.body.articleId);
      return { ok: true as const };
    },
  );
  app.delete(
    '/groups/:id/articles/:articleId',
    { schema: { params: Id.extend({ articleId: z.uuid() }), response: Ok } },
    async (request) => {
      await groups.removeArticle(
        await member(request),
        request.params.id,
        request.params.articleId,
      );
      return { ok: true as const };
    },
  );
  app.post(
    '/groups/:id/flag',
    {
      schema: { params: Id, body: FlagInputSchema, response: Ok },
      preHandler: rateLimited(app, 'shareFlag', rateLimitScale, viewer),
    },
    async (request) => {
      await flags.flag(await member(request), 'group', request.params.id, request.body.reason);
      return { ok: true as const };
    },
  );
};

const MEDIA_KEY = /^articles\/[0-9a-f-]{36}\/[0-9a-f-]{36}-\d{2,4}\.webp$/;

/**
 * Uploaded pictures at /media/…: WebP the server made, never a member's bytes as sent, kept for a
 * year in caches (a picture's address never changes content). Anything that is not such a key is
 * 404 before the storage is asked.
 */
export const mediaRoutes: FastifyPluginAsyncZod<{ articles: Articles }> = async (
  app,
  { articles },
) => {
  const schema = {
    params: z.object({ article: z.string().max(40), file: z.string().max(60) }),
    response: withErrors({ 200: z.string().describe("The picture's bytes, image/webp") }),
  };
  app.get(
    '/media/articles/:article/:file',
    { schema, config: { compress: false } },
    async (request, reply) => {
      const key = `articles/${request.params.article}/${request.params.file}`;
      const bytes = MEDIA_KEY.test(key) ? await articles.images.media(key) : null;
      if (!bytes) throw new AppError('NOT_FOUND', { message: 'No such picture.' });
      // A Buffer goes out as it is: the response schema only describes it for the API document.
      return reply
        .type('image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(bytes as unknown as string);
    },
  );
};
