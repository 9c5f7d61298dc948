import type { FeatureModule } from '../../lib/page-module.ts';
import { promoPage } from './promo-page.tsx';

/** /promo: every promotion running now (docs/product/site.md#promotions). */
export const pages: FeatureModule['pages'] = {
  promo: promoPage,
};
