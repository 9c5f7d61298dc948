import type { PaymentFailure } from '../../../core/payments/checkout-contract.ts';

/**
 * The port every card processor fits (docs/payments.md). The built-in sandbox implements it;
 * Stripe (a PaymentMethod id as the token, PaymentIntents with `confirm`, 3-D Secure by
 * `next_action.redirect_to_url`, `Stripe-Signature` webhooks) or TapPay (a Prime as the token,
 * Pay by Prime with `three_domain_secure` and `remember`, then Pay by Card Token) would be adapters
 * of the same shape.
 */
export interface PaymentProvider {
  /** Stored with each card and payment, and the `:provider` of the webhook address. */
  readonly name: string;
  /** Whether the pages must say that no real money moves (a simulated provider, docs/product/sponsorship.md#the-sandbox). */
  readonly simulated: boolean;
  /** What the checkout page loads: the provider's script and the public key it is given. */
  browserSetup(): BrowserSetup;
  /** Origins the pages must allow scripts and frames from (the Content-Security-Policy). */
  readonly origins: string[];
  /** Turns the browser's one-use token into a card kept by the provider for this customer. */
  saveCard(request: { token: string; customer: string }): Promise<SavedCard>;
  /** Charges a saved card once per idempotency key: a repeated request answers the first charge. */
  charge(request: ChargeRequest): Promise<Charge>;
  /** Gives a paid charge's money back, once per idempotency key (support's refund, `npm run refund`). */
  refund(request: { chargeId: string; amount: number; idempotencyKey: string }): Promise<Refund>;
  /** The charge as the provider sees it now (after a verification step, or to settle a webhook). */
  getCharge(id: string): Promise<Charge>;
  /** The same, or null when the provider has no such charge (a signed webhook may name one of another system). */
  findCharge(id: string): Promise<Charge | null>;
  /** Checks a webhook's signature over its raw body and reads it; throws WebhookRejected. */
  readWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
    now: Date,
  ): WebhookEvent;
}

export interface BrowserSetup {
  provider: string;
  publicKey: string;
  scriptUrl: string;
}

export interface SavedCard {
  ref: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface ChargeRequest {
  cardRef: string;
  /** Minor units. */
  amount: number;
  currency: string;
  description: string;
  idempotencyKey: string;
  /** Our id for the payment; the provider echoes it in webhooks. */
  reference: string;
  /** The card holder is at the page and can pass a verification step; renewals are not. */
  holderPresent: boolean;
  /** Where the verification page sends the holder back to. */
  returnUrl: string;
  /** Language of the verification page. */
  language: string;
}

export interface Charge {
  id: string;
  status: 'succeeded' | 'requires-verification' | 'failed';
  /** The page of the card-verification step (3-D Secure), while one is needed. */
  verificationUrl?: string;
  failure?: PaymentFailure;
}

export interface Refund {
  id: string;
  status: 'succeeded' | 'pending' | 'failed';
}

export interface WebhookEvent {
  id: string;
  type: string;
  chargeId: string;
  /** Our payment id, as given with the charge. */
  reference: string;
}

/** A webhook whose signature is missing (400) or wrong or too old (401). */
export class WebhookRejected extends Error {
  constructor(
    readonly status: 400 | 401,
    message: string,
  ) {
    super(message);
  }
}

/** A card the provider refused to save or charge for a reason the holder can fix. */
export class CardRejected extends Error {
  constructor(readonly failure: PaymentFailure | 'token-invalid') {
    super(failure);
  }
}
