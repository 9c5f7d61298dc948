import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AnalyticsEventSchema } from '../../../core/analytics.ts';

/** Page events from the web app's analytics hook; kept only when ANALYTICS=log. */
export const analyticsRoutes: FastifyPluginAsyncZod<{ mode: 'off' | 'log' }> = async (app, { mode }) => {
  app.post('/analytics/events', { schema: { body: AnalyticsEventSchema } }, async (request, reply) => {
    if (mode === 'log') request.log.info({ analytics: request.body }, 'analytics event');
    return reply.status(204).send();
  });
};
