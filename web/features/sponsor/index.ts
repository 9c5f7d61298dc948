import { definePage, type FeatureModule } from '../../lib/page-module.ts';
import { checkoutPages, loadPlans } from '../payments/index.ts';
import { ManageSponsorshipPage } from './manage-page.tsx';
import { PricingPage } from './pricing-page.tsx';

export const namespaces: FeatureModule['namespaces'] = ['payments'];

export const pages: FeatureModule['pages'] = {
  sponsor: definePage({ Component: PricingPage, loader: loadPlans }),
  ...checkoutPages('sponsorCheckout', { basePath: '/support-tripplus/checkout', business: false }),
  profileSponsorship: ManageSponsorshipPage,
};
