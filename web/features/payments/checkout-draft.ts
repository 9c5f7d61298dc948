import type { MoneyCurrency } from '../../../core/locale.ts';
import type { CheckoutDetails } from '../../../core/payments/checkout-contract.ts';
import type { SponsorPlan } from '../../../core/payments/sponsorship.ts';

/**
 * What the checkout steps carry from one page to the next, kept in this tab's session storage:
 * the form and the provider's one-use card token (never the card number). `checkoutId` makes a
 * repeated "pay" one payment; a failed payment takes a new one.
 */
export interface CheckoutDraft {
  plan: SponsorPlan;
  currency: MoneyCurrency;
  checkoutId: string;
  details: Omit<CheckoutDetails, 'termsAgreed'>;
  card: { token: string; brand: string; last4: string; expMonth: number; expYear: number } | null;
}

const key = (basePath: string) => `tp-checkout:${basePath}`;

export function readDraft(basePath: string): CheckoutDraft | null {
  try {
    const text = sessionStorage.getItem(key(basePath));
    return text ? (JSON.parse(text) as CheckoutDraft) : null;
  } catch {
    return null;
  }
}

export function saveDraft(basePath: string, draft: CheckoutDraft): void {
  sessionStorage.setItem(key(basePath), JSON.stringify(draft));
}

export function clearDraft(basePath: string): void {
  sessionStorage.removeItem(key(basePath));
}
