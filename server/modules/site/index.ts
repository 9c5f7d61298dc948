// The site module's public surface: other modules, the composition root and scripts import only this file (eslint.config.js).
export { changesKeptPages } from './page-cache.ts';
export type { PageCache } from './page-cache.ts';
export { seoRoutes } from './seo.routes.ts';
export { staticDataRoutes } from './static-data.routes.ts';
export { SCRIPT_LOADER, loadWebRenderer, registerWebApp } from './web-app.ts';
export { clientConfigOf } from './client-config.ts';
