// The articles module's public surface: other modules, the composition root and scripts import only this file (eslint.config.js).
export { articlesFromConfig } from './articles-setup.ts';
export { articlesRoutes, groupsRoutes, mediaRoutes } from './articles.routes.ts';
export type { Articles } from './articles.service.ts';
export { embedLookup } from './embeds.ts';
export type { ArticleIndexRow } from './article-search.ts';
