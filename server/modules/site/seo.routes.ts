import type { FastifyPluginAsync } from 'fastify';
import { LANGUAGES, languageToQuery } from '../../../core/locale.ts';
import type { WebRenderer } from './web-renderer.ts';

/** For each page path with a parameter, the values it takes: every card, every programme, every shared store. */
export type ParamValues = Record<string, () => readonly string[] | Promise<readonly string[]>>;

/** Shared records change without a deploy: the sitemap is made again after an hour. */
const SITEMAP_TTL_MS = 3_600_000;

const escapeXml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

/**
 * Every public address of the site, once per language, each listing its alternates: the pages of
 * the route table that have content of their own, and a page per card and per programme.
 */
export async function sitemapPaths(
  renderer: WebRenderer,
  paramValues: ParamValues,
): Promise<string[]> {
  const paths: string[] = [];
  for (const page of await renderer.sitemapPages()) {
    if (!page.path.includes(':')) {
      paths.push(page.path);
      continue;
    }
    const values = paramValues[page.path];
    if (!values) throw new Error(`The sitemap does not know the values of ${page.path}`);
    const name = /:(\w+)/.exec(page.path)?.[1] ?? '';
    for (const value of await values())
      paths.push(page.path.replace(`:${name}`, encodeURIComponent(value)));
  }
  return paths;
}

export function sitemapXml(origin: string, paths: readonly string[]): string {
  const address = (path: string, language?: string) =>
    escapeXml(`${origin}${path}${language ? `?lang=${language}` : ''}`);
  const alternates = (path: string) =>
    [
      ...LANGUAGES.map(
        (language) =>
          `<xhtml:link rel="alternate" hreflang="${language}" href="${address(path, languageToQuery(language))}"/>`,
      ),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${address(path)}"/>`,
    ].join('');
  const urls = paths.flatMap((path) =>
    LANGUAGES.map(
      (language) =>
        `<url><loc>${address(path, languageToQuery(language))}</loc>${alternates(path)}</url>`,
    ),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

/** /sitemap.xml, made from the route table and the data, and /robots.txt pointing at it. */
export const seoRoutes: FastifyPluginAsync<{
  renderer: WebRenderer | null;
  origin: string;
  paramValues: ParamValues;
}> = async (app, { renderer, origin, paramValues }) => {
  const base = origin.replace(/\/$/, '');
  let sitemap: { made: number; xml: Promise<string> } | null = null;

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /api/',
          'Disallow: /profilepage',
          'Disallow: /me/',
          'Disallow: /dev/',
          'Disallow: /admin/',
          '',
          `Sitemap: ${base}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  app.get('/sitemap.xml', async (_request, reply) => {
    if (!renderer)
      return reply.status(503).send({
        ok: false,
        code: -99,
        error: 'UNAVAILABLE',
        message: 'The web app is not built; run npm run build.',
      });
    if (!sitemap || Date.now() - sitemap.made > SITEMAP_TTL_MS) {
      const xml = sitemapPaths(renderer, paramValues).then((paths) => sitemapXml(base, paths));
      sitemap = { made: Date.now(), xml };
      // A failed making is not kept: the next request tries again.
      xml.catch(() => (sitemap = null));
    }
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(await sitemap.xml);
  });
};
