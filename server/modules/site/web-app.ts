import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE } from '../../../core/api.ts';
import { CLIENT_CONFIG_ELEMENT_ID, PAGE_DATA_ELEMENT_ID, type ClientConfig } from '../../../core/client-config.ts';
import { pickLanguage, type Language } from '../../../core/locale.ts';

const CONFIG_SLOT = '<!--client-config-->';

/** JSON that is safe inside a <script> element: no `</script>` can close it early. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

/**
 * Serves the built web app: hashed assets with a long cache, and index.html for every other
 * path that is not an API or a file, so the app's router decides (unknown paths go home there).
 * Unknown /api/* paths answer a JSON 404 instead.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: {
    distDir: string;
    clientConfig: ClientConfig;
    /** Per-visit data placed in the page (the campaign banner's promotion), so it paints with the page. */
    pageData?: (language: Language) => Promise<Record<string, unknown>>;
  },
): Promise<void> {
  const distDir = resolve(options.distDir);
  const indexFile = join(distDir, 'index.html');
  const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  const page = template?.replace(
    CONFIG_SLOT,
    `<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">${scriptSafeJson(options.clientConfig)}</script>`,
  );

  if (template) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: true,
      setHeaders(reply, filePath) {
        // File names under assets/ carry a content hash, so they never change.
        const immutable = filePath.includes(`${join(distDir, 'assets')}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  const sendApp = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!page) {
      return reply.status(503).send({ ok: false, code: -99, error: 'UNAVAILABLE', message: 'The web app is not built; run npm run build.' });
    }
    const language = pickLanguage(request.cookies[LANGUAGE_COOKIE] ?? request.headers['accept-language']);
    let data: Record<string, unknown> = {};
    try {
      data = (await options.pageData?.(language)) ?? {};
    } catch (error) {
      // The page works without it: the app asks for the same data itself.
      request.log.warn({ err: error }, 'page data unavailable');
    }
    return reply
      .status(200)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(
        page
          .replace('<html lang="en">', `<html lang="${language}">`)
          .replace('</head>', `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${scriptSafeJson({ language, ...data })}</script></head>`),
      );
  };

  // The static plugin would refuse "/" as a directory without an index.
  app.get('/', sendApp);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/')) {
      return reply.status(404).send({ ok: false, code: -99, error: 'NOT_FOUND', message: `No API at ${request.method} ${path}.` });
    }
    const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(path);
    if ((request.method === 'GET' || request.method === 'HEAD') && !looksLikeFile) return sendApp(request, reply);
    return reply.status(404).send({ ok: false, code: -99, error: 'NOT_FOUND', message: `Nothing at ${path}.` });
  });
}
