// The affiliates module's public surface (eslint.config.js).
export { Affiliates } from './affiliates.service.ts';
export { affiliatesRoutes, registerReferrals } from './affiliates.routes.ts';
