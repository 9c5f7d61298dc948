import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AnalyticsEventSchema } from '../../../core/analytics.ts';
import { withErrors } from '../../../core/api-schemas.ts';
import { rateLimited } from '../../plugins/rate-limits.ts';

/** Page events from the web app's analytics hook; kept only when ANALYTICS=log. */
export const analyticsRoutes: FastifyPluginAsyncZod<{
  mode: 'off' | 'log';
  rateLimitScale: number;
}> = async (app, { mode, rateLimitScale }) => {
  // Anyone may post events, so one address may not fill the log with them.
  app.post(
    '/analytics/events',
    {
      schema: {
        body: AnalyticsEventSchema,
        response: withErrors({
          204: z.undefined().describe('Taken (and dropped unless ANALYTICS=log)'),
        }),
      },
      preHandler: rateLimited(app, 'analytics', rateLimitScale),
    },
    async (request, reply) => {
      if (mode === 'log') request.log.info({ analytics: request.body }, 'analytics event');
      return reply.status(204).send();
    },
  );
};
