import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema, withErrors } from '../../../core/api-schemas.ts';
import { buildVersion } from '../../build-version.ts';

/** Liveness (the process answers, with the build it runs) and readiness (the database answers) for load balancers. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { schema: { response: withErrors({ 200: okSchema({ version: z.string() }) }) } },
    async () => ({ ok: true as const, version: buildVersion() }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        response: withErrors({ 200: okSchema({ database: z.enum(['pglite', 'postgres']) }) }),
      },
    },
    async (request, reply) => {
      try {
        await app.database.ping();
        return { ok: true as const, database: app.database.kind };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return reply.status(503).send({
          ok: false,
          code: -99,
          error: 'UNAVAILABLE',
          message: 'The database is not reachable.',
        });
      }
    },
  );
};
