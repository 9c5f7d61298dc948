import { Button } from '@mantine/core';
import { Suspense, lazy, type ComponentType } from 'react';
import { useTranslation } from '../lib/translation.tsx';
import {
  Link,
  isRouteErrorResponse,
  redirect,
  useRouteError,
  type RouteObject,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import type { Promotion } from '../../core/promotions.ts';
import { ChunkErrorScreen } from '../components/chunk-error-screen.tsx';
import { StatusScreen } from '../components/status-screen.tsx';
import { catalogFiles, loadCatalogFiles } from '../lib/i18n.ts';
import { ChunkLoadError, loadChunk } from '../lib/lazy-page.ts';
import { loaderGet, loaderLanguage } from '../lib/loader-api.ts';
import type { FeatureModule, PageHandle, PageModule } from '../lib/page-module.ts';
import { PageView, useErrorHead } from './page-view.tsx';
import { RootLayout } from './root-layout.tsx';
import { ROOT_ROUTE_ID, type RootData } from './root-data.ts';
import {
  OLD_PROMO_PATHS,
  PAGES,
  featureOfPage,
  stringAreasOf,
  type PageDef,
} from '../lib/site-map.ts';
import { browserVariant } from '../lib/client-config.ts';

// Every feature's public index.ts, each its own chunk. The keys are also the build manifest's
// names of those chunks (without the leading '../'), which the server preloads.
const FEATURES = import.meta.glob<FeatureModule>([
  '../features/*/index.ts',
  // The frame's own features (signing in, the bell) show no page of their own.
  '!../features/auth/index.ts',
  '!../features/notices/index.ts',
]);
const FRAME_SOURCE = '../components/page-skeleton.tsx';
const frameModule = () => import('../components/page-skeleton.tsx');
// Shown only when the browser starts without a server-rendered page (Vite's dev server).
const ProgressLoader = lazy(() =>
  import('../components/progress-loader.tsx').then((module) => ({
    default: module.ProgressLoader,
  })),
);

/** The source path of a feature's index module, as the glob and the build manifest name it. */
const featureSource = (feature: string) => `../features/${feature}/index.ts`;
const manifestName = (source: string) => source.replace(/^\.\.\//, '');

function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useErrorHead(notFound);
  if (error instanceof ChunkLoadError) return <ChunkErrorScreen kind={error.kind} />;
  if (notFound) {
    return (
      <StatusScreen
        testId="not-found"
        title={t('notFound.title')}
        body={t('notFound.body')}
        actions={
          <Button component={Link} to="/">
            {t('notFound.home')}
          </Button>
        }
      />
    );
  }
  return <StatusScreen testId="route-error" title={t('errors.title')} body={t('errors.generic')} />;
}

function asPageModule(own: FeatureModule['pages'][string]): PageModule<never> | null {
  if (!own) return null;
  return typeof own === 'function' ? { Component: own as ComponentType<{ page: PageDef }> } : own;
}

function pageRoute(page: PageDef): RouteObject {
  const feature = featureOfPage(page);
  const loadFeature = feature ? FEATURES[featureSource(feature)] : undefined;
  return {
    id: page.id,
    path: page.path,
    errorElement: <RouteError />,
    lazy: async () => {
      try {
        const module = loadFeature ? await loadChunk(loadFeature) : null;
        const namespaces = module?.namespaces ?? [];
        // The server renders with every catalog; the browser fetches the page's before it shows.
        if (!import.meta.env.SSR)
          await loadCatalogFiles(catalogFiles(namespaces, stringAreasOf(page, browserVariant())));
        const own = asPageModule(module?.pages[page.id]);
        if (own && feature) {
          const { Component } = own;
          const handle: PageHandle = {
            page,
            source: manifestName(featureSource(feature)),
            namespaces,
            built: true,
            ...(own.head ? { head: own.head } : {}),
          };
          const keepOnQueryChange =
            own.reloadOnQuery === false
              ? {
                  shouldRevalidate: ({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) =>
                    currentUrl.pathname !== nextUrl.pathname,
                }
              : {};
          return {
            Component: () => <PageView handle={handle} Component={Component} />,
            ...(own.loader ? { loader: own.loader } : {}),
            ...keepOnQueryChange,
            handle,
          };
        }
        // Pages whose feature has not landed show the shared page frame.
        const { PageFrame } = await loadChunk(frameModule);
        const handle: PageHandle = {
          page,
          source: manifestName(FRAME_SOURCE),
          namespaces: [],
          built: false,
        };
        return { Component: () => <PageView handle={handle} Component={PageFrame} />, handle };
      } catch (error) {
        // The router does not reliably hand a failed lazy() to errorElement (the page stays
        // empty), so the failure becomes the page itself. Retry reloads the document, which
        // also drops the router's memory of this failed load.
        if (error instanceof ChunkLoadError) {
          const kind = error.kind;
          return { Component: () => <ChunkErrorScreen kind={kind} /> };
        }
        throw error;
      }
    },
  };
}

/** The one route table, used by the server to render and by the browser to hydrate and navigate. */
export const routes: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: (
      <Suspense fallback={null}>
        <ProgressLoader />
      </Suspense>
    ),
    loader: async ({ context }): Promise<RootData> => {
      const lang = loaderLanguage(context);
      try {
        const answer = await loaderGet<{ promotion: Promotion | null }>(
          context,
          `/api/promotions/current?lang=${lang}`,
        );
        return { promotion: answer.promotion };
      } catch {
        return { promotion: null }; // no banner is better than a broken page
      }
    },
    // The banner's promotion is loaded once per visit, not on every navigation.
    shouldRevalidate: () => false,
    children: [
      ...PAGES.map(pageRoute),
      // The old promotion path and any unknown path land on the home page, with a real redirect.
      ...OLD_PROMO_PATHS.map((path): RouteObject => ({ path, loader: () => redirect('/', 301) })),
      { path: '*', loader: () => redirect('/', 302) },
    ],
  },
];
