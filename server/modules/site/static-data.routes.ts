import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { withErrors } from '../../../core/api-schemas.ts';
import { LocalizedTextSchema } from '../../../core/cards/card-schema.ts';

const storesFile = fileURLToPath(new URL('../../../data/711_stores.json', import.meta.url));

/** data/711_stores.json: Taiwan's convenience-store chains, for the store-sharing form. */
const StoresFileSchema = z
  .object({
    description: z.string(),
    source: z.string(),
    asOf: z.string(),
    stores: z.array(z.object({ id: z.string(), name: LocalizedTextSchema, operator: z.string(), type: z.string(), category: z.string() }).strict()),
  })
  .strict();
const StoresFile = { description: 'The data file as written', content: { 'application/json': { schema: StoresFileSchema } } };

/** Static data files with fixed public paths (docs/product/routing.md#routes). */
export const staticDataRoutes: FastifyPluginAsync = async (app) => {
  const stores = readFileSync(storesFile, 'utf8');
  // The file goes out as written, so no serializer looks at it: it is checked against its schema here, once.
  StoresFileSchema.parse(JSON.parse(stores));
  app.get('/static/711_stores.json', { schema: { response: withErrors({ 200: StoresFile }) } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('application/json; charset=utf-8').send(stores),
  );
};
