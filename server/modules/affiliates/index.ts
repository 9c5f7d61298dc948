// The affiliates module's public surface (eslint.config.js).
export { Affiliates, affiliatesFromConfig } from './affiliates.service.ts';
export { affiliatesRoutes, registerReferrals } from './affiliates.routes.ts';
