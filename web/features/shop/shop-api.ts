import { useSyncExternalStore } from 'react';
import type { MoneyCurrency } from '../../../core/locale.ts';
import type { PaymentView } from '../../../core/payments/payment-view.ts';
import type {
  CartView,
  ShopOrderPay,
  ShopOrderRequest,
  ShopOrderView,
} from '../../../core/shop/orders.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';

/** How many items the cart holds, as the shop's bar shows it; every cart answer updates it. */
let cartCount: number | null = null;
const listeners = new Set<() => void>();
function counted(cart: CartView): CartView {
  cartCount = cart.lines.reduce((sum, line) => sum + line.quantity, 0);
  for (const listener of listeners) listener();
  return cart;
}
export function useCartCount(): number | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => cartCount,
    () => null,
  );
}

/** The shop's API as its pages call it (docs/shop.md#api). */
export const shopApi = {
  cart: (currency: MoneyCurrency) =>
    apiGet<{ cart: CartView }>(`/api/shop/cart?currency=${currency}`).then((answer) =>
      counted(answer.cart),
    ),
  /** Adds to what the cart holds of a variant (`set`: makes it exactly this many; 0 takes it out). */
  put: (variant: string, quantity: number, currency: MoneyCurrency, how: 'add' | 'set') =>
    apiSend<{ cart: CartView }>(
      how === 'add' ? 'POST' : 'PUT',
      `/api/shop/cart/items?currency=${currency}`,
      {
        variant,
        quantity,
      },
    ).then((answer) => counted(answer.cart)),
  place: (request: ShopOrderRequest) =>
    apiSend<{ order: ShopOrderView }>('POST', '/api/shop/orders', request).then(
      (answer) => answer.order,
    ),
  order: (id: string) =>
    apiGet<{ order: ShopOrderView }>(`/api/shop/orders/${encodeURIComponent(id)}`).then(
      (answer) => answer.order,
    ),
  orders: () =>
    apiGet<{ orders: ShopOrderView[] }>('/api/shop/orders').then((answer) => answer.orders),
  pay: (id: string, request: ShopOrderPay) =>
    apiSend<{ order: ShopOrderView; payment: PaymentView }>(
      'POST',
      `/api/shop/orders/${encodeURIComponent(id)}/pay`,
      request,
    ),
};
