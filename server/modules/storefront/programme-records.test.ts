import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { createTestApp, sendAs } from '../../test/app.ts';
import { memberWithSession } from '../../test/members.ts';

/**
 * Editors enter a programme's new base price in the staff console (docs/staff.md#content): the sale
 * page and the checkout's price change at once, the earlier price ends the day before, the
 * programme's guide quotes the new price (one transaction), and both changes are in the audit log;
 * a price dated in the future or before the current one is refused and nothing changes.
 */
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let close: () => Promise<void>;
let editor: { id: string; cookies: Record<string, string> };
const SOURCE = 'https://www.evaair.com/en-global/infinity-mileagelands/buy-miles/';

beforeAll(async () => {
  ({ app, close } = await createTestApp({}, { now: () => new Date('2026-11-27T12:00:00Z') }));
  editor = await memberWithSession(app, { role: 'editor', email: 'price.editor@tripplus.test' });
});
afterAll(async () => close());

const post = (url: string, payload: Record<string, unknown>) =>
  sendAs(app, editor.cookies)('POST', url, payload);
const salePage = async () =>
  (await app.inject('/api/storefront/programmes/eva-infinity')).json().programme;

describe('storefront base prices kept by editors', () => {
  it('enters a new price: the sale page and the guide quote it at once, the old one ends the day before', async () => {
    const list = (
      await app.inject({ url: '/api/admin/storefront-programmes', cookies: editor.cookies })
    ).json();
    const eva = list.programmes.find(
      (row: { programme: { id: string } }) => row.programme.id === 'eva-infinity',
    );
    expect(eva.name.en).toBe('EVA Infinity MileageLands');
    expect((await salePage()).basePricePer1000).toBe(4000);

    const saved = await post('/api/admin/storefront-programmes/eva-infinity/prices', {
      since: '2026-11-27',
      amount: 38,
      source: SOURCE,
      checked: '2026-11-27',
    });
    expect(saved.statusCode).toBe(200);
    const page = await salePage();
    expect(page.basePricePer1000).toBe(3800);
    expect(page.basePrices).toEqual([
      { since: null, until: '2026-11-26', pricePer1000: 4000 },
      { since: '2026-11-27', until: null, pricePer1000: 3800 },
    ]);
    const guide = (await app.inject('/api/guides/eva-infinity')).json().guide;
    expect(guide.rules.purchase.pricePer1000).toEqual({ amount: 38, currency: 'USD' });
    const actions = (await app.database.db.select().from(auditLog)).map((row) => [
      row.action,
      row.subject,
    ]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['storefront-programme.price', 'storefront-programme:eva-infinity'],
        ['guide.purchase-price', 'guide:eva-infinity'],
      ]),
    );
  });

  it('refuses a price dated after today or not after the current one, changing nothing', async () => {
    const before = await salePage();
    const future = await post('/api/admin/storefront-programmes/eva-infinity/prices', {
      since: '2026-12-01',
      amount: 35,
      source: SOURCE,
      checked: '2026-11-27',
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().fields).toEqual({ since: 'future' });
    const earlier = await post('/api/admin/storefront-programmes/eva-infinity/prices', {
      since: '2026-11-20',
      amount: 35,
      source: SOURCE,
      checked: '2026-11-27',
    });
    expect(earlier.statusCode).toBe(400);
    expect(earlier.json().fields).toEqual({ since: 'not-after-current' });
    expect(await salePage()).toEqual(before);
  });
});
