// The awards module's public surface: other modules, the composition root and scripts import only this file (eslint.config.js).
export { awardNames } from './award-names.ts';
export { AwardSamples } from './award-samples.ts';
export { awardSearchFromConfig } from './award-search-setup.ts';
export type { AwardSearch } from './award-search.ts';
export { AwardSearches } from './award-searches.service.ts';
export { awardsRoutes } from './awards.routes.ts';
export { placeOf } from './places.ts';
export { createSimulatedEngine } from './reference-inventory.ts';
