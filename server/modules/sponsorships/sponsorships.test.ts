import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import {
  mailOutbox,
  members,
  payments,
  sandboxPayEvents,
  sponsorships,
} from '../../db/schema/index.ts';
import { createTestApp, csrf } from '../../test/app.ts';
import { memberWithSession } from '../../test/members.ts';
import {
  checkoutDetails as details,
  endSponsorshipMonth,
  sandboxToken,
  sponsorCheckout,
} from '../../test/sponsorships.ts';
import { paymentsFromConfig } from '../payments/payments-setup.ts';
import { SANDBOX_SIGNATURE_HEADER, signWebhook } from '../payments/sandbox/sandbox-pay.ts';

/**
 * Sponsorship through the API and the sandbox card processor: every test card's outcome,
 * the verification step, webhooks (replayed, forged, stale), cancel to the end of the month,
 * renewals with retries, and the allowances that follow.
 */
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await createTestApp({ PUBLIC_URL: 'https://tripplus.example' }));
});
afterAll(async () => close());

const post = (url: string, cookies: Record<string, string>, payload?: Record<string, unknown>) => {
  const { headers, cookies: csrfCookies } = csrf(cookies);
  return app.inject({
    method: 'POST',
    url,
    headers,
    cookies: { ...csrfCookies, ...cookies },
    ...(payload ? { payload } : {}),
  });
};
const get = (url: string, cookies: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, cookies });

const tokenFor = (number: string, expiry?: string, cvc?: string) =>
  sandboxToken(app, number, expiry, cvc);
const checkout = (
  cookies: Record<string, string>,
  number: string,
  plan?: string,
  extra?: Record<string, unknown>,
) => sponsorCheckout(app, cookies, number, plan, extra);

const memberRow = async (id: string) =>
  (await app.database.db.select().from(members).where(eq(members.id, id)))[0]!;
const sponsorshipsOf = (id: string) =>
  app.database.db.select().from(sponsorships).where(eq(sponsorships.memberId, id));
const mailsTo = async (id: string, template: string) => {
  const member = await memberRow(id);
  return app.database.db
    .select()
    .from(mailOutbox)
    .where(sql`${mailOutbox.toAddress} = ${member.email} and ${mailOutbox.template} = ${template}`);
};
const allowances = async (cookies: Record<string, string>) => {
  const quota = (await get('/api/awards/quota', cookies)).json();
  const tracking = (await get('/api/trackings', cookies)).json();
  return {
    daysPerSearch: quota.daysPerSearch,
    daysPerMonth: quota.daysPerMonth,
    trackingDays: tracking.allowance.days,
  };
};

describe('sandbox card tokens', () => {
  it('refuse a bad number, a number that is not a test card, a past expiry and a short CVC, each by field', async () => {
    const key = app.payments.provider.browserSetup().publicKey;
    const tokenize = (payload: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/sandbox-pay/v1/tokens',
        headers: { 'x-sandbox-key': key },
        payload,
      });
    expect(
      (await tokenize({ number: '4242424242424241', expiry: '12/34', cvc: '123' })).json().errors,
    ).toEqual({ number: 'number-invalid' });
    expect(
      (await tokenize({ number: '4111111111111111', expiry: '12/34', cvc: '123' })).json().errors,
    ).toEqual({ number: 'number-not-test-card' });
    expect(
      (await tokenize({ number: '4242424242424242', expiry: '01/20', cvc: '12' })).json().errors,
    ).toEqual({ expiry: 'expiry-past', cvc: 'cvc-invalid' });
    expect(
      (await tokenize({ number: '378282246310005', expiry: '12/34', cvc: '123' })).json().errors,
    ).toEqual({ cvc: 'cvc-invalid' });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/sandbox-pay/v1/tokens',
          headers: { 'x-sandbox-key': 'pk_wrong' },
          payload: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('never store a card number: only the brand, last four and expiry', async () => {
    const { cookies } = await memberWithSession(app);
    expect((await checkout(cookies, '5555555555554444')).json().payment.status).toBe('succeeded');
    const cards = await app.database.db.execute(
      sql`select string_agg(row_to_json(c)::text, ' ') as rows from payment_cards c`,
    );
    // The sandbox knows a test card by its number (it is public); our own tables never hold one.
    const text = JSON.stringify((cards as unknown as { rows: unknown[] }).rows);
    expect(text).toContain('4444');
    expect(text).not.toMatch(/\d{13,19}/);
  });
});

describe('a checkout', () => {
  it('with a card that succeeds gives the plan at once, with its receipt in the transactions', async () => {
    const { id, cookies } = await memberWithSession(app);
    expect(await allowances(cookies)).toEqual({
      daysPerSearch: 3,
      daysPerMonth: 15,
      trackingDays: 2,
    });
    const response = await checkout(cookies, '4242424242424242');
    expect(response.statusCode, response.body).toBe(200);
    const payment = response.json().payment;
    expect(payment).toMatchObject({
      status: 'succeeded',
      amount: 499,
      currency: 'USD',
      card: { brand: 'visa', last4: '4242' },
    });
    expect(payment.receiptNumber).toMatch(/^TP-\d{8}-\d{6}$/);
    expect(await allowances(cookies)).toEqual({
      daysPerSearch: 15,
      daysPerMonth: null,
      trackingDays: 5,
    });
    const [sponsorship] = await sponsorshipsOf(id);
    expect(sponsorship).toMatchObject({ plan: 'sponsor', status: 'active', periodIndex: 0 });

    const list = (await get('/api/payments', cookies)).json().payments;
    expect(list).toHaveLength(1);
    const receipt = await get(`/api/payments/${payment.id}/receipt?lang=zh-Hant`, cookies);
    expect(receipt.headers['content-disposition']).toBe(
      `attachment; filename="${payment.receiptNumber}.html"`,
    );
    expect(receipt.body).toContain(payment.receiptNumber);
    expect(receipt.body).toContain('US$4.99');
    expect(receipt.body).toContain('VISA');
    expect(await mailsTo(id, 'sponsorship-receipt')).toHaveLength(1);
    // Someone else's receipt is not found.
    const other = await memberWithSession(app);
    expect((await get(`/api/payments/${payment.id}/receipt`, other.cookies)).statusCode).toBe(404);
  });

  it.each([
    ['4000000000000002', 'declined'],
    ['4000000000009995', 'insufficient-funds'],
  ])('with card %s fails as %s and gives nothing', async (number, failure) => {
    const { id, cookies } = await memberWithSession(app);
    const payment = (await checkout(cookies, number)).json().payment;
    expect(payment).toMatchObject({ status: 'failed', failure, receiptNumber: null });
    expect(await sponsorshipsOf(id)).toHaveLength(0);
    expect((await memberRow(id)).plan).toBe('member');
  });

  it('with a card that needs verification waits for the bank page; a wrong code is refused, the right one pays', async () => {
    const { id, cookies } = await memberWithSession(app);
    const payment = (await checkout(cookies, '4000000000003220', 'sponsor-more')).json().payment;
    expect(payment.status).toBe('verifying');
    expect((await memberRow(id)).plan).toBe('member');
    const url = new URL(payment.verificationUrl, 'https://tripplus.example');
    const page = await get(`${url.pathname}${url.search}`);
    expect(page.body).toContain('$9.99');
    const ticket = url.searchParams.get('ticket')!;
    const answer = (code: string) =>
      app.inject({
        method: 'POST',
        url: `${url.pathname}?lang=en`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ ticket, code, action: 'verify' }).toString(),
      });
    const wrong = await answer('000000');
    expect(wrong.statusCode).toBe(200);
    expect(wrong.body).toContain('2 tries left');
    const right = await answer('123456');
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe(
      `https://tripplus.example/support-tripplus/checkout/payment?payment=${payment.id}`,
    );
    await app.sandboxPay.settle();
    const confirmed = (await post(`/api/payments/${payment.id}/confirm`, cookies)).json().payment;
    expect(confirmed.status).toBe('succeeded');
    expect(await allowances(cookies)).toEqual({
      daysPerSearch: 15,
      daysPerMonth: null,
      trackingDays: 15,
    });
    expect(await sponsorshipsOf(id)).toHaveLength(1);
  });

  it('cancelled at the bank page fails, and a forged ticket finds nothing', async () => {
    const { cookies } = await memberWithSession(app);
    const payment = (await checkout(cookies, '4000000000003220')).json().payment;
    const url = new URL(payment.verificationUrl, 'https://tripplus.example');
    expect((await get(`${url.pathname}?ticket=forged&lang=en`)).statusCode).toBe(404);
    const cancel = await app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        ticket: url.searchParams.get('ticket')!,
        action: 'cancel',
      }).toString(),
    });
    expect(cancel.statusCode).toBe(303);
    await app.sandboxPay.settle();
    expect(
      (await post(`/api/payments/${payment.id}/confirm`, cookies)).json().payment,
    ).toMatchObject({ status: 'failed', failure: 'verification-failed' });
  });

  it('sent twice with one checkout id (a double click) pays once', async () => {
    const { id, cookies } = await memberWithSession(app);
    const body = {
      plan: 'sponsor',
      currency: 'TWD',
      checkoutId: randomUUID(),
      card: { token: await tokenFor('4242424242424242') },
      details: details(),
    };
    const [first, second] = await Promise.all([
      post('/api/sponsorship/checkout', cookies, body),
      post('/api/sponsorship/checkout', cookies, body),
    ]);
    await app.sandboxPay.settle();
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json().payment).toMatchObject({
      id: first.json().payment.id,
      status: 'succeeded',
    });
    expect(
      await app.database.db.select().from(payments).where(eq(payments.memberId, id)),
    ).toHaveLength(1);
    expect(
      (await app.database.db.select().from(payments).where(eq(payments.memberId, id)))[0],
    ).toMatchObject({ amount: 15000, currency: 'TWD', status: 'succeeded' });
  });

  it('sent twice with a spent token answers card info incomplete to both and keeps no payment', async () => {
    const { id, cookies } = await memberWithSession(app);
    const token = await tokenFor('4242424242424242');
    expect(
      (await checkout(cookies, '4242424242424242', 'sponsor', { card: { token } })).statusCode,
    ).toBe(200);
    const other = await memberWithSession(app);
    const body = {
      plan: 'sponsor',
      currency: 'TWD',
      checkoutId: randomUUID(),
      card: { token },
      details: details(),
    };
    const answers = await Promise.all([
      post('/api/sponsorship/checkout', other.cookies, body),
      post('/api/sponsorship/checkout', other.cookies, body),
    ]);
    expect(answers.map((answer) => answer.json().error)).toEqual([
      'CARD_INFO_INCOMPLETE',
      'CARD_INFO_INCOMPLETE',
    ]);
    expect(
      await app.database.db.select().from(payments).where(eq(payments.memberId, other.id)),
    ).toHaveLength(0);
    expect(
      await app.database.db.select().from(payments).where(eq(payments.memberId, id)),
    ).toHaveLength(1);
  });

  it('refuses missing or wrong fields by name, and a spent token as card info incomplete', async () => {
    const { cookies } = await memberWithSession(app);
    const bad = await post('/api/sponsorship/checkout', cookies, {
      plan: 'sponsor',
      currency: 'USD',
      checkoutId: randomUUID(),
      card: { token: await tokenFor('4242424242424242') },
      details: details({
        holderName: '',
        termsAgreed: false,
        address: { country: 'US', line1: '1 Main St', city: 'Seattle', postalCode: 'ABC' },
      }),
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual([
      'details.address.postalCode',
      'details.address.region',
      'details.holderName',
      'details.termsAgreed',
    ]);
    const token = await tokenFor('4242424242424242');
    expect((await checkout(cookies, '4242424242424242')).statusCode).toBe(200);
    const again = await post('/api/sponsorship/checkout', cookies, {
      plan: 'sponsor',
      currency: 'USD',
      checkoutId: randomUUID(),
      card: { token },
      details: details(),
    });
    expect(again.json().error).toBe('ALREADY_SPONSORING');
    const other = await memberWithSession(app);
    expect(
      (
        await post('/api/sponsorship/checkout', other.cookies, {
          plan: 'sponsor',
          currency: 'USD',
          checkoutId: randomUUID(),
          card: { token },
          details: details(),
        })
      ).statusCode,
    ).toBe(200);
    const third = await memberWithSession(app);
    const spent = await post('/api/sponsorship/checkout', third.cookies, {
      plan: 'sponsor',
      currency: 'USD',
      checkoutId: randomUUID(),
      card: { token },
      details: details(),
    });
    expect(spent.json()).toMatchObject({
      error: 'CARD_INFO_INCOMPLETE',
      message: 'Card info incomplete.',
    });
  });
});

describe('a refund', () => {
  it('gives back a paid payment once and refuses one that was never paid', async () => {
    const { cookies } = await memberWithSession(app);
    const paid = (await checkout(cookies, '4242424242424242')).json().payment;
    const refunded = await app.payments.refund(paid.id);
    expect(refunded.refundId).toMatch(/^re_/);
    expect((await app.payments.refund(paid.id)).refundId).toBe(refunded.refundId);
    expect((await get('/api/payments', cookies)).json().payments[0].refundedAt).toBeTruthy();
    const other = await memberWithSession(app);
    const declined = (await checkout(other.cookies, '4000000000000002')).json().payment;
    await expect(app.payments.refund(declined.id)).rejects.toThrow(
      'Only a paid payment can be refunded.',
    );
  });
});

describe('a payment a crash left pending', () => {
  it('is finished by the reconciler under its own key when the card was saved: one charge, the plan given, a clean list', async () => {
    const { id, cookies } = await memberWithSession(app);
    // The process dies after saving the card, while asking for the charge.
    const sandbox = app.sandboxPay;
    const charge = sandbox.charge.bind(sandbox);
    sandbox.charge = async () => {
      sandbox.charge = charge;
      throw new Error('the process died while asking for the charge');
    };
    const crashed = await checkout(cookies, '4242424242424242');
    expect(crashed.statusCode).toBe(500);
    const [left] = await app.database.db.select().from(payments).where(eq(payments.memberId, id));
    expect(left).toMatchObject({ status: 'pending' });
    expect(left!.cardId).not.toBeNull();

    // Not yet stale: left alone.
    expect(await app.payments.reconcilePending(new Date())).toEqual({ withdrawn: 0, settled: 0 });
    const later = new Date(Date.now() + 11 * 60_000);
    expect(await app.payments.reconcilePending(later)).toEqual({ withdrawn: 0, settled: 1 });
    await app.sandboxPay.settle();
    const list = (await get('/api/payments', cookies)).json().payments;
    expect(list.map((payment: { status: string }) => payment.status)).toEqual(['succeeded']);
    expect(list[0].receiptNumber).toMatch(/^TP-\d{8}-\d{6}$/);
    expect((await sponsorshipsOf(id))[0]).toMatchObject({ plan: 'sponsor', status: 'active' });
    // Run again: nothing more is charged.
    expect(await app.payments.reconcilePending(later)).toEqual({ withdrawn: 0, settled: 0 });
  });

  it('is withdrawn when no card was saved (nothing was charged), and the member can pay again', async () => {
    const { id, cookies } = await memberWithSession(app);
    await app.database.db.insert(payments).values({
      memberId: id,
      purpose: 'sponsorship',
      plan: 'sponsor',
      amount: 499,
      currency: 'USD',
      idempotencyKey: `crashed-${randomUUID()}`,
      provider: app.payments.provider.name,
      language: 'en',
      createdAt: new Date(Date.now() - 20 * 60_000),
    });
    expect((await get('/api/payments', cookies)).json().payments).toHaveLength(1);
    expect(await app.payments.reconcilePending(new Date())).toEqual({ withdrawn: 1, settled: 0 });
    expect((await get('/api/payments', cookies)).json().payments).toEqual([]);
    expect((await checkout(cookies, '4242424242424242')).statusCode).toBe(200);
  });
});

describe('webhooks', () => {
  /** The same provider as the app's, but its webhooks are kept here instead of sent. */
  function capturingProvider() {
    const captured: string[] = [];
    const side = paymentsFromConfig({
      config: testConfig({ PUBLIC_URL: 'https://tripplus.example' }),
      database: app.database,
      secret: testConfig().APP_SECRET!,
      log: app.log,
      deliver: async (body) => (captured.push(body), 200),
    });
    return { side, captured };
  }
  const deliver = (body: string, signature: string) =>
    app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
      payload: body,
    });

  it('replayed 5 times at once fulfil once', async () => {
    const { id, cookies } = await memberWithSession(app);
    const payment = (await checkout(cookies, '4000000000003220')).json().payment;
    const url = new URL(payment.verificationUrl, 'https://tripplus.example');
    const { side, captured } = capturingProvider();
    // The bank page answers through a processor whose webhooks this test holds back.
    await side.sandbox.verify(url.pathname.split('/').pop()!, url.searchParams.get('ticket')!, {
      code: '123456',
    });
    await side.sandbox.settle();
    expect(captured).toHaveLength(1);
    expect(
      (await app.database.db.select().from(payments).where(eq(payments.id, payment.id)))[0]!.status,
    ).toBe('verifying');
    const signature = signWebhook(derivedSecret(), captured[0]!, new Date());
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => deliver(captured[0]!, signature)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((answer) => answer.json().outcome).sort()).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
      'handled',
    ]);
    expect(await sponsorshipsOf(id)).toHaveLength(1);
    expect(await mailsTo(id, 'sponsorship-receipt')).toHaveLength(1);
    expect((await memberRow(id)).plan).toBe('sponsor');
  });

  it('refuse a missing signature (400), a forged one and a stale one (401)', async () => {
    const [event] = await app.database.db.select().from(sandboxPayEvents).limit(1);
    const body = event!.body;
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/payments/webhooks/sandbox',
          headers: { 'content-type': 'application/json' },
          payload: body,
        })
      ).statusCode,
    ).toBe(400);
    expect((await deliver(body, signWebhook('not-the-secret', body, new Date()))).statusCode).toBe(
      401,
    );
    expect(
      (await deliver(body, signWebhook(derivedSecret(), body, new Date(Date.now() - 301_000))))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await deliver(
          body.replace('"charge.', '"charge.x'),
          signWebhook(derivedSecret(), body, new Date()),
        )
      ).statusCode,
    ).toBe(401);
  });

  it('ignores a signed event naming a charge the processor does not know, without a 5xx', async () => {
    const [event] = await app.database.db.select().from(sandboxPayEvents).limit(1);
    const parsed = JSON.parse(event!.body) as { id: string; data: { charge: string } };
    const unknown = JSON.stringify({
      ...parsed,
      id: `${parsed.id}-other`,
      type: 'charge.succeeded',
      data: { ...parsed.data, charge: 'ch_NoSuchCharge0000' },
    });
    const answer = await deliver(unknown, signWebhook(derivedSecret(), unknown, new Date()));
    expect([answer.statusCode, answer.json().outcome]).toEqual([200, 'ignored']);
  });
});

/** The sandbox's webhook secret as the app derives it from APP_SECRET. */
function derivedSecret(): string {
  return (app.sandboxPay as unknown as { options: { webhookSecret: string } }).options
    .webhookSecret;
}

describe('the month', () => {
  const endMonth = (memberId: string) => endSponsorshipMonth(app, memberId);

  it('cancelled keeps the plan to its end, then the allowances drop back', async () => {
    const { id, cookies } = await memberWithSession(app);
    await checkout(cookies, '4242424242424242', 'sponsor-more');
    const cancelled = (await post('/api/sponsorship/cancel', cookies)).json();
    expect(cancelled.sponsorship.status).toBe('cancelling');
    expect(cancelled.planNow).toBe('sponsor-more');
    expect(await allowances(cookies)).toEqual({
      daysPerSearch: 15,
      daysPerMonth: null,
      trackingDays: 15,
    });
    await endMonth(id);
    expect(await allowances(cookies)).toEqual({
      daysPerSearch: 3,
      daysPerMonth: 15,
      trackingDays: 2,
    });
    const report = await app.sponsorships.renewDue(new Date());
    expect(report.ended).toBeGreaterThanOrEqual(1);
    expect((await sponsorshipsOf(id))[0]).toMatchObject({ status: 'ended' });
    expect(
      await app.database.db.select().from(payments).where(eq(payments.memberId, id)),
    ).toHaveLength(1);
    expect((await get('/api/sponsorship', cookies)).json()).toMatchObject({
      planNow: 'member',
      sponsorship: null,
    });
  });

  it('renews on the saved card for the next month, anchored to the first', async () => {
    const { id, cookies } = await memberWithSession(app);
    await checkout(cookies, '4242424242424242');
    await endMonth(id);
    const before = (await sponsorshipsOf(id))[0]!;
    await app.sponsorships.renewDue(new Date());
    await app.sandboxPay.settle();
    const after = (await sponsorshipsOf(id))[0]!;
    expect(after).toMatchObject({ status: 'active', periodIndex: 1 });
    expect(after.periodStart.getTime()).toBe(before.periodEnd.getTime());
    expect(
      await app.database.db.select().from(payments).where(eq(payments.memberId, id)),
    ).toHaveLength(2);
    expect(await allowances(cookies)).toEqual({
      daysPerSearch: 15,
      daysPerMonth: null,
      trackingDays: 5,
    });
  });

  it('retries a declined renewal with an e-mail each time, keeps the plan meanwhile, and ends it after the last try', async () => {
    const { id, cookies } = await memberWithSession(app);
    await checkout(cookies, '4000000000000341');
    await endMonth(id);
    await app.sponsorships.renewDue(new Date());
    expect((await sponsorshipsOf(id))[0]).toMatchObject({ status: 'past-due', renewalFailures: 1 });
    expect(await mailsTo(id, 'sponsorship-renewal-failed')).toHaveLength(1);
    expect((await get('/api/notices', cookies)).json().notices).toMatchObject([
      { kind: 'sponsorship-renewal-failed', payload: { plan: 'sponsor' } },
    ]);
    expect((await get('/api/sponsorship', cookies)).json().planNow).toBe('sponsor');
    await app.sponsorships.renewDue(new Date(Date.now() + 86_400_000 + 1000));
    expect((await sponsorshipsOf(id))[0]).toMatchObject({ status: 'past-due', renewalFailures: 2 });
    await app.sponsorships.renewDue(new Date(Date.now() + 3 * 86_400_000 + 2000));
    expect((await sponsorshipsOf(id))[0]).toMatchObject({ status: 'ended' });
    expect(await mailsTo(id, 'sponsorship-ended')).toHaveLength(1);
    expect((await get('/api/sponsorship', cookies)).json().planNow).toBe('member');
  });

  it('upgrades now for the rest of the month and downgrades at the renewal', async () => {
    const { id, cookies } = await memberWithSession(app);
    await checkout(cookies, '4242424242424242');
    const upgraded = (
      await post('/api/sponsorship/plan', cookies, {
        plan: 'sponsor-more',
        checkoutId: randomUUID(),
      })
    ).json();
    expect(upgraded.payment.status).toBe('succeeded');
    // Almost the whole month is left: nearly the whole difference (9.99 − 4.99).
    expect(upgraded.payment.amount).toBeGreaterThan(480);
    expect(upgraded.payment.amount).toBeLessThanOrEqual(500);
    expect(await allowances(cookies)).toEqual({
      daysPerSearch: 15,
      daysPerMonth: null,
      trackingDays: 15,
    });
    const downgraded = (
      await post('/api/sponsorship/plan', cookies, { plan: 'sponsor', checkoutId: randomUUID() })
    ).json();
    expect(downgraded.sponsorship).toMatchObject({ plan: 'sponsor-more', nextPlan: 'sponsor' });
    expect(await allowances(cookies)).toEqual({
      daysPerSearch: 15,
      daysPerMonth: null,
      trackingDays: 15,
    });
    await endMonth(id);
    await app.sponsorships.renewDue(new Date());
    expect((await sponsorshipsOf(id))[0]).toMatchObject({
      plan: 'sponsor',
      nextPlan: null,
      periodIndex: 1,
    });
    const renewal = (
      await app.database.db.select().from(payments).where(eq(payments.memberId, id))
    ).find((payment) => payment.purpose === 'renewal');
    expect(renewal).toMatchObject({ amount: 499, status: 'succeeded' });
    expect(await allowances(cookies)).toEqual({
      daysPerSearch: 15,
      daysPerMonth: null,
      trackingDays: 5,
    });
  });
});
