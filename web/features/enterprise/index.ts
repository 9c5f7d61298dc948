import { definePage, type FeatureModule } from '../../lib/page-module.ts';
import { checkoutPages, loadPlans } from '../payments/index.ts';
import { EnterprisePage } from './enterprise-page.tsx';

export const namespaces: FeatureModule['namespaces'] = ['payments'];

export const pages: FeatureModule['pages'] = {
  enterprise: definePage({ Component: EnterprisePage, loader: loadPlans }),
  // The business plan goes through the same checkout as sponsorship, with the company on the receipt.
  ...checkoutPages('enterpriseCheckout', { basePath: '/enterprise/checkout', plan: 'business', business: true }),
};
