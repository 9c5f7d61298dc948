import type { TokenizeResult } from './card-fields.tsx';

/** The part of Stripe.js (https://js.stripe.com/v3/) the card fields use. */
interface StripeJs {
  elements(): { create(type: 'card', options: Record<string, unknown>): StripeCardElement };
  createPaymentMethod(request: { type: 'card'; card: StripeCardElement }): Promise<
    | {
        paymentMethod: {
          id: string;
          card: { brand: string; last4: string; exp_month: number; exp_year: number };
        };
        error?: undefined;
      }
    | { error: { type: string; code?: string } }
  >;
}
interface StripeCardElement {
  mount(element: HTMLElement): void;
  on(
    event: 'change',
    handler: (state: { complete: boolean; empty: boolean; brand: string }) => void,
  ): void;
  destroy(): void;
}

/** Stripe's locales for ours. */
const LOCALES: Record<string, string> = { en: 'en', 'zh-Hant': 'zh-TW', 'zh-Hans': 'zh', ja: 'ja' };

/**
 * Stripe's card Element behind the small interface every provider's fields share (`mount`,
 * `tokenize`, `destroy`): the card is typed into Stripe's own frame, and `tokenize` answers a
 * PaymentMethod id, which the server attaches and charges (server/modules/payments/stripe/).
 * Undefined until Stripe.js has loaded.
 */
export function stripeFields() {
  const Stripe = (
    window as unknown as { Stripe?: (publicKey: string, options: { locale: string }) => StripeJs }
  ).Stripe;
  if (!Stripe) return undefined;
  return {
    mount(
      element: HTMLElement,
      options: {
        publicKey: string;
        language: string;
        onChange: (state: { complete: boolean; empty: boolean; brand: string }) => void;
      },
    ) {
      const stripe = Stripe(options.publicKey, { locale: LOCALES[options.language] ?? 'auto' });
      const card = stripe.elements().create('card', { hidePostalCode: true });
      card.on('change', (state) => options.onChange(state));
      card.mount(element);
      return {
        async tokenize(): Promise<TokenizeResult> {
          try {
            const result = await stripe.createPaymentMethod({ type: 'card', card });
            if (result.error) return { error: result.error.code ?? result.error.type };
            const { id, card: details } = result.paymentMethod;
            return {
              token: id,
              card: {
                brand: details.brand,
                last4: details.last4,
                expMonth: details.exp_month,
                expYear: details.exp_year,
              },
            };
          } catch {
            return { error: 'network' };
          }
        },
        destroy: () => card.destroy(),
      };
    },
  };
}
