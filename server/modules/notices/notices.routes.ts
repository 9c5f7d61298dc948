import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema, withErrors } from '../../../core/api-schemas.ts';
import { NoticeViewSchema } from '../../../core/notices.ts';
import type { Sessions } from '../auth/index.ts';
import { registerNoticeStream } from './notice-stream.ts';
import type { Notices } from './notices.service.ts';

/** A member's notices (docs/notices.md#api): the newest with the unread count, marking them read, and the live stream. */
export const noticesRoutes: FastifyPluginAsyncZod<{
  notices: Notices;
  sessions: Sessions;
}> = async (app, { notices, sessions }) => {
  const Listed = withErrors({
    200: okSchema({ notices: z.array(NoticeViewSchema), unread: z.number().int() }),
  });
  app.get(
    '/notices',
    {
      schema: {
        querystring: z.object({ after: z.coerce.number().int().min(0).optional() }),
        response: Listed,
      },
    },
    async (request) => {
      const member = await sessions.requireMember(request);
      return { ok: true as const, ...(await notices.list(member.id, request.query.after)) };
    },
  );

  app.post(
    '/notices/read',
    {
      schema: {
        body: z.union([
          z.object({ ids: z.array(z.number().int().min(1)).min(1).max(100) }).strict(),
          z.object({ all: z.literal(true) }).strict(),
        ]),
        response: withErrors({ 200: okSchema({ unread: z.number().int() }) }),
      },
    },
    async (request) => {
      const member = await sessions.requireMember(request);
      const ids = 'all' in request.body ? 'all' : request.body.ids;
      return { ok: true as const, unread: await notices.markRead(member.id, ids) };
    },
  );

  registerNoticeStream(app, { notices, sessions });
};
