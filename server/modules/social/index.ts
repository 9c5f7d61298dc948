// The social module's public surface: other modules, the composition root and scripts import only this file (eslint.config.js).
export { configuredProviders } from './providers.ts';
export { socialRoutes } from './social.routes.ts';
export { SocialSignIn } from './social.service.ts';
