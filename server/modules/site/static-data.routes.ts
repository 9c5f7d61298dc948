import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';

const storesFile = fileURLToPath(new URL('../../../data/711_stores.json', import.meta.url));

/** Static data files with fixed public paths (SPEC §2). */
export const staticDataRoutes: FastifyPluginAsync = async (app) => {
  const stores = readFileSync(storesFile, 'utf8');
  app.get('/static/711_stores.json', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('application/json; charset=utf-8').send(stores),
  );
};
