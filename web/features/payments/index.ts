import type { FeatureModule } from '../../lib/page-module.ts';
import { TransactionsPage } from './transactions-page.tsx';

/** What other features use of payments: the checkout and its steps, the card fields, the plans' benefits. */
export { checkoutPages } from './checkout.tsx';
export type { CheckoutProduct, ConfirmPart, DetailsPart } from './checkout-product.ts';
export { draftStore, type CheckoutDraftBase } from './checkout-draft.ts';
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
export {
  CheckoutNothing,
  CheckoutSteps,
  PaymentProgress,
  useMoney,
  useOrderInQuery,
} from './checkout-common.tsx';
export { OrderStatusBadge } from './order-status.tsx';
export { PlanBenefitsList } from './plan-benefits.tsx';
export { ShopOrderDetails, ShopOrderStatus } from './shop-order-details.tsx';
export { useShopFormat } from './shop-format.ts';
export { paymentsApi, sponsorshipApi } from './payments-api.ts';
export { loadPlans, useSponsorshipOverview } from './use-sponsorship-overview.ts';

export const namespaces: FeatureModule['namespaces'] = ['payments', 'shop'];

/** The member's transactions, in the profile. */
export const pages: FeatureModule['pages'] = { profileTransaction: TransactionsPage };
