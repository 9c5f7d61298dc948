import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { Payments } from './payments.service.ts';
import { SandboxPay } from './sandbox/sandbox-pay.ts';
import { StripeProvider } from './stripe/stripe-provider.ts';

/** Webhooks go to this path of the site, `:provider` being the provider's name. */
export const WEBHOOK_PATH = '/api/payments/webhooks/';

/** Sends one of the sandbox processor's webhooks to the site; answers the site's HTTP status. */
export type SandboxWebhookDelivery = (
  body: string,
  headers: Record<string, string>,
) => Promise<number>;

/**
 * The payment provider and the payments service as the server and `npm run worker` both build
 * them. The sandbox's keys come from APP_SECRET unless set, so none is written in the repository.
 * `deliver` sends the sandbox's webhooks: the server hands them to itself; a worker posts them
 * to the site over HTTP, as a real processor would.
 */
export function paymentsFromConfig(options: {
  config: Config;
  database: Database;
  secret: string;
  log: FastifyBaseLogger;
  deliver?: SandboxWebhookDelivery;
}) {
  const { config } = options;
  const derived = (label: string) =>
    createHmac('sha256', options.secret).update(label).digest('base64url').slice(0, 32);
  const site = config.PUBLIC_URL;
  const webhookUrl = `${site}${WEBHOOK_PATH}sandbox`;
  const deliver =
    options.deliver ??
    (async (body: string, headers: Record<string, string>) => {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        body,
        headers,
        signal: AbortSignal.timeout(10_000),
      });
      return response.status;
    });
  const sandbox = new SandboxPay({
    db: options.database.db,
    publicKey: config.PAYMENT_PUBLIC_KEY || `pk_sandbox_${derived('sandbox-public-key')}`,
    webhookSecret: config.PAYMENT_WEBHOOK_SECRET || derived('sandbox-webhook-secret'),
    baseUrl: config.PUBLIC_URL,
    deliver,
    now: () => new Date(),
    log: options.log,
  });
  const provider =
    config.PAYMENT_PROVIDER === 'stripe'
      ? new StripeProvider({
          secretKey: config.STRIPE_SECRET_KEY,
          publicKey: config.PAYMENT_PUBLIC_KEY,
          webhookSecret: config.PAYMENT_WEBHOOK_SECRET,
          scriptUrl: config.STRIPE_JS_URL,
          ...(config.STRIPE_API_URL ? { apiUrl: config.STRIPE_API_URL } : {}),
        })
      : sandbox;
  const payments = new Payments({
    db: options.database.db,
    provider,
    publicUrl: config.PUBLIC_URL,
    now: () => new Date(),
    log: options.log,
  });
  return { sandbox, payments };
}
