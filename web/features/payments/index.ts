/** What other areas use of the payments feature: the checkout steps, the card fields, the transactions. */
export { checkoutPages, useMoney, type CheckoutProduct } from './checkout-pages.tsx';
export { CardFields, type CardFieldsHandle } from './card-fields.tsx';
export { PlanBenefitsList } from './plan-benefits.tsx';
export { TransactionsPage } from './transactions-page.tsx';
export { paymentsApi, sponsorshipApi } from './payments-api.ts';
export { useSponsorshipOverview } from './use-sponsorship-overview.ts';
