import type { PaymentView } from '../../../core/payments/payment-view.ts';
import type {
  OrderPay,
  OrderRequest,
  OrderView,
  PriceAlertRequest,
  PriceAlertView,
} from '../../../core/storefront/orders.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';

/** The storefront's order API as the checkout pages call it (docs/storefront.md#api). */
export const ordersApi = {
  quote: (request: OrderRequest) =>
    apiSend<{ order: OrderView }>('POST', '/api/storefront/orders', request).then(
      (answer) => answer.order,
    ),
  get: (id: string) =>
    apiGet<{ order: OrderView }>(`/api/storefront/orders/${encodeURIComponent(id)}`).then(
      (answer) => answer.order,
    ),
  pay: (id: string, request: OrderPay) =>
    apiSend<{ order: OrderView; payment: PaymentView }>(
      'POST',
      `/api/storefront/orders/${encodeURIComponent(id)}/pay`,
      request,
    ),
};

/** A member's price alerts. */
export const alertsApi = {
  list: () =>
    apiGet<{ alerts: PriceAlertView[] }>('/api/storefront/alerts').then((answer) => answer.alerts),
  set: (request: PriceAlertRequest) =>
    apiSend<{ alerts: PriceAlertView[] }>('POST', '/api/storefront/alerts', request).then(
      (answer) => answer.alerts,
    ),
  remove: (id: string) =>
    apiSend<{ alerts: PriceAlertView[] }>(
      'DELETE',
      `/api/storefront/alerts/${encodeURIComponent(id)}`,
    ).then((answer) => answer.alerts),
};
