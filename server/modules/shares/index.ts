// The shares module's public surface: other modules, the composition root and scripts import only this file (eslint.config.js).
export type { ConvenienceStores } from './convenience-stores.service.ts';
export type { ShareFlags } from './flags.service.ts';
export { sharesFromConfig } from './shares-setup.ts';
export { sharesRoutes } from './shares.routes.ts';
