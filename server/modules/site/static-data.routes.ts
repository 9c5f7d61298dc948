import type { FastifyPluginAsync } from 'fastify';
import { withErrors } from '../../../core/api-schemas.ts';
import { ServedConvenienceStoresSchema } from '../../../core/shares/convenience-stores.ts';
import type { ConvenienceStores } from '../shares/index.ts';

const StoresFile = {
  description: 'The 7-ELEVEN stores with the US-card support members report',
  content: { 'application/json': { schema: ServedConvenienceStoresSchema } },
};

/**
 * Static data files with fixed public paths (docs/product/routing.md#routes). /static/711_stores.json
 * changes only when members' word on US cards at 7-ELEVEN does: each version is encoded once
 * (Brotli, gzip) and answered by ETag.
 */
export const staticDataRoutes: FastifyPluginAsync<{ convenience: ConvenienceStores }> = async (
  app,
  { convenience },
) => {
  app.get(
    '/static/711_stores.json',
    { schema: { response: withErrors({ 200: StoresFile }) }, config: { compress: false } },
    async (request, reply) => {
      const version = await convenience.file();
      // Ten minutes in caches, then asked again with the ETag: a new report shows within that.
      reply
        .header('cache-control', 'public, max-age=600')
        .header('etag', version.etag)
        .header('vary', 'accept-encoding')
        .type('application/json; charset=utf-8');
      if (request.headers['if-none-match'] === version.etag) return reply.code(304).send();
      const accepts = String(request.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(version.br);
      if (/\bgzip\b/.test(accepts))
        return reply.header('content-encoding', 'gzip').send(version.gzip);
      return reply.send(version.identity);
    },
  );
};
