import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema, withErrors } from '../../../core/api-schemas.ts';
import { FeedbackInputSchema, FeedbackReportSchema } from '../../../core/feedback.ts';
import { AppError } from '../../errors.ts';
import { rateLimited } from '../../plugins/rate-limits.ts';
import type { Sessions } from '../auth/index.ts';
import type { Feedback } from './feedback.service.ts';

/** A report with a screenshot: the picture's base64 and the words, with room to spare. */
const BODY_LIMIT = 4_300_000;

/**
 * Feedback and bug reports (docs/feedback.md): anyone may send one (rate limited per address);
 * staff read them under /api/admin/, where the role is checked before the request is read.
 */
export const feedbackRoutes: FastifyPluginAsyncZod<{
  feedback: Feedback;
  sessions: Sessions;
  rateLimitScale: number;
}> = async (app, { feedback, sessions, rateLimitScale }) => {
  app.post(
    '/feedback',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        body: FeedbackInputSchema,
        response: withErrors({ 200: okSchema({ id: z.string(), copied: z.boolean() }) }),
      },
      preHandler: rateLimited(app, 'feedback', rateLimitScale),
    },
    async (request) => {
      const member = (await sessions.current(request))?.member ?? null;
      const sent = await feedback.send(request.body, {
        member: member && { id: member.id, email: member.email, name: member.name },
        browser: request.headers['user-agent'] ?? '',
      });
      return { ok: true as const, ...sent };
    },
  );

  app.get(
    '/admin/feedback',
    {
      schema: {
        response: withErrors({ 200: okSchema({ reports: z.array(FeedbackReportSchema) }) }),
      },
    },
    async (request) => {
      await sessions.requireStaff(request);
      return { ok: true as const, reports: await feedback.list() };
    },
  );

  app.get(
    '/admin/feedback/:id/screenshot',
    {
      schema: {
        params: z.object({ id: z.uuid() }),
        response: withErrors({ 200: z.string().describe("The screenshot's bytes, image/webp") }),
      },
      config: { compress: false },
    },
    async (request, reply) => {
      await sessions.requireStaff(request);
      const picture = await feedback.screenshot(request.params.id);
      if (!picture) throw new AppError('NOT_FOUND', { message: 'No such screenshot.' });
      // A Buffer goes out as it is: the response schema only describes it for the API document.
      return reply
        .type('image/webp')
        .header('cache-control', 'private, no-store')
        .send(picture as unknown as string);
    },
  );
};
