import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentCards, sponsorships } from '../../../db/schema/index.ts';
import { createTestApp, csrf } from '../../../test/app.ts';
import { startFakeStripe } from '../../../test/fake-stripe.ts';
import { memberWithSession } from '../../../test/members.ts';

/**
 * The payment port on Stripe, end to end through the official library against Stripe's API faked
 * on loopback: a checkout that pays, one that passes the bank's 3-D Secure step, a decline, and the
 * signed webhooks that settle them.
 */
const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef';
let app: FastifyInstance;
let close: () => Promise<void>;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
const webhooks: { status: number; outcome: string }[] = [];

const postWebhook = (payload: string, headers: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/stripe',
    payload,
    headers: { 'content-type': 'application/json', ...headers },
  });

beforeAll(async () => {
  fake = await startFakeStripe({
    webhookSecret: WEBHOOK_SECRET,
    deliver: async (payload, signature) => {
      const answer = await postWebhook(payload, { 'stripe-signature': signature });
      webhooks.push({ status: answer.statusCode, outcome: answer.json().outcome });
    },
  });
  ({ app, close } = await createTestApp({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: fake.secretKey,
    PAYMENT_PUBLIC_KEY: 'pk_test_fake_0123456789',
    PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
    PUBLIC_URL: 'https://tripplus.example',
  }));
});
afterAll(async () => {
  await close();
  await fake.close();
});

async function checkout(cookies: Record<string, string>, number: string) {
  const token = await fake.paymentMethod(number);
  const details = {
    name: 'Mei Lin',
    email: 'mei@example.com',
    holderName: 'MEI LIN',
    address: {
      country: 'TW',
      line1: 'No. 7, Sec. 5, Xinyi Rd.',
      city: 'Taipei',
      postalCode: '110',
    },
    termsAgreed: true,
  };
  return app.inject({
    method: 'POST',
    url: '/api/sponsorship/checkout',
    ...csrf(cookies),
    payload: {
      plan: 'sponsor',
      currency: 'USD',
      checkoutId: randomUUID(),
      card: { token },
      details,
    },
  });
}

describe('payments on Stripe', () => {
  it('tells the checkout page to load Stripe.js with the publishable key, and names no test cards', async () => {
    const { setup } = (await app.inject('/api/payments/setup')).json();
    expect(setup).toMatchObject({
      provider: 'stripe',
      publicKey: 'pk_test_fake_0123456789',
      scriptUrl: 'https://js.stripe.com/v3/',
      simulated: false,
      testCards: [],
    });
    expect(String((await app.inject('/healthz')).headers['content-security-policy'])).toContain(
      'https://js.stripe.com',
    );
  });

  it("pays with a card that needs nothing more: a customer, the card attached, one PaymentIntent under the payment's key, the plan given", async () => {
    const member = await memberWithSession(app);
    const response = await checkout(member.cookies, '4242424242424242');
    expect(response.statusCode, response.body).toBe(200);
    const payment = response.json().payment;
    expect(payment).toMatchObject({
      status: 'succeeded',
      amount: 499,
      currency: 'USD',
      card: { brand: 'visa', last4: '4242' },
    });
    expect(payment.receiptNumber).toMatch(/^TP-\d{8}-\d{6}$/);
    const intent = fake.requests
      .filter((request) => request.path === '/v1/payment_intents')
      .at(-1)!;
    expect(intent.form.get('amount')).toBe('499');
    expect(intent.form.get('currency')).toBe('usd');
    expect(intent.form.get('confirm')).toBe('true');
    expect(intent.form.get('metadata[reference]')).toBe(payment.id);
    expect(intent.idempotencyKey).toBeTruthy();
    // We keep Stripe's references and what the card is, never its number.
    const [card] = await app.database.db
      .select()
      .from(paymentCards)
      .where(eq(paymentCards.memberId, member.id));
    expect(card?.providerRef).toMatch(/^cus_\w+\/pm_\w+$/);
    expect(JSON.stringify(card)).not.toContain('4242424242424242');
    expect(
      (
        await app.database.db
          .select()
          .from(sponsorships)
          .where(eq(sponsorships.memberId, member.id))
      )[0],
    ).toMatchObject({ plan: 'sponsor', status: 'active' });
  });

  it("sends the holder to the bank's 3-D Secure page and settles the payment once by the page or the webhook", async () => {
    const member = await memberWithSession(app);
    const response = await checkout(member.cookies, '4000002760003184');
    const payment = response.json().payment;
    expect(payment.status).toBe('verifying');
    expect(payment.verificationUrl).toMatch(new RegExp(`^${fake.url}/3ds/pi_`));
    const before = webhooks.length;
    // The holder approves at the bank, which sends them back to our page and Stripe its webhook.
    const bank = await fetch(`${payment.verificationUrl}?result=approve`, { redirect: 'manual' });
    expect(bank.status).toBe(302);
    expect(bank.headers.get('location')).toMatch(/^https:\/\/tripplus\.example\//);
    expect(webhooks.slice(before)).toEqual([{ status: 200, outcome: 'handled' }]);
    // The page's confirm after the return finds it settled.
    const confirmed = await app.inject({
      method: 'POST',
      url: `/api/payments/${payment.id}/confirm`,
      ...csrf(member.cookies),
    });
    expect(confirmed.json().payment).toMatchObject({ status: 'succeeded' });
    expect(confirmed.json().payment.receiptNumber).toMatch(/^TP-/);
    expect(
      await app.database.db.select().from(sponsorships).where(eq(sponsorships.memberId, member.id)),
    ).toHaveLength(1);
  });

  it("refunds a paid payment once through Stripe, and the member's list shows it refunded with its receipt", async () => {
    const member = await memberWithSession(app);
    const payment = (await checkout(member.cookies, '4242424242424242')).json().payment;
    const refunded = await app.payments.refund(payment.id);
    expect(refunded.refundId).toMatch(/^re_/);
    await app.payments.refund(payment.id);
    const refunds = fake.requests.filter(
      (request) => request.path === '/v1/refunds' && request.form.get('payment_intent') !== null,
    );
    expect(
      refunds.filter((request) => request.idempotencyKey === `refund-${payment.id}`),
    ).toHaveLength(1);
    expect(refunds.at(-1)!.form.get('amount')).toBe('499');
    const [listed] = (await app.inject({ url: '/api/payments', cookies: member.cookies })).json()
      .payments;
    expect(listed).toMatchObject({
      id: payment.id,
      status: 'succeeded',
      receiptNumber: payment.receiptNumber,
    });
    expect(listed.refundedAt).toBeTruthy();
  });

  it("fails a declined card with the bank's reason and gives nothing", async () => {
    const member = await memberWithSession(app);
    const response = await checkout(member.cookies, '4000000000009995');
    expect(response.json().payment).toMatchObject({
      status: 'failed',
      failure: 'insufficient-funds',
    });
    expect(
      await app.database.db.select().from(sponsorships).where(eq(sponsorships.memberId, member.id)),
    ).toEqual([]);
  });

  it('refuses a webhook without a signature (400), with a forged one (401), and counts a replay once', async () => {
    const payload = JSON.stringify({
      id: 'evt_other',
      object: 'event',
      type: 'customer.created',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'cus_x', object: 'customer', metadata: {} } },
    });
    expect((await postWebhook(payload, {})).statusCode).toBe(400);
    const forged = `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`;
    expect((await postWebhook(payload, { 'stripe-signature': forged })).statusCode).toBe(401);
    const { default: Stripe } = await import('stripe');
    const signed = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect((await postWebhook(payload, { 'stripe-signature': signed })).json().outcome).toBe(
      'ignored',
    );
    expect((await postWebhook(payload, { 'stripe-signature': signed })).json().outcome).toBe(
      'duplicate',
    );
  });

  it('ignores a signed event naming a PaymentIntent Stripe does not know (resource_missing), without a 5xx', async () => {
    const payload = JSON.stringify({
      id: 'evt_unknown_intent',
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: 'pi_NoSuchIntent0000',
          object: 'payment_intent',
          metadata: { reference: randomUUID() },
        },
      },
    });
    const { default: Stripe } = await import('stripe');
    const answer = await postWebhook(payload, {
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: WEBHOOK_SECRET,
      }),
    });
    expect([answer.statusCode, answer.json().outcome]).toEqual([200, 'ignored']);
  });
});
