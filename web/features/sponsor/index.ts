import type { AreaModule } from '../../app/router.tsx';
import { loadNamespace } from '../../lib/i18n.ts';
import { checkoutPages } from '../payments/index.ts';
import { ManageSponsorshipPage } from './manage-page.tsx';
import { PricingPage } from './pricing-page.tsx';

await loadNamespace('payments');

export const pages: AreaModule['pages'] = {
  sponsor: PricingPage,
  ...checkoutPages('sponsorCheckout', { basePath: '/support-tripplus/checkout', business: false }),
  profileSponsorship: ManageSponsorshipPage,
};
