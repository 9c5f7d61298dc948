import i18next, { type InitOptions, type Resource, type i18n } from 'i18next';
import type { Language } from '../../core/locale.ts';

/** Namespaces every page uses. */
export const BASE_NAMESPACES = ['common', 'pages'] as const;
/** Namespaces of one feature, loaded with that feature's pages. */
export const FEATURE_NAMESPACES = ['awards', 'payments', 'cards', 'guides', 'tutorials'] as const;
export type CatalogNamespace = (typeof FEATURE_NAMESPACES)[number];
export type WebNamespace = (typeof BASE_NAMESPACES)[number] | CatalogNamespace;

/** Japanese is partial by design and falls back to English string by string; the others load nothing else. */
export function catalogLanguages(language: Language): Language[] {
  return language === 'ja' ? ['ja', 'en'] : [language];
}

/**
 * The options of every i18next instance, on the server and in the browser. A missing key is
 * reported on the console, so the browser tests and the server-rendering tests catch it.
 */
export function i18nOptions(language: Language, resources: Resource, namespaces: readonly string[]): InitOptions {
  return {
    lng: language,
    fallbackLng: language === 'ja' ? 'en' : false,
    supportedLngs: ['en', 'zh-Hant', 'zh-Hans', 'ja'],
    resources,
    ns: [...namespaces],
    defaultNS: 'common',
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    initAsync: false,
    saveMissing: true,
    missingKeyHandler: (lngs, ns, key) => {
      console.error(`Missing translation: ${lngs.join(',')} ${ns}:${key}`);
    },
  };
}

// Each language's catalogs become their own chunk, fetched only when that language is used.
// The server holds them all (i18n-server.ts), so its build leaves these out.
const catalogs: Record<string, () => Promise<{ default: Record<string, unknown> }>> = import.meta.env.SSR
  ? {}
  : import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/{common,pages,awards,payments,cards,guides,tutorials}.json');

/** The source path of one catalog, as the build's manifest names it (for preload links). */
export function catalogSource(language: Language, namespace: WebNamespace): string {
  return `../locales/${language}/${namespace}.json`;
}

async function loadCatalog(language: Language, namespace: WebNamespace): Promise<Record<string, unknown>> {
  const load = catalogs[`../../locales/${language}/${namespace}.json`];
  return load ? (await load()).default : {};
}

let browserI18n: i18n | null = null;

/** The browser's i18next: the page language's base catalogs and the namespaces the first page needs. */
export async function createBrowserI18n(language: Language, namespaces: readonly CatalogNamespace[]): Promise<i18n> {
  const wanted = [...BASE_NAMESPACES, ...namespaces];
  const resources: Resource = {};
  await Promise.all(
    catalogLanguages(language).flatMap((lng) =>
      wanted.map(async (ns) => {
        resources[lng] ??= {};
        resources[lng][ns] = await loadCatalog(lng, ns);
      }),
    ),
  );
  const instance = i18next.createInstance();
  await instance.init(i18nOptions(language, resources, wanted));
  browserI18n = instance;
  return instance;
}

/**
 * Adds feature namespaces before the feature's pages show. The server renders with every
 * catalog of the page language, so this only matters in the browser.
 */
export async function loadNamespaces(namespaces: readonly CatalogNamespace[]): Promise<void> {
  const instance = browserI18n;
  if (!instance) return;
  const language = instance.language as Language;
  await Promise.all(
    catalogLanguages(language).flatMap((lng) =>
      namespaces.map(async (namespace) => {
        if (instance.hasResourceBundle(lng, namespace)) return;
        instance.addResourceBundle(lng, namespace, await loadCatalog(lng, namespace), true, true);
      }),
    ),
  );
}
