// The storefront module's public surface: other modules, the composition root and scripts import only this file (eslint.config.js).
export { CampaignRecords } from './campaign-records.ts';
export { StorefrontProgrammeRecords } from './programme-records.ts';
export { campaignsStaffRoutes } from './campaigns-staff.routes.ts';
export { StorefrontCatalogue } from './catalogue.ts';
export { CREDITING_QUEUE } from './crediting-jobs.ts';
export { ordersRoutes } from './orders.routes.ts';
export { REVIEW_HOURS, type StorefrontOrders } from './orders.service.ts';
export { priceAlertsRoutes } from './price-alerts.routes.ts';
export type { PriceAlerts } from './price-alerts.service.ts';
export { salePromotion, saleTitle } from './sale-banner.ts';
export { staffRoutes } from './staff.routes.ts';
export { storefrontFromConfig } from './storefront-setup.ts';
export { storefrontRoutes } from './storefront.routes.ts';
