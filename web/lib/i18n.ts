import type { Language } from '../../core/locale.ts';
import { Translator, catalogLanguages, type Catalog } from './translator.ts';

export { catalogLanguages };

/** The namespace every page uses. */
export const BASE_NAMESPACES = ['common'] as const;
/** Namespaces of one feature, loaded with that feature's pages. */
export const FEATURE_NAMESPACES = [
  'awards',
  'payments',
  'cards',
  'guides',
  'tutorials',
  'legal',
  'storefront',
  'shop',
  'shares',
  'articles',
  'records',
  'newsletter',
  'search',
  'feedback',
  'assistant',
  'staff',
] as const;
export type CatalogNamespace = (typeof FEATURE_NAMESPACES)[number];
/**
 * The page strings (`pages:<id>.title`, description, highlights and a page's own words) are one
 * namespace kept in a file per area of the site map (`locales/<language>/pages/<area>.json`), so a
 * page loads its own area's, not the whole site's.
 */
export const PAGES_NAMESPACE = 'pages';

/** A catalog file under `locales/<language>/`, without `.json`: a namespace, or `pages/<area>`. */
export type CatalogFile = (typeof BASE_NAMESPACES)[number] | CatalogNamespace | `pages/${string}`;

/** The catalog files a page needs: the base, its feature's namespaces, and the page strings of its areas. */
export function catalogFiles(
  namespaces: readonly CatalogNamespace[],
  areas: readonly string[],
): CatalogFile[] {
  return [...BASE_NAMESPACES, ...namespaces, ...areas.map((area) => `pages/${area}` as const)];
}

const namespaceOf = (file: CatalogFile): string =>
  file.startsWith(`${PAGES_NAMESPACE}/`) ? PAGES_NAMESPACE : file;

// Each language's catalogs become their own chunk, fetched only when that language is used.
// The server holds them all (i18n-server.ts), so its build leaves these out.
const catalogs: Record<string, () => Promise<{ default: Catalog }>> = import.meta.env.SSR
  ? {}
  : import.meta.glob<{ default: Catalog }>([
      '../../locales/*/{common,awards,payments,cards,guides,tutorials,legal,storefront,shop,shares,articles,records,newsletter,search,feedback,assistant,staff}.json',
      '../../locales/*/pages/*.json',
    ]);

/** The source path of one catalog file, as the build's manifest names it (for preload links). */
export function catalogSource(language: Language, file: CatalogFile): string {
  return `../locales/${language}/${file}.json`;
}

async function loadCatalog(language: Language, file: CatalogFile): Promise<Catalog> {
  const load = catalogs[`../../locales/${language}/${file}.json`];
  return load ? (await load()).default : {};
}

let browserTranslator: Translator | null = null;
// One load per file, shared by every page that asks while it is on its way; a failed one is
// forgotten, so asking again tries again.
const loads = new Map<string, Promise<void>>();

/** Loads catalog files of the page language (and its fallback) into the translator. */
async function addFiles(translator: Translator, files: readonly CatalogFile[]): Promise<void> {
  await Promise.all(
    catalogLanguages(translator.language).flatMap((lng) =>
      files.map((file) => {
        const id = `${lng}/${file}`;
        let load = loads.get(id);
        if (!load) {
          load = loadCatalog(lng, file).then(
            (catalog) => translator.addCatalog(lng, namespaceOf(file), catalog),
            (error: unknown) => {
              loads.delete(id);
              throw error;
            },
          );
          loads.set(id, load);
        }
        return load;
      }),
    ),
  );
}

/** The browser's translator, with the catalog files the first page needs. */
export async function createBrowserTranslator(
  language: Language,
  files: readonly CatalogFile[],
): Promise<Translator> {
  const translator = new Translator(language, {});
  await addFiles(translator, [...BASE_NAMESPACES, ...files]);
  browserTranslator = translator;
  return translator;
}

/**
 * Adds a page's catalog files before it shows. The server renders with every catalog of the page
 * language, so this only matters in the browser; before the first page is hydrated the
 * translator is made with them instead.
 */
export async function loadCatalogFiles(files: readonly CatalogFile[]): Promise<void> {
  if (browserTranslator) await addFiles(browserTranslator, files);
}
