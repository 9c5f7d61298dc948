/**
 * What every checkout's draft holds besides the product's own: the provider's one-use card token
 * (never the card number) and the id that makes a repeated "pay" one payment (a failed payment
 * takes a new one).
 */
export interface CheckoutDraftBase {
  checkoutId: string;
  card: { token: string; brand: string; last4: string; expMonth: number; expYear: number } | null;
}

/** A product's draft in this tab's session storage, carried from one checkout step to the next. */
export interface DraftStore<Draft> {
  read(): Draft | null;
  save(draft: Draft): void;
  clear(): void;
}

export function draftStore<Draft extends CheckoutDraftBase>(basePath: string): DraftStore<Draft> {
  const key = `tp-checkout:${basePath}`;
  return {
    read() {
      try {
        const text = sessionStorage.getItem(key);
        return text ? (JSON.parse(text) as Draft) : null;
      } catch {
        return null;
      }
    },
    save(draft) {
      sessionStorage.setItem(key, JSON.stringify(draft));
    },
    clear() {
      sessionStorage.removeItem(key);
    },
  };
}
