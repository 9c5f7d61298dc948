import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignFile } from '../../../data/storefront.ts';
import { auditLog, contentRecords } from '../../db/schema/index.ts';
import { createTestApp, sendAs } from '../../test/app.ts';
import { memberWithSession } from '../../test/members.ts';

/**
 * Editors keep the storefront's sale campaigns in the staff console (docs/staff.md#content): a new
 * campaign is listed unconfirmed and priced nowhere; the preview prices it as the sale page would;
 * confirming it with its announcement puts it on the sale page, the checkout's price and the
 * programme's guide at once; each change is in the audit log; a broken one stores nothing.
 */
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let close: () => Promise<void>;
let editor: { cookies: Record<string, string> };
const TODAY = new Date('2026-11-27T12:00:00Z');
const EVA = 'https://www.evaair.com/en-global/infinity-mileagelands/buy-miles/';
// EVA's base price (data/storefront/programmes.json) is a confirmed US$40 per 1,000.
const TERMS = {
  start: '2026-11-25T00:00:00+08:00',
  end: '2026-12-10T23:59:00+08:00',
  discountPercent: 25,
  bonusLadder: [],
  flash: false,
  bonusCountsTowardCap: 'as-programme',
  source: EVA,
  checked: '2026-11-27',
};

beforeAll(async () => {
  ({ app, close } = await createTestApp({}, { now: () => TODAY }));
  editor = await memberWithSession(app, { role: 'editor', email: 'sale.editor@tripplus.test' });
});
afterAll(async () => close());

const send = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) =>
  sendAs(app, editor.cookies)(method, url, payload);
const salePage = async () =>
  (await app.inject('/api/storefront/programmes/eva-infinity')).json().programme;

describe('sale campaigns kept by editors', () => {
  it('lists every campaign of the data file with the programmes on sale', async () => {
    const list = (
      await app.inject({ url: '/api/admin/campaigns', cookies: editor.cookies })
    ).json();
    expect(list.campaigns.map((campaign: { id: string }) => campaign.id)).toEqual(
      campaignFile().campaigns.map((campaign) => campaign.id),
    );
    expect(list.programmes).toContainEqual(
      expect.objectContaining({ id: 'eva-infinity', timeZone: 'Asia/Taipei' }),
    );
  });

  it('adds a campaign unconfirmed, previews it priced, and sells it once confirmed', async () => {
    expect((await salePage()).campaign).toBeNull();
    const added = await send('POST', '/api/admin/campaigns', {
      programme: 'eva-infinity',
      ...TERMS,
    });
    expect(added.statusCode).toBe(200);
    const id = added.json().campaign.id;
    expect(added.json().campaign).toMatchObject({
      id: 'eva-infinity-2026-11',
      status: 'unconfirmed',
    });

    // Listed with its label, never priced, and no sale on the page.
    const unconfirmed = await salePage();
    expect(unconfirmed.campaign).toBeNull();
    expect(unconfirmed.pricePer1000).toBe(4000);
    expect(unconfirmed.history.find((row: { id: string }) => row.id === id)).toMatchObject({
      status: 'unconfirmed',
      pricePer1000: null,
    });

    // The preview shows the page as it will be: 25% off US$40.
    const preview = await send('POST', '/api/admin/campaigns/preview', {
      programme: 'eva-infinity',
      ...TERMS,
      replaces: id,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().programme).toMatchObject({
      pricePer1000: 3000,
      campaign: { id, discountPercent: 25 },
    });
    expect(preview.json().programme.priceTable[0]).toMatchObject({ quantity: 1000, amount: 3000 });
    expect((await salePage()).campaign).toBeNull();

    const confirmed = await send('POST', `/api/admin/campaigns/${id}/confirm`, {
      announcement: { url: EVA, date: '2026-11-24' },
      checked: '2026-11-27',
    });
    expect(confirmed.statusCode).toBe(200);
    const onSale = await salePage();
    expect(onSale).toMatchObject({ pricePer1000: 3000, campaign: { id, status: 'confirmed' } });
    // The programme's guide names the sale too.
    const guide = (await app.inject('/api/guides/eva-infinity')).json();
    expect(guide.sale).toMatchObject({ id, discountPercent: 25 });

    const [entry] = (await app.database.db.select().from(auditLog)).filter(
      (row) => row.subject === `storefront-campaign:${id}` && row.action.endsWith('confirm'),
    );
    expect(entry).toMatchObject({
      action: 'storefront-campaign.confirm',
      staffEmail: 'sale.editor@tripplus.test',
      before: { status: 'unconfirmed', announcement: null },
      after: { status: 'confirmed', announcement: { url: EVA, date: '2026-11-24' } },
    });

    // New terms keep it confirmed and change the price at once.
    const terms = await send('PUT', `/api/admin/campaigns/${id}`, {
      ...TERMS,
      discountPercent: 30,
    });
    expect(terms.statusCode).toBe(200);
    expect(terms.json().campaign).toMatchObject({ status: 'confirmed', discountPercent: 30 });
    expect((await salePage()).pricePer1000).toBe(2800);
    const [change] = (await app.database.db.select().from(auditLog)).filter(
      (row) => row.subject === `storefront-campaign:${id}` && row.action.endsWith('terms'),
    );
    expect(change).toMatchObject({
      before: { discountPercent: 25 },
      after: { discountPercent: 30 },
    });
  });

  it('refuses a campaign that ends before it starts, or of a programme not on sale, storing nothing', async () => {
    const stored = await app.database.db.select().from(contentRecords);
    const backwards = await send('POST', '/api/admin/campaigns', {
      programme: 'eva-infinity',
      ...TERMS,
      end: '2026-11-20T23:59:00+08:00',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ error: 'INVALID_INPUT' });
    const unknown = await send('POST', '/api/admin/campaigns', {
      programme: 'no-such-programme',
      ...TERMS,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      error: 'INVALID_INPUT',
      fields: { programme: 'unknown' },
    });
    const nothing = await send('POST', '/api/admin/campaigns', {
      programme: 'eva-infinity',
      ...TERMS,
      discountPercent: 0,
    });
    expect(nothing.statusCode).toBe(400);
    expect(await app.database.db.select().from(contentRecords)).toHaveLength(stored.length);
  });
});
