// The guides module's public surface: other modules, the composition root and scripts import only this file (eslint.config.js).
export { guidesRoutes } from './guides.routes.ts';
export { Guides } from './guides.service.ts';
export { TransferBonusRecords } from './bonus-records.ts';
export { ChartRecords } from './chart-records.ts';
export { CurrencyRecords } from './currency-records.ts';
export { GuideRecords } from './guide-records.ts';
export { guidesStaffRoutes } from './guides-staff.routes.ts';
