import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { mailOutbox, members, payments, storefrontOrders } from '../../db/schema/index.ts';
import { createTestApp, csrf } from '../../test/app.ts';
import { hashPassword } from '../auth/index.ts';
import { memberWithSession } from '../../test/members.ts';
import { confirmedStorefront } from '../../test/storefront.ts';
import { paymentsFromConfig } from '../payments/payments-setup.ts';
import { SANDBOX_SIGNATURE_HEADER, signWebhook } from '../payments/sandbox/sandbox-pay.ts';

/**
 * Storefront orders through the API, the sandbox card processor and the sandbox crediting
 * partner: the server's price, every refusal (quantity, account, cap, an expired quote), a first
 * purchase through review to credited with the clock driven, a declined card, a refused account
 * refunded, and a replayed webhook that credits once.
 */
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let close: () => Promise<void>;
/** The storefront's clock: the LifeMiles sale of data/storefront/campaigns.json runs on this day. */
let clock = new Date('2026-11-27T03:00:00Z');
const HOUR = 3_600_000;

beforeAll(async () => {
  ({ app, close } = await createTestApp(
    {
      PUBLIC_URL: 'https://tripplus.example',
      STOREFRONT_SPOT_CHECK_RATE: 0,
      SANDBOX_POSTING_MIN: 5,
      RATE_LIMIT_SCALE: 100,
    },
    { now: () => clock, storefront: confirmedStorefront() },
  ));
});
afterAll(async () => close());

const post = (
  url: string,
  cookies: Record<string, string>,
  payload?: Record<string, unknown>,
  method: 'POST' | 'PUT' = 'POST',
) => {
  const { headers, cookies: csrfCookies } = csrf(cookies);
  return app.inject({
    method,
    url,
    headers,
    cookies: { ...csrfCookies, ...cookies },
    ...(payload ? { payload } : {}),
  });
};
const get = (url: string, cookies: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, cookies });

async function tokenFor(number: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/sandbox-pay/v1/tokens',
    headers: { 'x-sandbox-key': app.payments.provider.browserSetup().publicKey },
    payload: { number, expiry: '12/34', cvc: '123' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token as string;
}

const details = {
  name: 'Mei Lin',
  email: 'mei@example.com',
  holderName: 'MEI LIN',
  address: { country: 'TW', line1: 'No. 7, Sec. 5, Xinyi Rd.', city: 'Taipei', postalCode: '110' },
};
const orderBody = (overrides: Record<string, unknown> = {}) => ({
  programme: 'avianca-lifemiles',
  quantity: 10_000,
  account: { number: '123 4567 8901', name: 'MEI LIN' },
  details,
  language: 'zh-Hant',
  ...overrides,
});

async function quote(cookies: Record<string, string>, overrides: Record<string, unknown> = {}) {
  return post('/api/storefront/orders', cookies, orderBody(overrides));
}
async function pay(cookies: Record<string, string>, orderId: string, card = '4242424242424242') {
  const response = await post(`/api/storefront/orders/${orderId}/pay`, cookies, {
    checkoutId: randomUUID(),
    card: { token: await tokenFor(card) },
    termsAgreed: true,
  });
  await app.sandboxPay.settle();
  return response;
}
const orderOf = async (cookies: Record<string, string>, id: string) =>
  (await get(`/api/storefront/orders/${id}`, cookies)).json().order;
const mails = (orderId: string, template: string) =>
  app.database.db
    .select()
    .from(mailOutbox)
    .where(
      and(eq(mailOutbox.topic, `storefront-order:${orderId}`), eq(mailOutbox.template, template)),
    );

describe('the campaign banner', () => {
  it('announces the live sale that takes the most off, in the visitor’s language, when staff entered no promotion', async () => {
    const answer = (await get('/api/promotions/current?lang=zh-Hant')).json();
    expect(answer.promotion).toMatchObject({
      id: 'sale:lifemiles-2026-11',
      linkPath: '/storefront/buy/avianca-lifemiles',
    });
    expect(answer.promotion.title).toBe(
      '哥倫比亞航空 LifeMiles 促銷：加贈 120%，每 1,000 哩／點 US$15.00，至 12/05 止',
    );
    expect((await get('/api/promotions/current?lang=en')).json().promotion.title).toBe(
      'LifeMiles sale: 120% bonus, US$15.00 per 1,000 until 12/05',
    );
  });
});

describe('pricing an order', () => {
  it('prices on the server from the running campaign: 10,000 LifeMiles for US$330 with 12,000 bonus', async () => {
    const { cookies } = await memberWithSession(app);
    const response = await quote(cookies);
    expect(response.statusCode, response.body).toBe(200);
    const { order } = response.json();
    expect(order).toMatchObject({
      programme: 'avianca-lifemiles',
      quantity: 10_000,
      bonus: 12_000,
      total: 22_000,
      amount: 33_000,
      currency: 'USD',
      status: 'quoted',
      accountNumber: '12345678901',
      firstPurchase: true,
      campaignId: 'lifemiles-2026-11',
    });
    expect(Date.parse(order.quoteExpiresAt) - clock.getTime()).toBe(15 * 60_000);
  });

  it('refuses what cannot be bought, naming the field', async () => {
    const { cookies } = await memberWithSession(app);
    const uneven = await quote(cookies, { quantity: 1500 });
    expect(uneven.statusCode).toBe(400);
    expect(uneven.json()).toMatchObject({
      error: 'INVALID_QUANTITY',
      fields: { quantity: 'not-in-increments' },
      details: { min: 1000, max: 150_000, step: 1000 },
    });
    expect((await quote(cookies, { quantity: 151_000 })).json().fields).toEqual({
      quantity: 'above-maximum',
    });
    const account = await quote(cookies, { account: { number: 'ABC', name: 'MEI LIN' } });
    expect(account.json()).toMatchObject({
      error: 'INVALID_ACCOUNT',
      fields: { 'account.number': 'not a valid account number' },
    });
    const missing = await quote(cookies, { account: { number: '', name: '' } });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields).sort()).toEqual(['account.name', 'account.number']);
    expect(
      (await quote(cookies, { details: { ...details, email: 'not-an-email' } })).json().fields,
    ).toHaveProperty(['details.email']);
    expect((await quote(cookies, { programme: 'no-such-programme' })).statusCode).toBe(404);
    // The browser never names a price: an amount in the body is not part of the contract.
    expect((await quote(cookies, { amount: 1 })).json().order.amount).toBe(33_000);
  });

  it('is for members only', async () => {
    expect((await post('/api/storefront/orders', {}, orderBody())).statusCode).toBe(401);
  });
});

describe('the annual cap', () => {
  it('refuses an order that would pass 150,000 for the account this year, naming how many remain', async () => {
    const { id, cookies } = await memberWithSession(app);
    const accountNumber = '55566677788';
    await app.database.db.insert(storefrontOrders).values({
      number: 'SF-TEST-CAP1',
      memberId: id,
      programme: 'avianca-lifemiles',
      accountNumber,
      accountName: 'MEI LIN',
      quantity: 140_000,
      bonus: 0,
      countedTowardCap: 140_000,
      capYear: 2026,
      amount: 1,
      currency: 'USD',
      status: 'credited',
      quoteExpiresAt: clock,
      billing: {
        ...details,
        address: { ...details.address, country: 'TW' as const, line2: '', region: '' },
        company: '',
        taxId: '',
      },
    });
    const over = await quote(cookies, {
      quantity: 20_000,
      account: { number: accountNumber, name: 'MEI LIN' },
    });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      error: 'CAP_REACHED',
      details: { cap: 150_000, remaining: 10_000, largest: 10_000 },
    });
    // Bonus miles do not count toward the LifeMiles cap: 10,000 bought (22,000 received) fit.
    const fits = await quote(cookies, {
      quantity: 10_000,
      account: { number: accountNumber, name: 'MEI LIN' },
    });
    expect(fits.json().order).toMatchObject({ total: 22_000, capRemaining: 0 });
    // Another member buying for the same account is held to the same cap.
    const other = await memberWithSession(app);
    expect(
      (
        await quote(other.cookies, {
          quantity: 11_000,
          account: { number: accountNumber, name: 'MEI LIN' },
        })
      ).json().details.remaining,
    ).toBe(10_000);
    // A new calendar year (in Bogotá, the programme's zone) starts a new count.
    clock = new Date('2027-01-01T06:00:00Z');
    try {
      expect(
        (
          await quote(cookies, {
            quantity: 20_000,
            account: { number: accountNumber, name: 'MEI LIN' },
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      clock = new Date('2026-11-27T03:00:00Z');
    }
  });

  it('counts an order being paid, so two tabs cannot both pass the cap', async () => {
    const { cookies } = await memberWithSession(app);
    const account = { number: '99988877766', name: 'MEI LIN' };
    const first = (await quote(cookies, { quantity: 100_000, account })).json().order;
    const second = (await quote(cookies, { quantity: 100_000, account })).json().order;
    expect((await pay(cookies, first.id)).statusCode).toBe(200);
    const refused = await pay(cookies, second.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'CAP_REACHED', details: { remaining: 50_000 } });
  });
});

describe('paying and crediting', () => {
  it('takes a first purchase through review to credited, with its e-mails, as time passes', async () => {
    const { cookies } = await memberWithSession(app);
    const order = (await quote(cookies)).json().order;
    const paid = await pay(cookies, order.id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().payment).toMatchObject({
      status: 'succeeded',
      purpose: 'storefront',
      amount: 33_000,
      currency: 'USD',
      plan: null,
    });
    let now = await orderOf(cookies, order.id);
    expect(now).toMatchObject({ status: 'in-review', reviewReason: 'first-purchase' });
    expect(now.receiptNumber).toMatch(/^TP-\d{8}-\d{6}$/);
    // The receipt names the order, the programme and the miles, in the language asked.
    const receipt = await get(`/api/payments/${now.paymentId}/receipt?lang=zh-Hant`, cookies);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.body).toContain(
      `訂單 ${now.number}：哥倫比亞航空 LifeMiles，購買 10,000 + 加贈 12,000 = 22,000`,
    );
    expect(receipt.body).toContain('US$330.00');
    expect(await mails(order.id, 'storefront-receipt')).toHaveLength(1);
    const review = await mails(order.id, 'storefront-in-review');
    expect(review).toHaveLength(1);
    expect(review[0]!.subject).toContain('審核中');

    const paidAt = Date.parse(now.paidAt);
    // (The job's run covers every order; this test follows its own.)
    await app.storefrontOrders.advance(new Date(paidAt + HOUR));
    expect((await orderOf(cookies, order.id)).status).toBe('in-review');
    await app.storefrontOrders.advance(new Date(paidAt + 24 * HOUR));
    expect((await orderOf(cookies, order.id)).status).toBe('crediting');
    // Two runs at once once the partner has posted: one credits, the other finds it credited.
    const at = new Date(paidAt + 24 * HOUR + 5 * 60_000);
    await Promise.all([app.storefrontOrders.advance(at), app.storefrontOrders.advance(at)]);
    now = await orderOf(cookies, order.id);
    expect(now).toMatchObject({ status: 'credited' });
    const credited = await mails(order.id, 'storefront-credited');
    expect(credited).toHaveLength(1);
    expect(credited[0]!.subject).toContain('22,000');
    // Under the bell: in review, then credited, each once (two runs raced for the credit).
    const bell = (await get('/api/notices', cookies)).json();
    expect(
      bell.notices.map((notice: { kind: string; payload: unknown }) => [
        notice.kind,
        notice.payload,
      ]),
    ).toEqual([
      ['order-credited', { order: now.number, programme: 'avianca-lifemiles', miles: 22_000 }],
      ['order-in-review', { order: now.number, programme: 'avianca-lifemiles', miles: 22_000 }],
    ]);
    // A second purchase is not reviewed (spot checks are off in this test).
    const second = (await quote(cookies, { quantity: 2000 })).json().order;
    await pay(cookies, second.id);
    expect(await orderOf(cookies, second.id)).toMatchObject({
      status: 'crediting',
      reviewReason: null,
      firstPurchase: false,
    });
  });

  it('leaves no order paid when the card is declined, and counts nothing toward the cap', async () => {
    const { cookies } = await memberWithSession(app);
    const order = (
      await quote(cookies, {
        account: { number: '44455566677', name: 'MEI LIN' },
        quantity: 150_000,
      })
    ).json().order;
    const declined = await pay(cookies, order.id, '4000000000000002');
    expect(declined.json().payment).toMatchObject({ status: 'failed', failure: 'declined' });
    expect(await orderOf(cookies, order.id)).toMatchObject({
      status: 'payment-failed',
      paidAt: null,
      receiptNumber: null,
    });
    expect(await mails(order.id, 'storefront-receipt')).toHaveLength(0);
    expect((await pay(cookies, order.id)).json().error).toBe('ORDER_CLOSED');
    // The whole cap is still there for the next try.
    expect(
      (
        await quote(cookies, {
          account: { number: '44455566677', name: 'MEI LIN' },
          quantity: 150_000,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('puts an order back to its quote when the card cannot be saved, so it neither holds the cap nor escapes the price hold', async () => {
    const { cookies } = await memberWithSession(app);
    const account = { number: '31313131313', name: 'MEI LIN' };
    const order = (await quote(cookies, { account, quantity: 150_000 })).json().order;
    const forged = await post(`/api/storefront/orders/${order.id}/pay`, cookies, {
      checkoutId: randomUUID(),
      card: { token: 'tok_forged_0000000000' },
      termsAgreed: true,
    });
    expect(forged.json().error).toBe('CARD_INFO_INCOMPLETE');
    expect((await orderOf(cookies, order.id)).status).toBe('quoted');
    expect((await quote(cookies, { account, quantity: 150_000 })).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 16 * 60_000);
    try {
      expect((await pay(cookies, order.id)).json().error).toBe('QUOTE_EXPIRED');
    } finally {
      clock = new Date('2026-11-27T03:00:00Z');
    }
  });

  it('gives up an order whose bank verification was left unfinished, and refunds it if the bank answers later', async () => {
    const { cookies } = await memberWithSession(app);
    const account = { number: '42424242424', name: 'MEI LIN' };
    const order = (await quote(cookies, { account, quantity: 150_000 })).json().order;
    const payment = (await pay(cookies, order.id, '4000000000003220')).json().payment;
    expect(payment.status).toBe('verifying');
    expect((await quote(cookies, { account, quantity: 1000 })).json().error).toBe('CAP_REACHED');
    // Past the quote and an hour more: given up, and the cap is free again.
    await app.storefrontOrders.advance(new Date(Date.parse(order.quoteExpiresAt) + 61 * 60_000));
    expect(await orderOf(cookies, order.id)).toMatchObject({
      status: 'payment-failed',
      failure: 'verification-abandoned',
    });
    expect((await quote(cookies, { account, quantity: 150_000 })).statusCode).toBe(200);
    // The holder finishes the bank's page after all: the money goes back, the order is not credited.
    const url = new URL(payment.verificationUrl, 'https://tripplus.example');
    await app.sandboxPay.verify(url.pathname.split('/').pop()!, url.searchParams.get('ticket')!, {
      code: '123456',
    });
    await app.sandboxPay.settle();
    await post(`/api/payments/${payment.id}/confirm`, cookies);
    expect((await orderOf(cookies, order.id)).status).toBe('failed');
    await app.storefrontOrders.advance(new Date(Date.now() + HOUR));
    expect(await orderOf(cookies, order.id)).toMatchObject({
      status: 'refunded',
      failure: 'paid-after-abandoned',
    });
  });

  it('frees the allowance of an order left at the bank once its price no longer holds, and lets the member cancel it', async () => {
    const { cookies } = await memberWithSession(app);
    const account = { number: '31313131313', name: 'MEI LIN' };
    const order = (await quote(cookies, { account, quantity: 150_000 })).json().order;
    const payment = (await pay(cookies, order.id, '4000000000003220')).json().payment;
    expect(payment.status).toBe('verifying');
    expect((await quote(cookies, { account, quantity: 1000 })).json().error).toBe('CAP_REACHED');
    expect((await orderOf(cookies, order.id)).resumePayment).toBe(payment.id);
    const before = clock;
    try {
      clock = new Date(Date.parse(order.quoteExpiresAt) + 60_000);
      // Still at the bank's page, but past its hold: the allowance is free for another order.
      expect((await quote(cookies, { account, quantity: 1000 })).statusCode).toBe(200);
      expect((await orderOf(cookies, order.id)).resumePayment).toBeNull();
      const cancelled = await post(`/api/storefront/orders/${order.id}/cancel`, cookies);
      expect(cancelled.json().order).toMatchObject({
        status: 'payment-failed',
        failure: 'cancelled-by-member',
      });
      expect((await post(`/api/storefront/orders/${order.id}/cancel`, cookies)).json().error).toBe(
        'ORDER_CLOSED',
      );
      const other = await memberWithSession(app);
      expect(
        (await post(`/api/storefront/orders/${order.id}/cancel`, other.cookies)).statusCode,
      ).toBe(404);
    } finally {
      clock = before;
    }
  });

  it('refuses to pay a price held longer than 15 minutes', async () => {
    const { cookies } = await memberWithSession(app);
    const order = (await quote(cookies)).json().order;
    clock = new Date(clock.getTime() + 16 * 60_000);
    try {
      const late = await pay(cookies, order.id);
      expect(late.statusCode).toBe(409);
      expect(late.json().error).toBe('QUOTE_EXPIRED');
      expect(
        await app.database.db
          .select()
          .from(payments)
          .where(eq(payments.idempotencyKey, `storefront:${order.id}`)),
      ).toHaveLength(0);
    } finally {
      clock = new Date('2026-11-27T03:00:00Z');
    }
  });

  it('refunds an order the programme refuses, once, and says so by e-mail', async () => {
    const { cookies } = await memberWithSession(app);
    // The sandbox partner refuses account numbers ending in 0000.
    const order = (
      await quote(cookies, { account: { number: '12345670000', name: 'MEI LIN' } })
    ).json().order;
    await pay(cookies, order.id);
    const paidAt = Date.parse((await orderOf(cookies, order.id)).paidAt);
    await app.storefrontOrders.advance(new Date(paidAt + 25 * HOUR));
    await app.storefrontOrders.advance(new Date(paidAt + 26 * HOUR));
    const after = await orderOf(cookies, order.id);
    expect(after).toMatchObject({ status: 'refunded', failure: 'account-not-found' });
    const [payment] = await app.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, after.paymentId));
    expect(payment!.refundedAt).not.toBeNull();
    expect(await mails(order.id, 'storefront-refunded')).toHaveLength(1);
  });

  it('shows an order only to the member who placed it', async () => {
    const owner = await memberWithSession(app);
    const order = (await quote(owner.cookies)).json().order;
    const other = await memberWithSession(app);
    expect((await get(`/api/storefront/orders/${order.id}`, other.cookies)).statusCode).toBe(404);
    expect((await pay(other.cookies, order.id)).statusCode).toBe(404);
  });
});

describe('webhooks', () => {
  it('replayed 5 times at once move the order once', async () => {
    const { cookies } = await memberWithSession(app);
    const order = (await quote(cookies)).json().order;
    const payment = (await pay(cookies, order.id, '4000000000003220')).json().payment;
    expect(payment.status).toBe('verifying');
    expect((await orderOf(cookies, order.id)).status).toBe('paying');
    const captured: string[] = [];
    const side = paymentsFromConfig({
      config: testConfig({ PUBLIC_URL: 'https://tripplus.example' }),
      database: app.database,
      secret: testConfig().APP_SECRET!,
      log: app.log,
      deliver: async (body) => (captured.push(body), 200),
    });
    const url = new URL(payment.verificationUrl, 'https://tripplus.example');
    await side.sandbox.verify(url.pathname.split('/').pop()!, url.searchParams.get('ticket')!, {
      code: '123456',
    });
    await side.sandbox.settle();
    expect(captured).toHaveLength(1);
    const secret = (app.sandboxPay as unknown as { options: { webhookSecret: string } }).options
      .webhookSecret;
    const signature = signWebhook(secret, captured[0]!, new Date());
    const deliver = () =>
      app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/sandbox',
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
        payload: captured[0]!,
      });
    const answers = await Promise.all(Array.from({ length: 5 }, deliver));
    expect(answers.map((answer) => answer.json().outcome).sort()).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
      'handled',
    ]);
    expect((await orderOf(cookies, order.id)).status).toBe('in-review');
    expect(await mails(order.id, 'storefront-receipt')).toHaveLength(1);
    const paidAt = Date.parse((await orderOf(cookies, order.id)).paidAt);
    await app.storefrontOrders.advance(new Date(paidAt + 24 * HOUR + 10 * 60_000));
    await app.storefrontOrders.advance(new Date(paidAt + 24 * HOUR + 20 * 60_000));
    expect((await orderOf(cookies, order.id)).status).toBe('credited');
    expect(await mails(order.id, 'storefront-credited')).toHaveLength(1);
  });
});

describe('staff', () => {
  it('see orders in review, release one to crediting and refuse another with a refund; members get 403', async () => {
    const buyer = await memberWithSession(app);
    const first = (
      await quote(buyer.cookies, { account: { number: '22233344455', name: 'MEI LIN' } })
    ).json().order;
    await pay(buyer.cookies, first.id);
    const other = await memberWithSession(app);
    const second = (
      await quote(other.cookies, { account: { number: '22233344466', name: 'LIN MEI' } })
    ).json().order;
    await pay(other.cookies, second.id);

    expect((await get('/api/admin/storefront/orders', buyer.cookies)).statusCode).toBe(403);
    expect(
      (await post(`/api/admin/storefront/orders/${first.id}/release`, buyer.cookies)).statusCode,
    ).toBe(403);
    const staff = await memberWithSession(app, {
      passwordHash: await hashPassword('staffpassword'),
    });
    await app.database.db.update(members).set({ role: 'admin' }).where(eq(members.id, staff.id));
    const console = (await get('/api/admin/storefront/orders', staff.cookies)).json();
    expect(console.inReview.map((order: { id: string }) => order.id)).toEqual(
      expect.arrayContaining([first.id, second.id]),
    );
    expect(console.inReview.find((order: { id: string }) => order.id === second.id).payer).toEqual({
      name: 'Mei Lin',
      email: 'mei@example.com',
    });

    expect(
      (await post(`/api/admin/storefront/orders/${first.id}/release`, staff.cookies)).json().order
        .status,
    ).toBe('crediting');
    expect(
      (await post(`/api/admin/storefront/orders/${first.id}/release`, staff.cookies)).json().error,
    ).toBe('ORDER_CLOSED');
    // A refusal refunds: the password again first (sudo mode).
    const asked = await post(`/api/admin/storefront/orders/${second.id}/refuse`, staff.cookies);
    expect(asked.json().error).toBe('PASSWORD_REQUIRED');
    await post('/api/admin/console/confirm', staff.cookies, { password: 'staff password' });
    const refused = (
      await post(`/api/admin/storefront/orders/${second.id}/refuse`, staff.cookies)
    ).json().order;
    expect(refused).toMatchObject({ status: 'refunded', failure: 'refused-in-review' });
    expect(await mails(second.id, 'storefront-refunded')).toHaveLength(1);
    // Each staff move is in the audit log, with who made it and the state before and after.
    const log = (await get('/api/admin/audit?subject=order:', staff.cookies)).json().entries as {
      staffId: string;
      action: string;
      subject: string;
      before: unknown;
      after: unknown;
    }[];
    expect(
      log
        .filter((entry) => [`order:${first.id}`, `order:${second.id}`].includes(entry.subject))
        .map((entry) => [entry.staffId, entry.action, entry.subject, entry.before, entry.after]),
    ).toEqual([
      [
        staff.id,
        'order.refuse',
        `order:${second.id}`,
        { status: 'in-review' },
        { status: 'failed', failure: 'refused-in-review' },
      ],
      [
        staff.id,
        'order.release',
        `order:${first.id}`,
        { status: 'in-review' },
        { status: 'crediting' },
      ],
    ]);

    // A note on an order (any state) shows on it for staff, with who wrote it; an empty one is refused.
    expect(
      (await post(`/api/admin/storefront/orders/${second.id}/note`, staff.cookies, { note: ' ' }))
        .statusCode,
    ).toBe(400);
    const noted = await post(`/api/admin/storefront/orders/${second.id}/note`, staff.cookies, {
      note: 'Buyer confirmed by e-mail the account name is right.',
    });
    expect(noted.json().order.notes).toEqual([
      {
        at: expect.any(String),
        staffEmail: expect.any(String),
        note: 'Buyer confirmed by e-mail the account name is right.',
      },
    ]);
    const listed = (await get('/api/admin/storefront/orders', staff.cookies)).json();
    expect(
      listed.recent.find((order: { id: string }) => order.id === second.id).notes,
    ).toHaveLength(1);
    expect(
      (
        await post(`/api/admin/storefront/orders/${second.id}/note`, buyer.cookies, {
          note: 'mine',
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('price alerts', () => {
  it('e-mail once per campaign that meets the target, and never one that does not', async () => {
    const { id, cookies } = await memberWithSession(app);
    const set = await post('/api/storefront/alerts', cookies, {
      programme: 'avianca-lifemiles',
      target: 1600,
      language: 'zh-Hans',
    });
    expect(set.json().alerts).toMatchObject([
      { programme: 'avianca-lifemiles', target: 1600, currency: 'USD', notifiedAt: null },
    ]);
    expect(
      (
        await post('/api/storefront/alerts', cookies, { programme: 'aadvantage', target: 1000 })
      ).json().alerts,
    ).toHaveLength(2);
    const [member] = await app.database.db.select().from(members).where(eq(members.id, id));
    const alertMails = () =>
      app.database.db
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.toAddress, member!.email!),
            eq(mailOutbox.template, 'storefront-price-alert'),
          ),
        );

    await Promise.all([app.priceAlerts.notify(clock), app.priceAlerts.notify(clock)]);
    const sent = await alertMails();
    // LifeMiles at US$15.00 meets US$16.00; AAdvantage at US$22.75 does not meet US$10.00.
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toContain('US$15.00');
    expect(sent[0]!.textBody).toContain('US$16.00');
    await app.priceAlerts.notify(clock);
    expect(await alertMails()).toHaveLength(1);

    const list = (await get('/api/storefront/alerts', cookies)).json().alerts;
    const lifemiles = list.find(
      (alert: { programme: string }) => alert.programme === 'avianca-lifemiles',
    );
    expect(lifemiles.notifiedAt).not.toBeNull();
    const { headers, cookies: csrfCookies } = csrf(cookies);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/storefront/alerts/${lifemiles.id}`,
      headers,
      cookies: { ...csrfCookies, ...cookies },
    });
    expect(removed.json().alerts.map((alert: { programme: string }) => alert.programme)).toEqual([
      'aadvantage',
    ]);
    expect(
      (await post('/api/storefront/alerts', cookies, { programme: 'avianca-lifemiles', target: 0 }))
        .statusCode,
    ).toBe(400);
  });
});

describe('a storefront without a crediting partner', () => {
  it('shows prices and refuses orders (CREDITING_PARTNER=none)', async () => {
    const closed = await createTestApp({ CREDITING_PARTNER: 'none' }, { now: () => clock });
    try {
      const { cookies } = await memberWithSession(closed.app);
      const { headers, cookies: csrfCookies } = csrf(cookies);
      const refused = await closed.app.inject({
        method: 'POST',
        url: '/api/storefront/orders',
        headers,
        cookies: { ...csrfCookies, ...cookies },
        payload: orderBody(),
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().error).toBe('STOREFRONT_CLOSED');
      expect(
        (await closed.app.inject('/api/storefront/programmes')).json().programmes,
      ).toHaveLength(17);
    } finally {
      await closed.close();
    }
  });
});

describe('the storefront under staff’s maintenance switch', () => {
  it('refuses new orders with its maintenance message at once, and takes them again when it is off', async () => {
    const admin = await memberWithSession(app, { role: 'admin' });
    const { cookies } = await memberWithSession(app);
    const settings = (storefrontMaintenance: boolean) =>
      post('/api/admin/settings', admin.cookies, { storefrontMaintenance }, 'PUT');
    expect((await settings(true)).json().settings.storefrontMaintenance).toBe(true);
    try {
      const refused = await quote(cookies);
      expect([refused.statusCode, refused.json().error]).toEqual([503, 'STOREFRONT_MAINTENANCE']);
    } finally {
      await settings(false);
    }
    expect((await quote(cookies)).statusCode).toBe(200);
  });
});
