import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import {
  createBrowserRouter,
  matchRoutes,
  type HydrationState,
  type RouteObject,
} from 'react-router';
import { RouterProvider } from 'react-router/dom';
import {
  DEFAULT_CLIENT_CONFIG,
  PAGE_SCRIPTS_ELEMENT_ID,
  type SiteVariant,
} from '../../core/client-config.ts';
import {
  BOOT_ELEMENT_ID,
  HYDRATION_ELEMENT_ID,
  readHydrationData,
  type BootState,
} from './boot.ts';
import { AppShell } from './app-shell.tsx';
import { keepServerHead } from './page-view.tsx';
import { routes } from './routes.tsx';
import { catalogFiles, createBrowserTranslator, type CatalogFile } from '../lib/i18n.ts';
import { stringAreasOf } from '../lib/site-map.ts';
import { setBrowserLanguage } from '../lib/loader-api.ts';
import { browserVariant, setClientConfig } from '../lib/client-config.ts';
import { nextTask } from '../lib/next-task.ts';
import { evaluatePreloaded } from '../lib/evaluate-preloaded.ts';
import {
  guessBrowserLanguage,
  initialMoneyCurrency,
  urlWithoutLanguageParam,
} from '../lib/preferences.ts';
import type { PageHandle } from '../lib/page-module.ts';

function readJson(id: string): unknown {
  const text = document.getElementById(id)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Without a server (Vite's dev server), the browser works out what the server would have said. */
function bootWithoutServer(): BootState {
  return {
    config: DEFAULT_CLIENT_CONFIG,
    language: guessBrowserLanguage(),
    moneyCurrency: initialMoneyCurrency(),
    variant: browserVariant(),
    isMobile: window.matchMedia('(max-width: 48em)').matches,
    languageInAddress: false,
    today: new Date().toISOString().slice(0, 10),
  };
}

/**
 * Loads the code of the routes the server rendered before hydrating, so the first render in
 * the browser is the server's page and not a loading screen.
 */
async function loadMatchedRoutes(variant: SiteVariant): Promise<CatalogFile[]> {
  const matches = matchRoutes(routes, window.location) ?? [];
  const catalogs = new Set<CatalogFile>();
  for (const { route } of matches) {
    if (typeof route.lazy !== 'function') continue;
    await nextTask();
    const loaded = (await route.lazy()) as Partial<RouteObject> & {
      handle?: Partial<PageHandle>;
    };
    Object.assign(route, loaded, { lazy: undefined });
    const { page, namespaces = [] } = loaded.handle ?? {};
    if (page)
      for (const file of catalogFiles(namespaces, stringAreasOf(page, variant))) catalogs.add(file);
  }
  return [...catalogs];
}

/** Reads what the server said, loads the first page's code and catalogs, and hydrates it. */
export async function startApp(): Promise<void> {
  const served = readJson(BOOT_ELEMENT_ID) as BootState | null;
  const boot = served ?? bootWithoutServer();
  // `?lang=` and `?currency=` have done their work on the server (the page is in them and the
  // cookies are set); the address loses them without a second load.
  const asked = new URL(window.location.href).searchParams;
  if (asked.has('lang') || asked.has('currency')) {
    window.history.replaceState(
      window.history.state,
      '',
      urlWithoutLanguageParam(window.location.href),
    );
  }
  setBrowserLanguage(boot.language);
  setClientConfig(boot.config);
  const hydrationData = readHydrationData(readJson(HYDRATION_ELEMENT_ID));
  if (hydrationData) await evaluatePreloaded(readJson(PAGE_SCRIPTS_ELEMENT_ID));
  const catalogs = hydrationData ? await loadMatchedRoutes(boot.variant) : [];
  await nextTask();
  const i18n = await createBrowserTranslator(boot.language, catalogs);
  await nextTask();
  const router = createBrowserRouter(
    routes,
    hydrationData ? { hydrationData: hydrationData as HydrationState } : {},
  );
  // Making the router (it ranks every route of the site) is a task's worth on a slow phone.
  await nextTask();
  const root = document.getElementById('root');
  if (!root) throw new Error('the page lacks #root');

  const app = (
    <StrictMode>
      <AppShell boot={boot} i18n={i18n}>
        <RouterProvider router={router} />
      </AppShell>
    </StrictMode>
  );
  if (hydrationData) {
    keepServerHead();
    // A transition lets React hydrate in slices, so a long page does not block input.
    startTransition(() => {
      // A page the browser could not hydrate as the server drew it is a bug: say so on the console,
      // where the browser tests look.
      hydrateRoot(root, app, {
        onRecoverableError: (error) =>
          console.error('React could not hydrate the server page:', error),
      });
    });
  } else {
    createRoot(root).render(app);
  }
}
