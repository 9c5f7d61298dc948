import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE, MONEY_CURRENCY_COOKIE } from '../../../core/api.ts';
import {
  PAGE_SCRIPTS_ELEMENT_ID,
  siteVariantOf,
  type ClientConfig,
} from '../../../core/client-config.ts';
import {
  DEFAULT_MONEY_CURRENCY,
  isMoneyCurrency,
  languageFromQuery,
  pickLanguage,
} from '../../../core/locale.ts';
import { setPreferenceCookies } from '../preferences/index.ts';
import { PageCache } from './page-cache.ts';
import type { BootState, RenderResult, WebRenderer } from './web-renderer.ts';

/** Vite's build manifest: per source module, its file, the chunks it imports and its CSS. */
type Manifest = Record<
  string,
  { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[] }
>;

const SLOT = { head: '<!--app-head-->', body: '<!--app-body-->', data: '<!--app-data-->' } as const;
const SCRIPTS_ELEMENT_ID = PAGE_SCRIPTS_ELEMENT_ID;

/** The server-rendering half of the build, beside the browser's: dist/web → dist/ssr. */
export function ssrEntryOf(distDir: string): string {
  return join(dirname(resolve(distDir)), 'ssr', 'entry-server.js');
}

/** Loads the server-rendering entry of the built web app, or null when the app is not built. */
export async function loadWebRenderer(distDir: string): Promise<WebRenderer | null> {
  const entry = ssrEntryOf(distDir);
  if (!existsSync(entry) || !existsSync(join(distDir, 'index.html'))) return null;
  return (await import(pathToFileURL(entry).href)) as WebRenderer;
}

/** The stylesheets and script modules a page's own modules need, and everything they import. */
function pageAssets(
  manifest: Manifest,
  sources: readonly string[],
): { styles: string[]; modules: string[] } {
  const modules = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || modules.has(`/${entry.file}`)) return;
    modules.add(`/${entry.file}`);
    for (const css of entry.css ?? []) styles.add(`/${css}`);
    for (const next of entry.imports ?? []) visit(next);
  };
  // The entry is tiny and imports the app in steps (web/entry-client.tsx): every step is preloaded.
  for (const step of manifest['index.html']?.dynamicImports ?? []) visit(step);
  for (const source of sources) visit(source);
  return { styles: [...styles], modules: [...modules] };
}

/**
 * The page's scripts start after its first paint: the page is drawn from its HTML and CSS, and
 * its scripts only make it interactive, so on a slow connection they must not compete with the
 * stylesheet. This fixed script (allowed by its hash in the CSP) reads the list from a JSON block
 * and, once the browser has painted (or after 3 s in a tab that does not paint), starts the entry
 * and preloads every module in parallel, a few per task (adding a preload is not free, and thirty
 * at once would hold the browser as long as the page's own code does).
 */
export const SCRIPT_LOADER = `(function(){var d=document,started=0,list=JSON.parse(d.getElementById('${SCRIPTS_ELEMENT_ID}').textContent),rest=list.preload.slice();function batch(){rest.splice(0,4).forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.href=h;d.head.appendChild(l)});if(rest.length)setTimeout(batch,0)}function go(){if(started)return;started=1;var s=d.createElement('script');s.type='module';s.src=list.entry;d.head.appendChild(s);setTimeout(batch,0)}requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,3000)})();`;

function etagOf(html: string): string {
  return `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
}

/**
 * Serves the web app: hashed assets with a year-long immutable cache, and every page rendered
 * on the server with its data, head and hydration state (ADR 007). Unknown paths are redirected
 * home by the route table itself; unknown /api/* paths answer a JSON 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: {
    distDir: string;
    renderer: WebRenderer | null;
    clientConfig: ClientConfig;
    /** The configured public address: canonical and alternate links use it, never the request's host. */
    origin: string;
    secureCookies: boolean;
    /** How long a rendered page is kept for the next visitor asking the same (no member data is in it). */
    cacheSeconds: number;
    /** Serve the build's source maps (development); production keeps its sources to itself. */
    sourceMaps: boolean;
  },
): Promise<{ cache: PageCache<RenderResult> }> {
  const distDir = resolve(options.distDir);
  const { renderer } = options;
  const cache = new PageCache<RenderResult>({
    maxEntries: 500,
    ttlMs: options.cacheSeconds * 1000,
  });
  if (!renderer) {
    app.setNotFoundHandler((request, reply) =>
      notFound(request, reply, () =>
        reply.status(503).send({
          ok: false,
          code: -99,
          error: 'UNAVAILABLE',
          message: 'The web app is not built; run npm run build.',
        }),
      ),
    );
    return { cache };
  }

  // Vite's entry script and its preloads come out of the template: SCRIPT_LOADER starts them.
  let entryScript = '';
  const entryPreloads: string[] = [];
  const template = readFileSync(join(distDir, 'index.html'), 'utf8')
    .replace(
      /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/,
      (_tag, src: string) => {
        entryScript = src;
        return '';
      },
    )
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
      entryPreloads.push(href);
      return '';
    });
  if (!entryScript) throw new Error(`${join(distDir, 'index.html')} has no entry script`);
  const manifest = JSON.parse(
    readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const colorScheme = renderer.colorSchemeScript().html;
  const origin = options.origin.replace(/\/$/, '');

  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    wildcard: true,
    // The build writes a Brotli and a gzip copy of each script and stylesheet (scripts/precompress.ts).
    preCompressed: true,
    // The page template is not a page: every page comes rendered. Source maps only where asked.
    allowedPath: (pathName) =>
      pathName !== '/index.html' && (options.sourceMaps || !pathName.endsWith('.map')),
    setHeaders(reply, filePath) {
      // File names under assets/ carry a content hash, so they never change.
      const immutable = filePath.startsWith(join(distDir, 'assets'));
      reply.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://site.invalid');
    // `?lang=` renders in that language and keeps it in the cookie
    // (docs/product/README.md#languages); the browser then drops the parameter from the address
    // without loading again.
    const forced = languageFromQuery(url.searchParams.get('lang'));
    if (forced) setPreferenceCookies(reply, { language: forced }, options.secureCookies);
    url.searchParams.delete('lang');
    const language =
      forced ??
      pickLanguage(request.cookies[LANGUAGE_COOKIE] ?? request.headers['accept-language']);
    // `?currency=` works the same way for the money currency.
    const askedCurrency = url.searchParams.get('currency')?.toUpperCase();
    const forcedCurrency = isMoneyCurrency(askedCurrency) ? askedCurrency : null;
    if (forcedCurrency)
      setPreferenceCookies(reply, { currency: forcedCurrency }, options.secureCookies);
    url.searchParams.delete('currency');
    const savedCurrency = forcedCurrency ?? request.cookies[MONEY_CURRENCY_COOKIE];
    const boot: BootState = {
      config: options.clientConfig,
      language,
      moneyCurrency: isMoneyCurrency(savedCurrency) ? savedCurrency : DEFAULT_MONEY_CURRENCY,
      variant: siteVariantOf(request.hostname, options.clientConfig.cardVariantDomain),
      isMobile: /Mobi|Android|iPhone/i.test(request.headers['user-agent'] ?? ''),
      languageInAddress: forced !== null,
      today: new Date().toISOString().slice(0, 10),
    };
    const key = JSON.stringify([
      boot.today,
      boot.language,
      boot.moneyCurrency,
      boot.variant,
      boot.isMobile,
      boot.languageInAddress,
      url.pathname,
      url.search,
    ]);

    let result: RenderResult | undefined = cache.get(key);
    if (!result) {
      const renderedFrom = cache.generation;
      result = await renderer.render({
        url: `${origin}${url.pathname}${url.search}`,
        origin,
        boot,
        // The page's loaders ask the API in-process, as an anonymous visitor from the same address:
        // no member's data reaches a page that may be kept for others, and rate limits still apply.
        callApi: async (path) => {
          const answer = await app.inject({
            method: 'GET',
            url: path,
            headers: { accept: 'application/json', 'accept-language': language },
            remoteAddress: request.ip,
          });
          let body: unknown;
          try {
            body = answer.json();
          } catch {
            body = null;
          }
          return { status: answer.statusCode, body };
        },
      });
      if (result.kind === 'redirect' || (result.shareable && result.status === 200))
        cache.set(key, result, renderedFrom);
    }

    if (result.kind === 'redirect') return reply.redirect(result.location, result.status);

    const assets = pageAssets(manifest, result.sources);
    const styles = assets.styles.filter((href) => !template.includes(`"${href}"`));
    const scripts = {
      entry: entryScript,
      preload: [...new Set([...entryPreloads, ...assets.modules])],
    };
    const html = template
      .replace('<html lang="en">', `<html lang="${language}" data-mantine-color-scheme="light">`)
      .replace(
        SLOT.head,
        [
          colorScheme,
          result.head,
          ...styles.map((href) => `<link rel="stylesheet" href="${href}">`),
        ].join('\n    '),
      )
      .replace(SLOT.body, result.body)
      .replace(
        SLOT.data,
        [
          `<script type="application/json" id="${renderer.BOOT_ELEMENT_ID}">${JSON.stringify(boot).replaceAll('<', '\\u003c')}</script>`,
          `<script type="application/json" id="${renderer.HYDRATION_ELEMENT_ID}">${result.routerData}</script>`,
          `<script type="application/json" id="${SCRIPTS_ELEMENT_ID}">${JSON.stringify(scripts)}</script>`,
          `<script>${SCRIPT_LOADER}</script>`,
        ].join('\n    '),
      );
    const etag = etagOf(html);
    reply
      .status(result.status)
      .header('content-type', 'text/html; charset=utf-8')
      // The same address differs by language and currency cookies; browsers revalidate with the ETag.
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie, Accept-Language')
      .header('etag', etag);
    if (result.status === 200 && request.headers['if-none-match'] === etag)
      return reply.status(304).send();
    return reply.send(html);
  };

  // The static plugin would refuse "/" as a directory without an index.
  app.get('/', page);
  app.setNotFoundHandler((request, reply) => notFound(request, reply, () => page(request, reply)));
  return { cache };
}

/** Unknown API paths and missing files answer 404; any other GET is a page of the app. */
function notFound(request: FastifyRequest, reply: FastifyReply, servePage: () => unknown) {
  const path = request.url.split('?')[0] ?? '/';
  if (path === '/api' || path.startsWith('/api/')) {
    return reply.status(404).send({
      ok: false,
      code: -99,
      error: 'NOT_FOUND',
      message: `No API at ${request.method} ${path}.`,
    });
  }
  const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(path);
  if ((request.method === 'GET' || request.method === 'HEAD') && !looksLikeFile) return servePage();
  return reply
    .status(404)
    .send({ ok: false, code: -99, error: 'NOT_FOUND', message: `Nothing at ${path}.` });
}
