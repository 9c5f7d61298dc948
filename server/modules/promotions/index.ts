// The promotions module's public surface: other modules, the composition root and scripts import only this file (eslint.config.js).
export { promotionsRoutes } from './promotions.routes.ts';
