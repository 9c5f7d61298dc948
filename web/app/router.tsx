import type { ComponentType } from 'react';
import { Navigate, createBrowserRouter, useRouteError, type RouteObject } from 'react-router';
import { ChunkErrorScreen } from '../components/chunk-error-screen.tsx';
import { ProgressLoader } from '../components/progress-loader.tsx';
import { StatusScreen } from '../components/status-screen.tsx';
import { ChunkLoadError, loadChunk } from '../lib/lazy-page.ts';
import { useTranslation } from 'react-i18next';
import { RootLayout } from './root-layout.tsx';
import { OLD_PROMO_PATHS, PAGES, type AreaId, type PageDef } from './site-map.ts';

/** What an area's lazily loaded module offers: a component for some of its pages. */
export interface AreaModule {
  pages: Partial<Record<string, ComponentType<{ page: PageDef }>>>;
}

/** Areas with pages of their own; every other page is the shared page frame until its feature lands. */
const AREA_MODULES: Partial<Record<AreaId, () => Promise<AreaModule>>> = {
  home: () => import('../features/home/index.ts'),
  legal: () => import('../features/legal/index.ts'),
  about: () => import('../features/about/index.ts'),
  account: () => import('../features/account/index.ts'),
  profile: () => import('../features/profile/index.ts'),
  awardplus: () => import('../features/awardplus/index.ts'),
  sponsor: () => import('../features/sponsor/index.ts'),
  enterprise: () => import('../features/enterprise/index.ts'),
  cardplus: () => import('../features/cardplus/index.ts'),
  collections: () => import('../features/collections/index.ts'),
  library: () => import('../features/guides/index.ts'),
  storefront: () => import('../features/guides/index.ts'),
};
const frameModule = () => import('../components/page-skeleton.tsx');

function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (error instanceof ChunkLoadError) return <ChunkErrorScreen kind={error.kind} />;
  return <StatusScreen testId="route-error" title={t('errors.title')} body={t('errors.generic')} />;
}

function pageRoute(page: PageDef): RouteObject {
  return {
    path: page.path,
    errorElement: <RouteError />,
    lazy: async () => {
      try {
        const loadArea = AREA_MODULES[page.area];
        const Own = loadArea ? (await loadChunk(loadArea)).pages[page.id] : undefined;
        if (Own) return { Component: () => <Own page={page} /> };
        const { PageFrame } = await loadChunk(frameModule);
        return { Component: () => <PageFrame page={page} /> };
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

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <ProgressLoader />,
    children: [
      ...PAGES.map(pageRoute),
      // SPEC §2: the old promotion path and any unknown path land on the home page.
      ...OLD_PROMO_PATHS.map((path) => ({ path, element: <Navigate to="/" replace /> })),
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
