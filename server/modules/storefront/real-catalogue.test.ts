import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enforcedCap } from '../../../core/storefront/limits.ts';
import { storefrontData } from '../../../data/storefront.ts';
import { mailOutbox, members, storefrontOrders } from '../../db/schema/index.ts';
import { createTestApp, csrf } from '../../test/app.ts';
import { memberWithSession } from '../../test/members.ts';

/**
 * The storefront on the real catalogue of data/storefront/ (docs/data-audit.md#unknown-is-its-own-value):
 * every programme, one by one, takes an order only when its price and every limit the order rests
 * on are known, and refuses it otherwise with nothing stored; and a sale nobody announced (LifeMiles'
 * November 2026 entry, running on this clock) is listed with its label and changes no price: not the
 * programme's, not the list's, not the banner's, not a price alert's, not the explorer's.
 */
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let close: () => Promise<void>;
/** LifeMiles' unconfirmed sale of data/storefront/campaigns.json runs on this day. */
const clock = new Date('2026-11-27T03:00:00Z');

beforeAll(async () => {
  ({ app, close } = await createTestApp(
    { PUBLIC_URL: 'https://tripplus.example', RATE_LIMIT_SCALE: 100 },
    { now: () => clock },
  ));
});
afterAll(async () => close());

const get = (url: string) => app.inject({ method: 'GET', url });
const post = (url: string, cookies: Record<string, string>, payload: Record<string, unknown>) => {
  const { headers, cookies: csrfCookies } = csrf(cookies);
  return app.inject({
    method: 'POST',
    url,
    headers,
    cookies: { ...csrfCookies, ...cookies },
    payload,
  });
};
const details = {
  name: 'Mei Lin',
  email: 'mei@example.com',
  holderName: 'MEI LIN',
  address: { country: 'TW', line1: 'No. 7, Sec. 5, Xinyi Rd.', city: 'Taipei', postalCode: '110' },
};

describe('every programme of the real catalogue', () => {
  const programmes = storefrontData().programmes;

  it.each(programmes.map((programme) => [programme.id, programme] as const))(
    '%s takes an order only on a confirmed price and known limits',
    async (_id, programme) => {
      const { id: memberId, cookies } = await memberWithSession(app);
      const price = programme.basePrices.at(-1)!;
      const cap = enforcedCap(programme.annualCap);
      // What the data states, read here without the code under test: any unknown closes the programme.
      const known =
        !price.unconfirmed &&
        cap !== 'unknown' &&
        programme.maxPerOrder !== 'unknown' &&
        !(programme.maxPerOrder === 'none-stated' && cap === null);
      const detail = (await get(`/api/storefront/programmes/${programme.id}`)).json().programme;
      const order = (quantity: number) =>
        post('/api/storefront/orders', cookies, {
          programme: programme.id,
          quantity,
          account: { number: programme.account.example, name: 'MEI LIN' },
          details,
          language: 'en',
        });
      const stored = async () =>
        (
          await app.database.db
            .select()
            .from(storefrontOrders)
            .where(
              and(
                eq(storefrontOrders.memberId, memberId),
                eq(storefrontOrders.programme, programme.id),
              ),
            )
        ).length;

      if (!known) {
        expect(detail.orders).not.toBe('open');
        expect(detail.rules.maxPerOrder).toBeNull();
        const refused = await order(programme.minPerOrder);
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toMatchObject({ error: 'ORDERS_CLOSED' });
        expect(await stored()).toBe(0);
        return;
      }
      // Open: the largest order is the stated per-order maximum within the yearly cap (the lowest of a range), never more.
      const stated = typeof programme.maxPerOrder === 'number' ? programme.maxPerOrder : Infinity;
      const largest =
        Math.floor(Math.min(stated, cap ?? Infinity) / programme.increment) * programme.increment;
      expect(detail).toMatchObject({ orders: 'open', rules: { maxPerOrder: largest } });
      const quoted = await order(largest);
      expect(quoted.statusCode, quoted.body).toBe(200);
      expect(quoted.json().order.quantity).toBe(largest);
      const over = await order(largest + programme.increment);
      expect(over.statusCode).toBe(400);
      expect(over.json()).toMatchObject({ error: 'INVALID_QUANTITY' });
      expect(await stored()).toBe(1);
    },
  );

  it('leaves some programmes open: EVA Air and Virgin Atlantic state their price and limits', async () => {
    const list = (await get('/api/storefront/programmes')).json().programmes as {
      id: string;
      orders: string;
    }[];
    expect(
      list.filter((programme) => programme.orders === 'open').map((programme) => programme.id),
    ).toEqual(expect.arrayContaining(['eva-infinity', 'virgin-flying-club']));
    expect(list.find((programme) => programme.id === 'avianca-lifemiles')?.orders).toBe(
      'price-unconfirmed',
    );
  });
});

describe('an unconfirmed sale', () => {
  it('is listed with its label on the programme page and in the events, and priced nowhere', async () => {
    const { programme } = (await get('/api/storefront/programmes/avianca-lifemiles')).json();
    expect(programme).toMatchObject({ saleState: 'no-sale', campaign: null });
    expect(programme.pricePer1000).toBe(programme.basePricePer1000);
    expect(
      programme.priceTable.every(
        (row: { bonus: number; campaignId: string | null }) =>
          row.bonus === 0 && row.campaignId === null,
      ),
    ).toBe(true);
    expect(
      programme.history.find((view: { id: string }) => view.id === 'lifemiles-2026-11'),
    ).toMatchObject({
      state: 'ongoing',
      status: 'unconfirmed',
      announcement: null,
      pricePer1000: null,
    });
    // Its 120% bonus would make US$15 per 1,000; no low, no 12-month low comes from it.
    expect(programme.allTimeLow?.campaignId).not.toBe('lifemiles-2026-11');
    expect(programme.isLowest12Months).toBe(false);
    const event = (await get('/api/storefront/events'))
      .json()
      .events.find((row: { id: string }) => row.id === 'lifemiles-2026-11');
    expect(event).toMatchObject({ status: 'unconfirmed', pricePer1000: null });
    const listed = (await get('/api/storefront/programmes'))
      .json()
      .programmes.find((row: { id: string }) => row.id === 'avianca-lifemiles');
    expect(listed).toMatchObject({ campaign: null, saleState: 'no-sale' });
  });

  it('puts no sale in the banner and sends no price alert', async () => {
    const promotion = (await get('/api/promotions/current?lang=en')).json().promotion;
    expect(promotion?.id ?? '').not.toMatch(/^sale:/);
    const { id, cookies } = await memberWithSession(app);
    // A target above any price: only a sale could be reported, and none is confirmed.
    for (const programme of ['avianca-lifemiles', 'aadvantage', 'aeroplan', 'eva-infinity'])
      expect(
        (await post('/api/storefront/alerts', cookies, { programme, target: 100_000 })).statusCode,
      ).toBe(200);
    expect(await app.priceAlerts.notify(clock)).toBe(0);
    const [member] = await app.database.db.select().from(members).where(eq(members.id, id));
    expect(
      await app.database.db
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.toAddress, member!.email!),
            eq(mailOutbox.template, 'storefront-price-alert'),
          ),
        ),
    ).toHaveLength(0);
  });

  it('changes no price in the redeem explorer: no purchase is planned at a sale price or at an unconfirmed base price', async () => {
    const answer = (
      await get('/api/explorer?amount=20000&source=citi-typ&origin=TPE&cabin=economy&buy=1')
    ).json();
    const buys = answer.result.destinations.flatMap(
      (destination: { buy: { programme: string; campaign: unknown } | null }) =>
        destination.buy ? [destination.buy] : [],
    );
    expect(buys.length, 'some purchase is planned at a confirmed price').toBeGreaterThan(0);
    expect(buys.every((buy: { campaign: unknown }) => buy.campaign === null)).toBe(true);
    expect(buys.map((buy: { programme: string }) => buy.programme)).not.toContain(
      'avianca-lifemiles',
    );
  });
});
