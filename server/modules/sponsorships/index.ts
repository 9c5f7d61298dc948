// The sponsorships module's public surface: other modules, the composition root and scripts import only this file (eslint.config.js).
export { RENEWAL_QUEUE } from './renewal-jobs.ts';
export { sponsorshipsFromConfig } from './sponsorship-setup.ts';
export { sponsorshipsRoutes } from './sponsorships.routes.ts';
export { sponsorshipsStaffRoutes } from './sponsorships-staff.routes.ts';
export type { Sponsorships } from './sponsorships.service.ts';
