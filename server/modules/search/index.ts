// The search module's public surface: other modules, the composition root and scripts import only this file (eslint.config.js).
export { searchRoutes } from './search.routes.ts';
export { siteSearchOf } from './search-setup.ts';
export type { SiteSearch } from './site-search.ts';
export { foldForSearch, highlight, snippet } from './search-text.ts';
export { SYNONYM_GROUPS } from './vocabulary.ts';
