import type { TFunction } from './translator.ts';
import type { ComponentType } from 'react';
import type {
  LoaderFunctionArgs,
  UNSAFE_DataWithResponseInit as DataWithResponseInit,
} from 'react-router';
import type { Language } from '../../core/locale.ts';
import type { PageDef } from './site-map.ts';
import type { CatalogNamespace } from './i18n.ts';

/**
 * What a page tells search engines and link previews, in the page's language. The brand, the
 * canonical address, the alternate languages and the Open Graph tags are added around it.
 */
export interface PageHead {
  /** The page's own title, without the brand. */
  title: string;
  description: string;
  /** Site path or absolute address of the preview image; the site's own image when absent. */
  image?: string;
  /** Structured data (schema.org objects) beside the page. */
  jsonLd?: Record<string, unknown>[];
  /** The way down from the home page to this page, last item this page; becomes a BreadcrumbList. */
  breadcrumbs?: { name: string; path: string }[];
  /** Pages of one member (profile, checkout) and pages reached from an e-mail stay out of search engines. */
  noindex?: boolean;
  /**
   * The one language of the page's content (a member's article, written in one): the canonical
   * address and the only alternate name it. Absent: the page exists in every language.
   */
  contentLanguage?: Language;
  /** Open Graph type; 'website' when absent. */
  type?: 'website' | 'article' | 'product';
}

export interface PageHeadArgs<Data> {
  page: PageDef;
  /** What the page's loader returned. */
  data: Data;
  params: Record<string, string | undefined>;
  language: Language;
  t: TFunction;
  /** The site's public address, for absolute links in structured data. */
  origin: string;
}

/**
 * A page's loader: runs on the server for the first view and in the browser on later
 * navigations. It may wrap its data with the router's `data()` to set the status (404).
 */
export type PageLoader<Data> = (
  args: LoaderFunctionArgs,
) => Promise<Data | DataWithResponseInit<Data>> | Data | DataWithResponseInit<Data>;

/** One page of a feature: its component and, when it shows data, its loader and its own head. */
export interface PageModule<Data = unknown> {
  Component: ComponentType<{ page: PageDef }>;
  loader?: PageLoader<Data>;
  /**
   * False when the loader's data does not depend on the address's query: a filter typed into the
   * page changes the address without loading the page's data again.
   */
  reloadOnQuery?: boolean;
  head?: (args: PageHeadArgs<Data>) => Partial<PageHead>;
}

/** What a feature's `index.ts` offers the route table. */
export interface FeatureModule {
  /** Catalog namespaces beyond `common` and the page strings that the feature's pages use. */
  namespaces?: readonly CatalogNamespace[];
  /** Pages by their site-map id; a bare component is a page with no loader of its own. */
  pages: Partial<Record<string, ComponentType<{ page: PageDef }> | PageModule<never>>>;
}

/** What the route of a page carries once its code has loaded: what the server and the head need. */
export interface PageHandle {
  page: PageDef;
  /** The module the page's code comes from, as the build manifest names it. */
  source: string;
  /** The feature's catalog namespaces (with `common` and the page strings of its areas: `catalogFiles`). */
  namespaces: readonly CatalogNamespace[];
  /** False for a page whose feature has not landed: it shows only the shared frame. */
  built: boolean;
  head?: (args: PageHeadArgs<never>) => Partial<PageHead>;
}

/** Declares a page with data, checking that the component, loader and head agree on it. */
export function definePage<Data>(module: PageModule<Data>): PageModule<never> {
  return module as unknown as PageModule<never>;
}
