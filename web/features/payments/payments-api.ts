import type { MoneyCurrency } from '../../../core/locale.ts';
import type { SponsorCheckout } from '../../../core/payments/checkout-contract.ts';
import type {
  PaymentSetup,
  PaymentView,
  SponsorshipOverview,
} from '../../../core/payments/payment-view.ts';
import type { SponsorPlan } from '../../../core/payments/sponsorship.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';

/** The payment and sponsorship API as the pages call it (docs/payments.md). */
export const paymentsApi = {
  setup: () =>
    apiGet<{ setup: PaymentSetup }>('/api/payments/setup').then((answer) => answer.setup),
  list: () =>
    apiGet<{ payments: PaymentView[] }>('/api/payments').then((answer) => answer.payments),
  get: (id: string) =>
    apiGet<{ payment: PaymentView }>(`/api/payments/${encodeURIComponent(id)}`).then(
      (answer) => answer.payment,
    ),
  /** After the verification step: asks where the charge stands and moves the payment on. */
  confirm: (id: string) =>
    apiSend<{ payment: PaymentView }>(
      'POST',
      `/api/payments/${encodeURIComponent(id)}/confirm`,
    ).then((answer) => answer.payment),
  receiptUrl: (id: string, lang: string) =>
    `/api/payments/${encodeURIComponent(id)}/receipt?lang=${encodeURIComponent(lang)}`,
};

export const sponsorshipApi = {
  overview: (currency?: MoneyCurrency) =>
    apiGet<SponsorshipOverview>(`/api/sponsorship${currency ? `?currency=${currency}` : ''}`),
  checkout: (request: SponsorCheckout) =>
    apiSend<{ payment: PaymentView }>('POST', '/api/sponsorship/checkout', request).then(
      (answer) => answer.payment,
    ),
  cancel: () => apiSend<SponsorshipOverview>('POST', '/api/sponsorship/cancel'),
  resume: () => apiSend<SponsorshipOverview>('POST', '/api/sponsorship/resume'),
  changePlan: (plan: SponsorPlan, checkoutId: string) =>
    apiSend<SponsorshipOverview & { payment: PaymentView | null }>(
      'POST',
      '/api/sponsorship/plan',
      { plan, checkoutId },
    ),
  updateCard: (token: string, holderName: string) =>
    apiSend<SponsorshipOverview>('POST', '/api/sponsorship/card', { card: { token }, holderName }),
};
