import type { AreaModule } from '../../app/router.tsx';
import { loadNamespace } from '../../lib/i18n.ts';
import { checkoutPages } from '../payments/index.ts';
import { EnterprisePage } from './enterprise-page.tsx';

await loadNamespace('payments');

export const pages: AreaModule['pages'] = {
  enterprise: EnterprisePage,
  // The business plan goes through the same checkout as sponsorship, with the company on the receipt.
  ...checkoutPages('enterpriseCheckout', { basePath: '/enterprise/checkout', plan: 'business', business: true }),
};
