import { definePage, type FeatureModule } from '../../lib/page-module.ts';
import { checkoutPages, loadPlans } from '../payments/index.ts';
import { EnterprisePage } from './enterprise-page.tsx';
import { ManageSponsorshipPage } from './manage-page.tsx';
import { PricingPage } from './pricing-page.tsx';
import { sponsorshipCheckout } from './sponsorship-checkout.tsx';

export const namespaces: FeatureModule['namespaces'] = ['payments'];

/** Sponsorships (docs/product/sponsorship.md): a member's plan, the business plan for companies, their checkouts and managing a plan. */
export const pages: FeatureModule['pages'] = {
  sponsor: definePage({ Component: PricingPage, loader: loadPlans }),
  ...checkoutPages(
    'sponsorCheckout',
    sponsorshipCheckout({ basePath: '/support-tripplus/checkout', business: false }),
  ),
  profileSponsorship: ManageSponsorshipPage,
  enterprise: definePage({ Component: EnterprisePage, loader: loadPlans }),
  // The business plan goes through the same checkout as sponsorship, with the company on the receipt.
  ...checkoutPages(
    'enterpriseCheckout',
    sponsorshipCheckout({ basePath: '/enterprise/checkout', plan: 'business', business: true }),
  ),
};
