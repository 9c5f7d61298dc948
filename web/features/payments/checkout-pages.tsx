/** A checkout's four step pages by page id; the money formatter and the checkout's product, as the rest of payments takes them. */
import type { ReactElement } from 'react';
import type { PageDef } from '../../lib/site-map.ts';
import type { CheckoutProduct } from './checkout-common.tsx';
import { CheckoutCompletePage } from './checkout-complete-page.tsx';
import { CheckoutConfirmPage } from './checkout-confirm-page.tsx';
import { CheckoutDetailsPage } from './checkout-details-page.tsx';
import { CheckoutPaymentPage } from './checkout-payment-page.tsx';

export { useMoney, type CheckoutProduct } from './checkout-common.tsx';

/** The four step pages of one checkout, by page id prefix (`sponsorCheckout…`, `enterpriseCheckout…`). */
export function checkoutPages(
  prefix: string,
  product: CheckoutProduct,
): Record<string, (props: { page: PageDef }) => ReactElement> {
  return {
    [prefix]: ({ page }) => <CheckoutDetailsPage page={page} product={product} />,
    [`${prefix}Confirm`]: ({ page }) => <CheckoutConfirmPage page={page} product={product} />,
    [`${prefix}Payment`]: ({ page }) => <CheckoutPaymentPage page={page} product={product} />,
    [`${prefix}Complete`]: ({ page }) => <CheckoutCompletePage page={page} product={product} />,
  };
}
