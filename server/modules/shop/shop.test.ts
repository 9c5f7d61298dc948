import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, shopCodes, shopOrders, shopStock } from '../../db/schema/index.ts';
import { createTestApp, csrf, sendAs } from '../../test/app.ts';
import { memberWithSession } from '../../test/members.ts';
import { checkoutDetails, sandboxToken } from '../../test/sponsorships.ts';
import { hashPassword } from '../auth/index.ts';
import { createTestDatabase } from '../../test/database.ts';
import { shopData } from '../../../data/shop.ts';
import { ShopCatalogue } from './catalogue.ts';

/**
 * The shop through its API with the sandbox processor: a visitor's cart folded into the member's
 * at sign-in, an order holding stock, paid with a card, codes and a signed download delivered at
 * once, a parcel packed and shipped by staff with its e-mails, a hold that ends, and the refusals.
 */
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let close: () => Promise<void>;
let clock = new Date('2026-12-02T03:00:00Z');
const MINUTE = 60_000;

beforeAll(async () => {
  ({ app, close } = await createTestApp(
    { PUBLIC_URL: 'https://tripplus.example', RATE_LIMIT_SCALE: 100 },
    { now: () => clock },
  ));
});
afterAll(async () => close());

const get = (url: string, cookies: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, cookies });
/** A visitor's change: the CSRF token and whatever cookies they hold (their cart's). */
const visitorSend = (
  cookies: Record<string, string>,
  method: 'POST' | 'PUT',
  url: string,
  payload: object,
) => {
  const token = csrf();
  return app.inject({
    method,
    url,
    headers: token.headers,
    cookies: { ...token.cookies, ...cookies },
    payload,
  });
};
const address = {
  name: 'Mei Lin',
  phone: '0912 345 678',
  country: 'TW',
  line1: 'No. 7, Sec. 5, Xinyi Rd.',
  city: 'Taipei',
  postalCode: '110',
};
const orderBody = (overrides: Record<string, unknown> = {}) => {
  const { termsAgreed: _, ...details } = checkoutDetails();
  return { currency: 'TWD', shipping: address, details, language: 'zh-Hant', ...overrides };
};
async function pay(send: ReturnType<typeof sendAs>, orderId: string, card = '4242424242424242') {
  const response = await send('POST', `/api/shop/orders/${orderId}/pay`, {
    checkoutId: randomUUID(),
    card: { token: await sandboxToken(app, card) },
    termsAgreed: true,
  });
  await app.sandboxPay.settle();
  return response;
}
const stockOf = async (variant: string) =>
  (await app.database.db.select().from(shopStock).where(eq(shopStock.variantId, variant)))[0]!;

describe('the catalogue', () => {
  it('lists at least twelve products with prices in every currency, stock and pictures', async () => {
    const response = await get('/api/shop/products');
    expect(response.statusCode).toBe(200);
    const { products } = response.json();
    expect(products.length).toBeGreaterThanOrEqual(12);
    const tee = products.find((product: { id: string }) => product.id === 'tripplus-tee');
    expect(tee.variants).toHaveLength(8);
    expect(tee.variants[0].price).toMatchObject({ TWD: 69_000, USD: 2_400 });
    expect(tee.variants[0].available).toBe(12);
    const travel = (await get('/api/shop/products?kind=travel')).json().products;
    expect(travel.every((product: { kind: string }) => product.kind === 'travel')).toBe(true);
    expect(
      travel.find((product: { id: string }) => product.id === 'award-handbook').variants[0]
        .available,
    ).toBeNull();
    expect((await get('/api/shop/products/no-such-thing')).statusCode).toBe(404);
  });
});

describe('a visitor, then a member', () => {
  it('keeps what the visitor put in the cart when they sign in, adding to what the member had', async () => {
    const member = await memberWithSession(app);
    await sendAs(app, member.cookies)('POST', '/api/shop/cart/items?currency=TWD', {
      variant: 'airport-code-stickers',
      quantity: 1,
    });
    const added = await visitorSend({}, 'POST', '/api/shop/cart/items?currency=TWD', {
      variant: 'tripplus-tee-navy-m',
      quantity: 1,
    });
    expect(added.statusCode, added.body).toBe(200);
    const cartCookie = added.cookies.find((cookie) => cookie.name === 'tp_cart')!;
    expect(cartCookie).toMatchObject({ httpOnly: true, path: '/api/shop' });
    const visitor = { tp_cart: cartCookie.value };
    await visitorSend(visitor, 'POST', '/api/shop/cart/items?currency=TWD', {
      variant: 'airport-code-stickers',
      quantity: 2,
    });
    expect((await get('/api/shop/cart?currency=TWD', visitor)).json().cart.lines).toHaveLength(2);

    // Signed in with the visitor's cookie still there: one cart, quantities added.
    const merged = await get('/api/shop/cart?currency=TWD', { ...member.cookies, ...visitor });
    const cart = merged.json().cart;
    expect(
      cart.lines.map((line: { variant: string; quantity: number }) => [
        line.variant,
        line.quantity,
      ]),
    ).toEqual([
      ['airport-code-stickers', 3],
      ['tripplus-tee-navy-m', 1],
    ]);
    expect(cart.subtotal).toBe(150_00 * 3 + 690_00);
    expect(merged.cookies.find((cookie) => cookie.name === 'tp_cart')?.value).toBe('');
    // The visitor's cart is gone: the same cookie brings nothing back.
    expect((await get('/api/shop/cart?currency=TWD', visitor)).json().cart.lines).toEqual([]);
  });

  it('refuses more than one order may hold, more than is in stock, and what we do not sell', async () => {
    const send = sendAs(app, (await memberWithSession(app)).cookies);
    const over = await send('PUT', '/api/shop/cart/items', {
      variant: 'tripplus-tee-navy-s',
      quantity: 6,
    });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ error: 'SHOP_QUANTITY', details: { max: 5 } });
    const scarce = await send('PUT', '/api/shop/cart/items', {
      variant: 'tripplus-tee-navy-xl',
      quantity: 4,
    });
    expect(scarce.statusCode).toBe(409);
    expect(scarce.json()).toMatchObject({ error: 'SHOP_OUT_OF_STOCK', details: { available: 3 } });
    const unknown = await send('PUT', '/api/shop/cart/items', {
      variant: 'no-such-variant',
      quantity: 1,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('checkout', () => {
  it('holds the stock, charges the server’s total with shipping and tax, delivers the eSIM code at once and the parcel through staff', async () => {
    const member = await memberWithSession(app, { language: 'zh-Hant' });
    const send = sendAs(app, member.cookies);
    await send('PUT', '/api/shop/cart/items?currency=TWD', {
      variant: 'great-circle-tee-m',
      quantity: 1,
    });
    await send('PUT', '/api/shop/cart/items?currency=TWD', {
      variant: 'esim-japan-5d',
      quantity: 1,
    });

    const missing = await send('POST', '/api/shop/orders', orderBody({ shipping: null }));
    expect(missing.json()).toMatchObject({ error: 'SHOP_ADDRESS_REQUIRED' });
    const badPhone = await send(
      'POST',
      '/api/shop/orders',
      orderBody({ shipping: { ...address, phone: '12' } }),
    );
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().fields).toHaveProperty(['shipping.phone']);

    const placed = await send('POST', '/api/shop/orders', orderBody());
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().order;
    // NT$750 + NT$350, shipping NT$80 under NT$1,500; Taiwan's 5% is inside the total.
    expect(order.totals).toEqual({
      currency: 'TWD',
      subtotal: 110_000,
      shipping: 8_000,
      tax: Math.round((118_000 * 5) / 105),
      taxMode: 'included',
      taxPercent: 5,
      total: 118_000,
    });
    expect(order.status).toBe('reserved');
    expect((await stockOf('great-circle-tee-m')).reserved).toBe(1);

    const paid = await pay(send, order.id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().payment).toMatchObject({
      status: 'succeeded',
      amount: 118_000,
      currency: 'TWD',
      purpose: 'shop',
    });
    const after = (await get(`/api/shop/orders/${order.id}`, member.cookies)).json().order;
    expect(after.status).toBe('paid');
    const esim = after.lines.find((line: { variant: string }) => line.variant === 'esim-japan-5d');
    expect(esim.codes).toHaveLength(1);
    expect(esim.codes[0]).toMatch(/^SAMPLE-/);
    expect(esim.simulatedSupplier).toBe(true);
    expect(await stockOf('great-circle-tee-m')).toMatchObject({ onHand: 9, reserved: 0 });
    expect(await stockOf('esim-japan-5d')).toMatchObject({ onHand: 19, reserved: 0 });
    // What was bought left the cart.
    expect((await get('/api/shop/cart', member.cookies)).json().cart.lines).toEqual([]);
    const receipt = await mailTo(order.number, 'shop-receipt');
    expect(receipt.subject).toContain(order.number);
    expect(receipt.textBody).toContain(esim.codes[0]);
    expect(receipt.textBody).toContain('範例碼');

    // Staff pack it, then ship it with a tracking number; the buyer is told in their language.
    const staff = await memberWithSession(app, { role: 'support' });
    const staffSend = sendAs(app, staff.cookies);
    const early = await staffSend('POST', `/api/admin/shop/orders/${order.id}/ship`, {
      carrier: 'Chunghwa Post',
      trackingNumber: 'RR123456789TW',
    });
    expect(early.json()).toMatchObject({ error: 'SHOP_ORDER_MOVED' });
    expect(
      (await staffSend('POST', `/api/admin/shop/orders/${order.id}/pack`)).json().order.status,
    ).toBe('packed');
    const shipped = await staffSend('POST', `/api/admin/shop/orders/${order.id}/ship`, {
      carrier: 'Chunghwa Post',
      trackingNumber: 'RR123456789TW',
    });
    expect(shipped.json().order).toMatchObject({
      status: 'shipped',
      carrier: 'Chunghwa Post',
      trackingNumber: 'RR123456789TW',
    });
    const told = await mailTo(order.number, 'shop-shipped');
    expect(told.textBody).toContain('RR123456789TW');
    expect(told.subject).toContain('已寄出');
    const audit = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `shop-order:${order.number}`));
    expect(audit.map((row) => row.action).sort()).toEqual(['shop.pack', 'shop.ship']);
    // The member cannot act as staff.
    expect((await send('POST', `/api/admin/shop/orders/${order.id}/deliver`)).statusCode).toBe(403);
  });

  it('delivers a download at once by a signed link that expires', async () => {
    const member = await memberWithSession(app);
    const send = sendAs(app, member.cookies);
    await send('PUT', '/api/shop/cart/items?currency=USD', {
      variant: 'award-handbook-en',
      quantity: 1,
    });
    const { order } = (
      await send(
        'POST',
        '/api/shop/orders',
        orderBody({ currency: 'USD', shipping: null, language: 'en' }),
      )
    ).json();
    expect(order.totals).toMatchObject({ shipping: null, total: 699, taxMode: 'included' });
    await pay(send, order.id);
    const done = (await get(`/api/shop/orders/${order.id}`, member.cookies)).json().order;
    expect(done.status).toBe('delivered');
    const link = new URL(done.lines[0].download.url);
    expect(link.origin).toBe('https://tripplus.example');
    const file = await get(`${link.pathname}${link.search}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // One hex digit of the signature changed (always to another digit).
    const forgedSearch = link.search.replace(
      /signature=([0-9a-f])/,
      (_, digit: string) => `signature=${digit === '0' ? '1' : '0'}`,
    );
    expect(forgedSearch).not.toBe(link.search);
    const forged = await get(`${link.pathname}${forgedSearch}`);
    expect(forged.statusCode).toBe(404);
    clock = new Date(clock.getTime() + 8 * 86_400_000);
    const late = await get(`${link.pathname}${link.search}`);
    expect(late.statusCode).toBe(410);
    expect(late.json().error).toBe('SHOP_LINK_EXPIRED');
    // The profile hands out a fresh link.
    const fresh = (await get(`/api/shop/orders/${order.id}`, member.cookies)).json().order.lines[0]
      .download.url;
    const again = new URL(fresh);
    expect((await get(`${again.pathname}${again.search}`)).statusCode).toBe(200);
  });

  it('lets a hold go after 15 minutes: the stock is back and paying is refused', async () => {
    const member = await memberWithSession(app);
    const send = sendAs(app, member.cookies);
    await send('PUT', '/api/shop/cart/items', { variant: 'canvas-tote', quantity: 2 });
    const { order } = (
      await send('POST', '/api/shop/orders', orderBody({ currency: 'USD' }))
    ).json();
    expect((await stockOf('canvas-tote')).reserved).toBe(2);
    clock = new Date(clock.getTime() + 16 * MINUTE);
    const refused = await pay(send, order.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('SHOP_HOLD_EXPIRED');
    expect(await stockOf('canvas-tote')).toMatchObject({ onHand: 25, reserved: 0 });
    const [row] = await app.database.db
      .select()
      .from(shopOrders)
      .where(eq(shopOrders.id, order.id));
    expect(row!.status).toBe('expired');
  });

  it('lets the job end holds nobody paid, and staff cancel and refund a paid parcel', async () => {
    const member = await memberWithSession(app);
    const send = sendAs(app, member.cookies);
    await send('PUT', '/api/shop/cart/items', { variant: 'packing-cubes', quantity: 1 });
    const { order: abandoned } = (
      await send('POST', '/api/shop/orders', orderBody({ currency: 'USD' }))
    ).json();
    clock = new Date(clock.getTime() + 20 * MINUTE);
    expect((await app.services.shop.orders.advance()).released).toBeGreaterThanOrEqual(1);
    expect(await stockOf('packing-cubes')).toMatchObject({ onHand: 20, reserved: 0 });
    expect(
      (await get(`/api/shop/orders/${abandoned.id}`, member.cookies)).json().order.status,
    ).toBe('expired');

    const { order } = (
      await send('POST', '/api/shop/orders', orderBody({ currency: 'USD' }))
    ).json();
    await pay(send, order.id);
    const admin = await memberWithSession(app, {
      role: 'admin',
      passwordHash: await hashPassword('thebosspassword'),
    });
    const unconfirmed = await sendAs(app, admin.cookies)(
      'POST',
      `/api/admin/shop/orders/${order.id}/cancel`,
    );
    expect(unconfirmed.statusCode).toBe(403);
    await sendAs(app, admin.cookies)('POST', '/api/admin/console/confirm', {
      password: 'the boss password',
    });
    const cancelled = await sendAs(app, admin.cookies)(
      'POST',
      `/api/admin/shop/orders/${order.id}/cancel`,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().order.status).toBe('refunded');
    expect(await stockOf('packing-cubes')).toMatchObject({ onHand: 20, reserved: 0 });
    expect((await mailTo(order.number, 'shop-refunded')).textBody).toContain(order.number);
  });
});

describe('the last item', () => {
  it('is held by one of two buyers confirming at once; the other is told it is gone, and only one pays', async () => {
    const buyers = await Promise.all([memberWithSession(app), memberWithSession(app)]);
    for (const buyer of buyers)
      expect(
        (
          await sendAs(app, buyer.cookies)('PUT', '/api/shop/cart/items', {
            variant: 'travel-tumbler',
            quantity: 1,
          })
        ).statusCode,
      ).toBe(200);
    const answers = await Promise.all(
      buyers.map((buyer) =>
        sendAs(app, buyer.cookies)('POST', '/api/shop/orders', orderBody({ currency: 'USD' })),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.statusCode === 409)!;
    expect(loser.json()).toMatchObject({
      error: 'SHOP_OUT_OF_STOCK',
      details: { variant: 'travel-tumbler', available: 0 },
    });
    const winner = buyers[answers.findIndex((answer) => answer.statusCode === 200)]!;
    const order = answers.find((answer) => answer.statusCode === 200)!.json().order;
    expect((await pay(sendAs(app, winner.cookies), order.id)).json().payment.status).toBe(
      'succeeded',
    );
    expect(await stockOf('travel-tumbler')).toMatchObject({ onHand: 0, reserved: 0 });
    const paid = await app.database.db
      .select()
      .from(shopOrders)
      .where(eq(shopOrders.status, 'paid'));
    expect(paid.filter((row) => row.id === order.id)).toHaveLength(1);
  });
});

describe('staff', () => {
  it('load a supplier’s codes, which add to stock once each, and count a parcel’s stock', async () => {
    const staff = sendAs(app, (await memberWithSession(app, { role: 'support' })).cookies);
    const before = await stockOf('lounge-pass-1');
    const loaded = await staff('POST', '/api/admin/shop/stock/lounge-pass-1/codes', {
      codes: ['LP-AAAA-1111', 'LP-AAAA-2222', 'LP-AAAA-1111'],
    });
    expect(loaded.json()).toMatchObject({ added: 2 });
    const again = await staff('POST', '/api/admin/shop/stock/lounge-pass-1/codes', {
      codes: ['LP-AAAA-1111'],
    });
    expect(again.statusCode).toBe(400);
    expect((await stockOf('lounge-pass-1')).onHand).toBe(before.onHand + 2);
    const codes = await app.database.db
      .select()
      .from(shopCodes)
      .where(eq(shopCodes.variantId, 'lounge-pass-1'));
    expect(codes.filter((code) => !code.sample)).toHaveLength(2);
    expect(
      (await staff('PUT', '/api/admin/shop/stock/canvas-tote', { onHand: 40 })).statusCode,
    ).toBe(200);
    expect((await stockOf('canvas-tote')).onHand).toBe(40);
    const console = (
      await get('/api/admin/shop', (await memberWithSession(app, { role: 'support' })).cookies)
    ).json();
    expect(
      console.stock.find((row: { variant: string }) => row.variant === 'canvas-tote'),
    ).toMatchObject({ onHand: 40, reserved: 0 });
  });
});

describe('a real site', () => {
  it('has no sample codes: a code product’s stock is the codes staff load', async () => {
    const { database, drop } = await createTestDatabase();
    try {
      const catalogue = new ShopCatalogue({
        db: database.db,
        data: shopData(),
        now: () => clock,
        sampleCodes: false,
      });
      const [esim] = await catalogue.list('travel');
      expect(esim!.simulatedSupplier).toBe(false);
      expect(esim!.variants.map((variant) => variant.available)).toEqual([0, 0, 0]);
      expect(await database.db.select().from(shopCodes)).toEqual([]);
      const tee = catalogue.product('tripplus-tee')!;
      expect((await catalogue.view(tee)).variants[0]!.available).toBe(12);
    } finally {
      await drop();
    }
  });
});

async function mailTo(number: string, template: string) {
  const rows = await app.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.template, template));
  const row = rows.find((mail) => mail.subject.includes(number));
  if (!row) throw new Error(`no ${template} mail for ${number}`);
  return row;
}
