import Stripe from 'stripe';
import type { PaymentFailure } from '../../../../core/payments/checkout-contract.ts';
import {
  CardRejected,
  WebhookRejected,
  type BrowserSetup,
  type Charge,
  type ChargeRequest,
  type PaymentProvider,
  type Refund,
  type SavedCard,
  type WebhookEvent,
} from '../payment-provider.ts';

/** Stripe's decline codes as the product's failures (docs/payments.md). */
function failureOf(code: string | null | undefined): PaymentFailure {
  switch (code) {
    case 'insufficient_funds':
      return 'insufficient-funds';
    case 'expired_card':
      return 'expired-card';
    case 'authentication_required':
    case 'payment_intent_authentication_failure':
      return 'verification-failed';
    case 'processing_error':
      return 'processing-error';
    default:
      return 'declined';
  }
}

/** A PaymentIntent as the port's charge: paid, waiting for the holder's 3-D Secure step, or failed. */
function chargeOf(intent: Stripe.PaymentIntent): Charge {
  switch (intent.status) {
    case 'succeeded':
      return { id: intent.id, status: 'succeeded' };
    case 'requires_action':
    case 'requires_confirmation':
    case 'processing': {
      const url = intent.next_action?.redirect_to_url?.url ?? undefined;
      return {
        id: intent.id,
        status: 'requires-verification',
        ...(url ? { verificationUrl: url } : {}),
      };
    }
    default:
      return {
        id: intent.id,
        status: 'failed',
        failure: failureOf(
          intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code,
        ),
      };
  }
}

/** A card's reference as we keep it: Stripe's customer and the PaymentMethod attached to it. */
const cardRef = (customer: string, paymentMethod: string) => `${customer}/${paymentMethod}`;

/**
 * The payment port on Stripe (`PAYMENT_PROVIDER=stripe`). The browser's Elements turn the card into
 * a PaymentMethod (its id is the token: the number never reaches us); saving it creates a Customer
 * and attaches the method; a charge is a PaymentIntent confirmed at once under the payment's
 * idempotency key, which asks for 3-D Secure by `next_action.redirect_to_url` when the bank wants
 * it (holder present) and fails instead when the holder is away (renewals, `off_session`).
 * Webhooks are verified with the library's own `constructEvent` over the raw body.
 * `apiUrl` points the library at another address (a loopback fake in tests).
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe';
  readonly simulated = false;
  readonly origins: string[];
  readonly #stripe: Stripe;

  constructor(
    private readonly options: {
      secretKey: string;
      publicKey: string;
      webhookSecret: string;
      scriptUrl: string;
      apiUrl?: string;
    },
  ) {
    const api = options.apiUrl ? new URL(options.apiUrl) : null;
    this.#stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(api
        ? {
            host: api.hostname,
            port: api.port || (api.protocol === 'https:' ? 443 : 80),
            protocol: api.protocol.replace(':', '') as 'http' | 'https',
          }
        : {}),
    });
    // Stripe.js itself, the API its Elements call, and the frames of its fields and bank steps.
    this.origins = [
      ...new Set([
        new URL(options.scriptUrl).origin,
        'https://api.stripe.com',
        'https://hooks.stripe.com',
      ]),
    ];
  }

  browserSetup(): BrowserSetup {
    return {
      provider: this.name,
      publicKey: this.options.publicKey,
      scriptUrl: this.options.scriptUrl,
    };
  }

  async saveCard(request: { token: string; customer: string }): Promise<SavedCard> {
    try {
      const customer = await this.#stripe.customers.create(
        { metadata: { member: request.customer } },
        { idempotencyKey: `customer-${request.token}` },
      );
      const method = await this.#stripe.paymentMethods.attach(request.token, {
        customer: customer.id,
      });
      if (!method.card) throw new CardRejected('token-invalid');
      return {
        ref: cardRef(customer.id, method.id),
        brand: method.card.brand,
        last4: method.card.last4,
        expMonth: method.card.exp_month,
        expYear: method.card.exp_year,
      };
    } catch (error) {
      if (error instanceof CardRejected) throw error;
      if (error instanceof Stripe.errors.StripeCardError)
        throw new CardRejected(failureOf(error.decline_code ?? error.code));
      // A PaymentMethod that does not exist or was used already: the page asks for the card again.
      if (error instanceof Stripe.errors.StripeInvalidRequestError)
        throw new CardRejected('token-invalid');
      throw error;
    }
  }

  async charge(request: ChargeRequest): Promise<Charge> {
    const [customer, paymentMethod] = request.cardRef.split('/');
    try {
      const intent = await this.#stripe.paymentIntents.create(
        {
          amount: request.amount,
          currency: request.currency.toLowerCase(),
          customer,
          payment_method: paymentMethod,
          confirm: true,
          description: request.description,
          metadata: { reference: request.reference },
          return_url: request.returnUrl,
          // Nobody at the page (a renewal): the bank's step cannot happen, so a card that needs one fails.
          ...(request.holderPresent ? {} : { off_session: true }),
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return chargeOf(intent);
    } catch (error) {
      // A decline comes back as an error that names the PaymentIntent it failed.
      if (error instanceof Stripe.errors.StripeCardError) {
        const intent = (error.raw as { payment_intent?: { id?: string } } | undefined)
          ?.payment_intent;
        return {
          id: intent?.id ?? `declined-${request.idempotencyKey}`,
          status: 'failed',
          failure: failureOf(error.decline_code ?? error.code),
        };
      }
      throw error;
    }
  }

  async refund(request: {
    chargeId: string;
    amount: number;
    idempotencyKey: string;
  }): Promise<Refund> {
    const refund = await this.#stripe.refunds.create(
      { payment_intent: request.chargeId, amount: request.amount },
      { idempotencyKey: request.idempotencyKey },
    );
    return {
      id: refund.id,
      status:
        refund.status === 'succeeded'
          ? 'succeeded'
          : refund.status === 'failed' || refund.status === 'canceled'
            ? 'failed'
            : 'pending',
    };
  }

  async getCharge(id: string): Promise<Charge> {
    return chargeOf(await this.#stripe.paymentIntents.retrieve(id));
  }

  async findCharge(id: string): Promise<Charge | null> {
    try {
      return await this.getCharge(id);
    } catch (error) {
      // Stripe's answer for an id it does not know; any other failure is one to retry.
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError &&
        error.code === 'resource_missing'
      )
        return null;
      throw error;
    }
  }

  readWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
    now: Date,
  ): WebhookEvent {
    const signature = headers['stripe-signature'];
    if (typeof signature !== 'string' || signature === '')
      throw new WebhookRejected(400, 'missing Stripe-Signature');
    let event: Stripe.Event;
    try {
      // Five minutes of tolerance, as the sandbox's, measured against our own clock.
      event = this.#stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.options.webhookSecret,
        300,
        undefined,
        now.getTime(),
      );
    } catch {
      throw new WebhookRejected(401, 'bad Stripe-Signature');
    }
    const object = event.data.object as {
      id?: string;
      object?: string;
      metadata?: Record<string, string>;
    };
    const type =
      event.type === 'payment_intent.succeeded'
        ? 'charge.succeeded'
        : event.type === 'payment_intent.payment_failed'
          ? 'charge.failed'
          : event.type;
    return {
      id: event.id,
      type,
      chargeId: object.object === 'payment_intent' ? (object.id ?? '') : '',
      reference: object.metadata?.reference ?? '',
    };
  }
}
