// The shop module's public surface: the composition root and other modules import only this file (eslint.config.js).
export { shopFromConfig, type Shop } from './shop-setup.ts';
export { shopRoutes } from './shop.routes.ts';
export { shopStaffRoutes } from './shop-staff.routes.ts';
export type { ShopOrderRow } from './orders.service.ts';
