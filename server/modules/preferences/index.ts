// The preferences module's public surface: other modules, the composition root and scripts import only this file (eslint.config.js).
export { setPreferenceCookies } from './preference-cookies.ts';
export { preferencesRoutes } from './preferences.routes.ts';
