import type { FeatureModule } from '../../lib/page-module.ts';
import { TransactionsPage } from './transactions-page.tsx';

/** What other features use of payments: the checkout steps, the card fields, the plans' benefits. */
export { checkoutPages, useMoney, type CheckoutProduct } from './checkout-pages.tsx';
export { CardFields, type CardFieldsHandle } from './card-fields.tsx';
export {
  CardAndAddressFields,
  checkoutFieldErrors,
  emptyBilling,
  PayerFields,
  useCardCheck,
  type BillingDetails,
  type FieldErrors,
} from './billing-fields.tsx';
export { CheckoutSteps } from './checkout-common.tsx';
export { PaymentProgress } from './checkout-payment-page.tsx';
export { OrderStatusBadge } from './order-status.tsx';
export { PlanBenefitsList } from './plan-benefits.tsx';
export { paymentsApi, sponsorshipApi } from './payments-api.ts';
export { loadPlans, useSponsorshipOverview } from './use-sponsorship-overview.ts';

export const namespaces: FeatureModule['namespaces'] = ['payments'];

/** The member's transactions, in the profile. */
export const pages: FeatureModule['pages'] = { profileTransaction: TransactionsPage };
