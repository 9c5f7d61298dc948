// The me module's public surface: other modules, the composition root and scripts import only this file (eslint.config.js).
export { profileRoutes } from './profile.routes.ts';
