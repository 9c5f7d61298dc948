import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyPluginAsync } from 'fastify';
import { withErrors } from '../../../core/api-schemas.ts';
import { ConvenienceStoresFileSchema, ServedConvenienceStoresSchema } from '../../../core/shares/convenience-stores.ts';
import type { UsCardSupport } from '../../../core/shares/stores.ts';

const storesFile = fileURLToPath(new URL('../../../data/711_stores.json', import.meta.url));

/** How members may have written the chain's name on a store record (compared after folding, docs/shares.md#one-record-per-store). */
export const SEVEN_ELEVEN_NAMES = ['7-ELEVEN', '7-ELEVEN 統一超商', '統一超商', '7-11', '7-11 統一超商', 'seven eleven'] as const;

interface Encoded {
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const StoresFile = { description: 'The 7-ELEVEN stores with the US-card support members report', content: { 'application/json': { schema: ServedConvenienceStoresSchema } } };

/**
 * Static data files with fixed public paths (docs/product/routing.md#routes). /static/711_stores.json
 * is data/711_stores.json with members' word on US cards at 7-ELEVEN added: it changes only when that
 * word does, so each version is encoded once (Brotli and gzip) and answered by ETag.
 */
export const staticDataRoutes: FastifyPluginAsync<{ stores: { supportOf(names: readonly string[]): Promise<UsCardSupport | null> } }> = async (app, { stores }) => {
  const file = ConvenienceStoresFileSchema.parse(JSON.parse(readFileSync(storesFile, 'utf8')));
  const versions = new Map<UsCardSupport, Encoded>();
  const encoded = (support: UsCardSupport): Encoded => {
    const known = versions.get(support);
    if (known) return known;
    const body = { ...file, usCardSupport: { state: support, from: 'members’ reports on /cardplus/uscard-in-tw (the 7-ELEVEN record)' }, stores: file.stores.map((store) => ({ ...store, usCard: support })) };
    const identity = Buffer.from(JSON.stringify(body));
    const version = {
      etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
      identity,
      br: brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip: gzipSync(identity, { level: 9 }),
    };
    versions.set(support, version);
    return version;
  };

  app.get('/static/711_stores.json', { schema: { response: withErrors({ 200: StoresFile }) }, config: { compress: false } }, async (request, reply) => {
    const version = encoded((await stores.supportOf(SEVEN_ELEVEN_NAMES)) ?? 'unknown');
    // Cached for ten minutes, then asked again with the ETag: a new report shows within that.
    reply.header('cache-control', 'public, max-age=600').header('etag', version.etag).header('vary', 'accept-encoding').type('application/json; charset=utf-8');
    if (request.headers['if-none-match'] === version.etag) return reply.code(304).send();
    const accepts = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(version.br);
    if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(version.gzip);
    return reply.send(version.identity);
  });
};
