// The cards module's public surface: other modules, the composition root and scripts import only this file (eslint.config.js).
export { cardsRoutes } from './cards.routes.ts';
export { CardCatalogue } from './catalogue.ts';
export { Wallets } from './wallet.service.ts';
export { CardRecords } from './card-records.ts';
export { cardsStaffRoutes } from './cards-staff.routes.ts';
