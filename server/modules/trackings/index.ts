// The trackings module's public surface: other modules, the composition root and scripts import only this file (eslint.config.js).
export type { TrackingChecks } from './tracking-checks.ts';
export type { TrackingLinks } from './tracking-links.ts';
export { TRACKING_CYCLE_QUEUE } from './tracking-jobs.ts';
export { trackingChecksFromConfig } from './tracking-setup.ts';
export { trackingsRoutes } from './trackings.routes.ts';
export { Trackings } from './trackings.service.ts';
