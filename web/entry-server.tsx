/**
 * The server's way into the web app: renders one page to HTML with its data, head and the
 * state the browser hydrates from. The server imports only this module of web/ (built by Vite
 * into dist/ssr), so the web app's CSS modules, catalogs and route table work the same on both.
 */
import { ColorSchemeScript } from '@mantine/core';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppShell } from './app/app-shell.tsx';
import { serializeRouterData, type BootState } from './app/boot.ts';
import { errorHeadOf, headHtml, headTags, pageHeadOf, scriptSafeJson } from './app/page-head.ts';
import { routes } from './app/routes.tsx';
import { PAGES, featureOfPage, stringAreasOf, type PageDef } from './lib/site-map.ts';
import {
  catalogFiles,
  catalogSource,
  BASE_NAMESPACES,
  catalogLanguages,
  type CatalogFile,
} from './lib/i18n.ts';
import { serverTranslator } from './lib/i18n-server.ts';
import type { RenderContext } from './lib/loader-api.ts';
import { ApiRequestError } from './lib/api-client.ts';
import { isApiError } from '../core/api.ts';
import type { FeatureModule, PageHandle } from './lib/page-module.ts';

export type { BootState } from './app/boot.ts';
export { BOOT_ELEMENT_ID, HYDRATION_ELEMENT_ID } from './app/boot.ts';
export { PAGES, type PageDef } from './lib/site-map.ts';

export interface RenderRequest {
  /** The address asked for, absolute (the configured public address with the request's path and query). */
  url: string;
  boot: BootState;
  /** Answers GET of the site's own API for the page's loaders, without leaving the process. */
  callApi: (path: string) => Promise<{ status: number; body: unknown }>;
  /** The configured public address the canonical and alternate links use, without a trailing slash. */
  origin: string;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** Title, meta, links and structured data for the head. */
      head: string;
      /** The app's markup, to go inside #root. */
      body: string;
      /** The router's data as script-safe JSON. */
      routerData: string;
      /** Build-manifest names of the modules and catalogs the page uses, for preload links. */
      sources: string[];
      /** Whether the page may be kept and served to other visitors (no member data in it). */
      shareable: boolean;
    };

const handler = createStaticHandler(routes);

export async function render(input: RenderRequest): Promise<RenderResult> {
  const { boot } = input;
  const requestContext: RenderContext = {
    language: boot.language,
    moneyCurrency: boot.moneyCurrency,
    apiGet: async <T,>(path: string) => {
      const { status, body } = await input.callApi(path);
      if (status >= 400) throw new ApiRequestError(status, isApiError(body) ? body : null);
      return body as T;
    },
  };
  const context = await handler.query(new Request(input.url), { requestContext });
  if (context instanceof Response) {
    const location = context.headers.get('Location');
    if (context.status >= 300 && context.status < 400 && location)
      return { kind: 'redirect', status: context.status, location };
    throw new Error(`a loader answered ${context.status} without a page`);
  }

  const i18n = serverTranslator(boot.language);
  const router = createStaticRouter(handler.dataRoutes, context);
  const body = renderToString(
    <AppShell boot={boot} i18n={i18n}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppShell>,
  );

  const leaf = context.matches[context.matches.length - 1];
  const handle = leaf?.route.handle as PageHandle | undefined;
  const t = i18n.t;
  const failed = context.errors !== null;
  const head =
    failed || !handle
      ? errorHeadOf(t, context.statusCode === 404)
      : pageHeadOf(handle, {
          data: context.loaderData[leaf?.route.id ?? ''] as never,
          params: leaf?.params ?? {},
          language: boot.language,
          t,
          origin: input.origin,
        });
  const url = new URL(input.url);
  const tags = headTags({
    head,
    brand: boot.variant === 'card' ? t('brandCard') : t('brand'),
    origin: input.origin,
    path: url.pathname.replace(/(.)\/+$/, '$1'),
    language: boot.language,
    languageInAddress: boot.languageInAddress,
  });

  const catalogs: readonly CatalogFile[] = handle
    ? catalogFiles(handle.namespaces, stringAreasOf(handle.page, boot.variant))
    : BASE_NAMESPACES;
  const sources = [
    ...(handle ? [handle.source] : []),
    ...catalogLanguages(boot.language).flatMap((language) =>
      catalogs.map((file) => catalogSource(language, file)),
    ),
  ];
  return {
    kind: 'page',
    status: context.statusCode,
    head: headHtml(tags),
    body,
    routerData: scriptSafeJson(
      serializeRouterData({
        loaderData: context.loaderData,
        actionData: context.actionData,
        errors: context.errors,
      }),
    ),
    sources,
    shareable: !failed,
  };
}

/** Mantine's colour-scheme script for the head; the server allows exactly this text in its CSP. */
export function colorSchemeScript(): { html: string; code: string } {
  const html = renderToStaticMarkup(<ColorSchemeScript defaultColorScheme="light" />);
  const code = /<script[^>]*>([\s\S]*)<\/script>/.exec(html)?.[1] ?? '';
  return { html, code };
}

/**
 * The pages that belong in the sitemap: public, with content of their own (not the frame of a
 * feature still to come), not reached only from a link. Pages with a parameter list theirs
 * from `paramsOf` (card ids, programme ids).
 */
export async function sitemapPages(): Promise<PageDef[]> {
  const features = import.meta.glob<FeatureModule>([
    './features/*/index.ts',
    '!./features/auth/index.ts',
  ]);
  const listed: PageDef[] = [];
  for (const page of PAGES) {
    if (page.membersOnly || page.noindex || (page.unlisted && !page.sample)) continue;
    const feature = featureOfPage(page);
    const load = feature ? features[`./features/${feature}/index.ts`] : undefined;
    if (!load || !(await load()).pages[page.id]) continue;
    listed.push(page);
  }
  return listed;
}
