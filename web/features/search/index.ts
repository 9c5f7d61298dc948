import type { FeatureModule } from '../../lib/page-module.ts';
import { siteSearchPage } from './search-page.tsx';

export const namespaces: FeatureModule['namespaces'] = ['search'];

/** Site search (docs/search.md): /search over the one site index. */
export const pages: FeatureModule['pages'] = {
  siteSearch: siteSearchPage,
};
