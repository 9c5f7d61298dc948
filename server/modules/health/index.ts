// The health module's public surface: other modules, the composition root and scripts import only this file (eslint.config.js).
export { healthRoutes } from './health.routes.ts';
