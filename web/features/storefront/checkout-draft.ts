import type { OrderRequest } from '../../../core/storefront/orders.ts';

/**
 * What the storefront checkout carries from step to step in this tab's session storage: the
 * request that priced the order (to price it again when the quote expires), the priced order's
 * id, and the provider's one-use card token (never the number).
 */
export interface StorefrontDraft {
  request: OrderRequest;
  orderId: string;
  checkoutId: string;
  card: { token: string; brand: string; last4: string; expMonth: number; expYear: number } | null;
}

const KEY = 'tp-checkout:/storefront/checkout';

export function readDraft(): StorefrontDraft | null {
  try {
    const text = sessionStorage.getItem(KEY);
    return text ? (JSON.parse(text) as StorefrontDraft) : null;
  } catch {
    return null;
  }
}

export function saveDraft(draft: StorefrontDraft): void {
  sessionStorage.setItem(KEY, JSON.stringify(draft));
}

export function clearDraft(): void {
  sessionStorage.removeItem(KEY);
}
