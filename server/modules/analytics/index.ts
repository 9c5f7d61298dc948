// The analytics module's public surface: other modules, the composition root and scripts import only this file (eslint.config.js).
export { analyticsRoutes } from './analytics.routes.ts';
