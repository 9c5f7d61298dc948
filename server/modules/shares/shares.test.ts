import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ServedConvenienceStoresSchema,
  insideTaiwan,
} from '../../../core/shares/convenience-stores.ts';
import {
  auditLog,
  mailOutbox,
  renewalOffers,
  sharedStores,
  shareRevisions,
  storeCards,
} from '../../db/schema/index.ts';
import { createTestApp, csrf } from '../../test/app.ts';
import { memberWithSession } from '../../test/members.ts';
import { syncSampleShares } from './sample-data.ts';

/**
 * Shared data through the API (docs/shares.md): renewal offers and their 12-month summary, store
 * records with one record per store and the spec's checks in order, ownership (403 and nothing
 * changed), saved stores, 'report this' and staff hiding, sample data, and the 7-ELEVEN file.
 * One file past 400 lines on purpose: the cases share one app and one clock, and the store cases
 * build on what the renewal cases leave (the overview's order); each describe reads on its own.
 */
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let close: () => Promise<void>;
const clock = new Date('2026-11-27T03:00:00Z');

beforeAll(async () => {
  ({ app, close } = await createTestApp({ RATE_LIMIT_SCALE: 100 }, { now: () => clock }));
});
afterAll(async () => close());

const send = (
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookies: Record<string, string>,
  payload?: unknown,
) => {
  const { headers, cookies: csrfCookies } = csrf(cookies);
  return app.inject({
    method,
    url,
    headers,
    cookies: { ...csrfCookies, ...cookies },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
};
const get = (url: string, cookies: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, cookies });

const offer = (overrides: Record<string, unknown> = {}) => ({
  inquiredOn: '2026-11-01',
  annualSpend: 30_000,
  heldYears: 2,
  heldMonths: 3,
  requirementSpend: 4_000,
  requirementMonths: 3,
  offerReceived: true,
  offerType: 'points',
  offerAmount: 40_000,
  detail: 'Called the number on the back of the card.',
  note: '',
  ...overrides,
});

describe('renewal offers', () => {
  it('shows no summary below 5 reports of the last 12 months, then the share with its Wilson interval and the medians', async () => {
    const { cookies } = await memberWithSession(app);
    const url = '/api/renewal-offers/cards/amex-gold';
    const reports = [
      offer({ inquiredOn: '2026-11-20', offerAmount: 20_000, requirementSpend: 2_000 }),
      offer({
        inquiredOn: '2026-09-02',
        offerReceived: false,
        offerType: 'none',
        offerAmount: null,
        requirementSpend: null,
        requirementMonths: null,
      }),
      offer({ inquiredOn: '2026-06-15', offerAmount: 30_000, requirementSpend: 3_000 }),
      offer({
        inquiredOn: '2026-03-01',
        offerType: 'cash',
        offerAmount: 100,
        requirementSpend: null,
        requirementMonths: null,
      }),
      // Older than 12 months: listed, but not in the summary.
      offer({ inquiredOn: '2025-10-01', offerAmount: 90_000 }),
    ];
    for (const report of reports)
      expect((await send('POST', url, cookies, report)).statusCode).toBe(200);
    const four = (await get(url)).json();
    expect(four.summary).toMatchObject({
      reports: 4,
      enough: false,
      offerRate: null,
      medianPoints: null,
    });

    expect(
      (
        await send(
          'POST',
          url,
          cookies,
          offer({ inquiredOn: '2026-11-25', offerAmount: 25_000, requirementSpend: 4_000 }),
        )
      ).statusCode,
    ).toBe(200);
    const five = (await get(url)).json();
    expect(five.summary).toMatchObject({
      reports: 5,
      enough: true,
      offered: 4,
      offerRate: 0.8,
      medianPoints: 25_000,
      medianCash: 100,
      medianRequiredSpend: 3_000,
    });
    // Wilson 95% for 4 of 5: 0.3755 to 0.9638.
    expect(five.summary.offerRateLow).toBeCloseTo(0.37553, 4);
    expect(five.summary.offerRateHigh).toBeCloseTo(0.96378, 4);
    // Newest inquiry first; the 24-month default window keeps the old one; filters narrow it.
    expect(five.reports.map((report: { inquiredOn: string }) => report.inquiredOn)).toEqual([
      '2026-11-25',
      '2026-11-20',
      '2026-09-02',
      '2026-06-15',
      '2026-03-01',
      '2025-10-01',
    ]);
    expect((await get(`${url}?months=3`)).json().reports).toHaveLength(3);
    expect((await get(`${url}?offerType=cash`)).json().reports).toHaveLength(1);
    expect(five.reports.every((report: { mine: boolean }) => report.mine === false)).toBe(true);
    expect(
      (await get(url, cookies)).json().reports.every((report: { mine: boolean }) => report.mine),
    ).toBe(true);

    const overview = (await get('/api/renewal-offers')).json().cards;
    expect(overview[0]).toMatchObject({
      card: { id: 'amex-gold', country: 'US' },
      summary: { reports: 5 },
    });
  });

  it('refuses a report with the first problem named, and stores nothing', async () => {
    const { cookies } = await memberWithSession(app);
    const url = '/api/renewal-offers/cards/chase-sapphire-preferred';
    const problemOf = async (report: Record<string, unknown>) => {
      const response = await send('POST', url, cookies, report);
      expect(response.statusCode).toBe(400);
      return response.json().details?.problem ?? response.json().error;
    };
    expect(await problemOf(offer({ inquiredOn: '2026-12-01' }))).toBe('dateInFuture');
    // A day that does not exist is refused by the schema, not rolled over to 2 March.
    expect(await problemOf(offer({ inquiredOn: '2026-02-30' }))).toBe('INVALID_INPUT');
    expect(await problemOf(offer({ heldMonths: 12 }))).toBe('heldInvalid');
    expect(await problemOf(offer({ requirementMonths: null }))).toBe('requirementIncomplete');
    expect(await problemOf(offer({ offerReceived: false }))).toBe('offerTypeMismatch');
    expect(await problemOf(offer({ offerAmount: null }))).toBe('amountMissing');
    expect(await problemOf(offer({ note: 'x'.repeat(501) }))).toBe('INVALID_INPUT');
    expect(
      (await send('POST', '/api/renewal-offers/cards/no-such-card', cookies, offer())).json().error,
    ).toBe('UNKNOWN_CARD');
    expect(
      await app.database.db
        .select()
        .from(renewalOffers)
        .where(eq(renewalOffers.cardId, 'chase-sapphire-preferred')),
    ).toHaveLength(0);
    expect((await get('/api/stores/saved')).json().error).toBe('NOT_SIGNED_IN');
  });

  it('lets only the member who shared a report change or delete it; an edit is counted and the version before kept', async () => {
    const owner = await memberWithSession(app);
    const other = await memberWithSession(app);
    const created = (
      await send('POST', '/api/renewal-offers/cards/amex-platinum', owner.cookies, offer())
    ).json().report;
    const changed = offer({ offerAmount: 60_000 });
    const refused = await send(
      'PUT',
      `/api/renewal-offers/reports/${created.id}`,
      other.cookies,
      changed,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('FORBIDDEN');
    expect(
      (await send('DELETE', `/api/renewal-offers/reports/${created.id}`, other.cookies)).statusCode,
    ).toBe(403);
    const [unchanged] = await app.database.db
      .select()
      .from(renewalOffers)
      .where(eq(renewalOffers.id, created.id));
    expect(unchanged).toMatchObject({ offerAmount: 40_000, editCount: 0 });

    const edited = (
      await send('PUT', `/api/renewal-offers/reports/${created.id}`, owner.cookies, changed)
    ).json().report;
    expect(edited).toMatchObject({ offerAmount: 60_000, editCount: 1, mine: true });
    expect(
      await app.database.db
        .select()
        .from(shareRevisions)
        .where(eq(shareRevisions.recordId, created.id)),
    ).toHaveLength(1);
    expect(
      (await send('DELETE', `/api/renewal-offers/reports/${created.id}`, owner.cookies)).statusCode,
    ).toBe(200);
    expect(
      await app.database.db.select().from(renewalOffers).where(eq(renewalOffers.id, created.id)),
    ).toHaveLength(0);
  });
});

const store = (overrides: Record<string, unknown> = {}) => ({
  name: 'Costco 好市多',
  type: 'physical',
  category: 'supermarket',
  paymentMethods: ['credit-card'],
  usCardSupport: 'support',
  cards: [
    {
      cardId: 'citi-double-cash',
      cardName: '',
      network: 'mastercard',
      entry: 'chip',
      result: 'approved',
      acquirer: '',
      note: 'Only Mastercard at the till.',
    },
  ],
  ...overrides,
});

describe('stores taking US cards', () => {
  it('checks a share in the spec’s order: name, a payment method, the support, a card', async () => {
    const { cookies } = await memberWithSession(app);
    const problemOf = async (body: Record<string, unknown>) =>
      (await send('POST', '/api/stores', cookies, body)).json().details.problem;
    expect(
      await problemOf(store({ name: '  ', paymentMethods: [], usCardSupport: null, cards: [] })),
    ).toBe('nameMissing');
    expect(await problemOf(store({ paymentMethods: [], usCardSupport: null, cards: [] }))).toBe(
      'paymentMissing',
    );
    expect(await problemOf(store({ usCardSupport: null, cards: [] }))).toBe('supportMissing');
    expect(await problemOf(store({ cards: [] }))).toBe('cardMissing');
    expect(await problemOf(store({ cards: [{ ...store().cards[0], result: 'declined' }] }))).toBe(
      'supportedCardMissing',
    );
    expect(await problemOf(store({ name: '好'.repeat(61) }))).toBe('nameTooLong');
    // A character that draws nothing would make a second record look like the first.
    for (const name of [
      'Cost\u200bco 好市多',
      'Costco\u2060好市多',
      '\u202eCostco',
      'Cost\u00adco',
    ])
      expect(await problemOf(store({ name })), JSON.stringify(name)).toBe('nameInvisible');
    expect(await app.database.db.select().from(sharedStores)).toHaveLength(0);
  });

  it('keeps one record per store: the same name written another way is refused with the record to edit', async () => {
    const owner = await memberWithSession(app);
    const created = await send('POST', '/api/stores', owner.cookies, store());
    expect(created.statusCode, created.body).toBe(200);
    const record = created.json().store;
    expect(record).toMatchObject({
      name: 'Costco 好市多',
      usCardSupport: 'support',
      mine: true,
      editCount: 0,
      cards: [{ network: 'mastercard', result: 'approved', mine: true, sharedBy: 'owner' }],
    });
    // Other cases, widths and word orders, and letters of other scripts that look the same
    // (Cyrillic С and о, a zero for an o).
    for (const name of [
      'COSTCO好市多',
      '好市多 costco',
      'ｃｏｓｔｃｏ　好市多',
      'Сostco 好市多',
      'Cоstcо 好市多',
      'C0stco 好市多',
    ]) {
      const again = await send('POST', '/api/stores', owner.cookies, store({ name }));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        error: 'STORE_NAME_TAKEN',
        details: { slug: record.slug, name: 'Costco 好市多', mine: 'yes' },
      });
    }
    // Traditional and Simplified are one name too.
    await send('POST', '/api/stores', owner.cookies, store({ name: '全聯福利中心' }));
    expect(
      (await send('POST', '/api/stores', owner.cookies, store({ name: '全联福利中心' }))).json()
        .error,
    ).toBe('STORE_NAME_TAKEN');

    const other = await memberWithSession(app);
    expect(
      (await send('POST', '/api/stores', other.cookies, store({ name: 'costco 好市多' }))).json()
        .details.mine,
    ).toBe('no');
    // Found by search in the other script and width.
    expect(
      (await get('/api/stores?q=ＣＯＳＴＣＯ'))
        .json()
        .stores.map((found: { slug: string }) => found.slug),
    ).toContain(record.slug);
  });

  it('lets only the owner change or delete the record; another member adds their own card', async () => {
    const owner = await memberWithSession(app);
    const other = await memberWithSession(app);
    const record = (
      await send('POST', '/api/stores', owner.cookies, store({ name: '誠品書店' }))
    ).json().store;

    const refused = await send(
      'PUT',
      `/api/stores/${record.id}`,
      other.cookies,
      store({
        name: '誠品書店',
        usCardSupport: 'not-support',
        cards: [{ ...store().cards[0], result: 'declined' }],
      }),
    );
    expect(refused.statusCode).toBe(403);
    expect((await send('DELETE', `/api/stores/${record.id}`, other.cookies)).statusCode).toBe(403);
    const [unchanged] = await app.database.db
      .select()
      .from(sharedStores)
      .where(eq(sharedStores.id, record.id));
    expect(unchanged).toMatchObject({ usCardSupport: 'support', editCount: 0 });

    const withCard = await send('PUT', `/api/stores/${record.id}/my-cards`, other.cookies, {
      cards: [
        {
          cardId: 'amex-gold',
          cardName: '',
          network: 'amex',
          entry: 'contactless',
          result: 'declined',
          acquirer: '',
          note: '',
        },
      ],
    });
    expect(withCard.statusCode, withCard.body).toBe(200);
    expect(withCard.json().store.cards).toHaveLength(2);
    expect(withCard.json().store.cards[1]).toMatchObject({
      network: 'amex',
      mine: true,
      sharedBy: 'member',
    });

    const edited = await send(
      'PUT',
      `/api/stores/${record.id}`,
      owner.cookies,
      store({ name: '誠品書店 eslite', category: 'others' }),
    );
    expect(edited.json().store).toMatchObject({
      name: '誠品書店 eslite',
      category: 'others',
      editCount: 1,
    });
    // The other member's card stays on the record through the owner's edit.
    expect(edited.json().store.cards).toHaveLength(2);
    expect(
      await app.database.db.select().from(storeCards).where(eq(storeCards.storeId, record.id)),
    ).toHaveLength(2);
  });

  it('keeps saved stores for the member, takes reports for staff, and staff hide a record', async () => {
    const owner = await memberWithSession(app);
    const reader = await memberWithSession(app);
    const staff = await memberWithSession(app, { role: 'admin' });
    const record = (
      await send(
        'POST',
        '/api/stores',
        owner.cookies,
        store({ name: 'Uber Eats', type: 'online', category: 'delivery' }),
      )
    ).json().store;

    expect(
      (await send('PUT', `/api/stores/${record.id}/saved`, reader.cookies, { saved: true }))
        .statusCode,
    ).toBe(200);
    expect(
      (await get('/api/stores/saved', reader.cookies))
        .json()
        .stores.map((found: { id: string }) => found.id),
    ).toEqual([record.id]);
    expect((await get(`/api/stores/${record.slug}`, reader.cookies)).json().store.saved).toBe(true);

    expect(
      (await send('POST', `/api/stores/${record.id}/flag`, reader.cookies, { reason: 'wrong' }))
        .statusCode,
    ).toBe(200);
    expect((await get('/api/admin/shares/flags', reader.cookies)).statusCode).toBe(403);
    const flagged = (await get('/api/admin/shares/flags', staff.cookies)).json().flagged;
    expect(flagged).toContainEqual(
      expect.objectContaining({
        kind: 'store',
        recordId: record.id,
        label: 'Uber Eats',
        reports: 1,
        reasons: ['wrong'],
      }),
    );

    expect(
      (
        await send('POST', `/api/admin/shares/flags/store/${record.id}`, staff.cookies, {
          hide: true,
        })
      ).statusCode,
    ).toBe(200);
    expect((await get(`/api/stores/${record.slug}`)).statusCode).toBe(404);
    expect((await get('/api/stores?q=uber')).json().stores).toHaveLength(0);
    expect(
      (await get('/api/admin/shares/flags', staff.cookies))
        .json()
        .flagged.some((entry: { recordId: string }) => entry.recordId === record.id),
    ).toBe(false);
    const log = (await get(`/api/admin/audit?subject=store:${record.id}`, staff.cookies)).json();
    expect(
      log.entries.map((entry: { staffId: string; action: string; after: unknown }) => [
        entry.staffId,
        entry.action,
        entry.after,
      ]),
    ).toEqual([[staff.id, 'share.hide', { hidden: true }]]);

    // Hidden by mistake: staff find it among the hidden and restore it.
    const hidden = (await get('/api/admin/shares/hidden', staff.cookies)).json().hidden;
    expect(hidden).toContainEqual(
      expect.objectContaining({ kind: 'store', recordId: record.id, label: 'Uber Eats' }),
    );
    expect(
      (await send('POST', `/api/admin/shares/hidden/store/${record.id}/restore`, staff.cookies))
        .statusCode,
    ).toBe(200);
    expect((await get(`/api/stores/${record.slug}`)).statusCode).toBe(200);
    expect(
      (await get('/api/admin/shares/hidden', staff.cookies))
        .json()
        .hidden.some((entry: { recordId: string }) => entry.recordId === record.id),
    ).toBe(false);
  });

  it('warns the author of a reported record it keeps shown, by e-mail with staff’s note', async () => {
    const owner = await memberWithSession(app, { email: 'store.owner@tripplus.test' });
    const reader = await memberWithSession(app);
    const support = await memberWithSession(app, { role: 'support' });
    const record = (
      await send(
        'POST',
        '/api/stores',
        owner.cookies,
        store({ name: 'Shopee Taiwan', type: 'online', category: 'online-shopping' }),
      )
    ).json().store;
    await send('POST', `/api/stores/${record.id}/flag`, reader.cookies, { reason: 'wrong' });
    const blank = await send(
      'POST',
      `/api/admin/shares/flags/store/${record.id}/warn`,
      support.cookies,
      { note: ' ' },
    );
    expect(blank.statusCode).toBe(400);
    const warned = await send(
      'POST',
      `/api/admin/shares/flags/store/${record.id}/warn`,
      support.cookies,
      { note: 'Shopee takes US cards only through PayPal; please say so.' },
    );
    expect(warned.statusCode).toBe(200);
    const [mail] = await app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'store.owner@tripplus.test'));
    expect(mail).toMatchObject({ template: 'share-warning' });
    expect(mail!.textBody).toContain('Shopee takes US cards only through PayPal; please say so.');
    expect(mail!.textBody).toContain('Shopee Taiwan');
    // Kept shown, its reports closed, the note in the audit log.
    expect((await get(`/api/stores/${record.slug}`)).statusCode).toBe(200);
    expect(
      (await get('/api/admin/shares/flags', support.cookies))
        .json()
        .flagged.some((entry: { recordId: string }) => entry.recordId === record.id),
    ).toBe(false);
    const [entry] = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `store:${record.id}`));
    expect(entry).toMatchObject({
      action: 'share.warn',
      after: {
        warned: owner.id,
        note: 'Shopee takes US cards only through PayPal; please say so.',
      },
    });
  });
});

describe('/static/711_stores.json', () => {
  it('serves real 7-ELEVEN stores, every one inside Taiwan, compressed and with the support members report', async () => {
    const plain = await get('/static/711_stores.json');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toContain('max-age');
    const file = ServedConvenienceStoresSchema.parse(plain.json());
    expect(file.stores.length).toBeGreaterThan(6000);
    expect(
      file.stores.every((entry) => insideTaiwan(entry.lat, entry.lon) && entry.address.length > 0),
    ).toBe(true);
    expect(file.stores).toContainEqual(
      expect.objectContaining({ name: '小巨蛋', city: '台北市', district: '松山區' }),
    );
    expect(file.usCardSupport.state).toBe('unknown');

    const gzip = await app.inject({
      method: 'GET',
      url: '/static/711_stores.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString()).stores).toHaveLength(
      file.stores.length,
    );
    const br = await app.inject({
      method: 'GET',
      url: '/static/711_stores.json',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString()).stores).toHaveLength(
      file.stores.length,
    );
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/static/711_stores.json',
          headers: { 'if-none-match': String(plain.headers.etag) },
        })
      ).statusCode,
    ).toBe(304);

    // A member's record for the chain sets every store's support state.
    const { cookies } = await memberWithSession(app);
    expect(
      (
        await send(
          'POST',
          '/api/stores',
          cookies,
          store({
            name: '統一超商 7-ELEVEN',
            category: 'convenience',
            paymentMethods: ['credit-card', 'apple-pay'],
          }),
        )
      ).statusCode,
    ).toBe(200);
    const after = ServedConvenienceStoresSchema.parse(
      (await get('/static/711_stores.json')).json(),
    );
    expect(after.usCardSupport.state).toBe('support');
    expect(after.stores.every((entry) => entry.usCard === 'support')).toBe(true);
  });
});

describe('sample data', () => {
  it('fills a fresh install with labelled samples, and the setting turned off removes them', async () => {
    const db = app.database.db;
    await syncSampleShares(db, true, clock);
    const samples = (await get('/api/stores?q=全家')).json().stores;
    expect(samples[0]).toMatchObject({ sample: true, mine: false });
    expect(
      (await get('/api/renewal-offers/cards/chase-sapphire-reserve')).json().summary,
    ).toMatchObject({ enough: true, reports: 6, samples: 6 });
    // Every sample's text comes in each language, so no page shows a sample in another language.
    const reports = (await get('/api/renewal-offers/cards/chase-sapphire-reserve')).json()
      .reports as { detail: string; translated: Record<string, Record<string, string> | null> }[];
    const written = reports.filter((report) => report.detail);
    expect(written.length).toBeGreaterThan(0);
    for (const report of written)
      expect(Object.keys(report.translated.detail ?? {}).sort()).toEqual([
        'en',
        'zh-Hans',
        'zh-Hant',
      ]);
    expect(written.map((report) => report.translated.detail?.['zh-Hant'])).toContain(
      '他們改為建議換成其他卡種。',
    );
    const noted = (await get('/api/stores')).json().stores.flatMap(
      (entry: {
        cards: {
          note: string;
          sharedBy: string;
          noteTranslated: Record<string, string> | null;
        }[];
      }) => entry.cards.filter((card) => card.note && card.sharedBy === 'sample'),
    );
    expect(noted.length).toBeGreaterThan(0);
    for (const card of noted) expect(card.noteTranslated?.['zh-Hans'], card.note).toMatch(/\S/);
    // Sample records belong to no member: nobody can change them.
    const { cookies } = await memberWithSession(app);
    expect(
      (await send('PUT', `/api/stores/${samples[0].id}`, cookies, store({ name: '全家' })))
        .statusCode,
    ).toBe(403);
    await syncSampleShares(db, false, clock);
    expect(await db.select().from(sharedStores).where(eq(sharedStores.sample, true))).toHaveLength(
      0,
    );
    expect(
      await db.select().from(renewalOffers).where(eq(renewalOffers.sample, true)),
    ).toHaveLength(0);
  });
});
