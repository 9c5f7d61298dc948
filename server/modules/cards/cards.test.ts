import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { US_BANKS, type Card } from '../../../core/cards/card.ts';
import { LIMITS } from '../../../core/limits.ts';
import { walletBalances, walletCards } from '../../db/schema/index.ts';
import { createTestApp, csrf } from '../../test/app.ts';
import { memberWithSession } from '../../test/members.ts';

/**
 * CardPlus through the API: the card list with its filters and one card, the wallet with its
 * limits (docs/product/cards.md#wallet; also under concurrent adds), and card-holder preferences.
 */
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let close: () => Promise<void>;
let all: Card[];

beforeAll(async () => {
  ({ app, close } = await createTestApp());
  all = (await app.inject({ method: 'GET', url: '/api/cards' })).json().cards;
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

describe('GET /api/cards', () => {
  it('lists at least 60 US cards of the seven issuers and 20 Taiwan cards, each with a source and a date', async () => {
    const response = await get('/api/cards');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ok: true, total: all.length });
    const us = all.filter((card) => card.country === 'US');
    expect(us.length).toBeGreaterThanOrEqual(60);
    expect(new Set(us.map((card) => card.bank))).toEqual(new Set(US_BANKS));
    expect(all.filter((card) => card.country === 'TW').length).toBeGreaterThanOrEqual(20);
    for (const card of all) {
      expect(card.source, card.id).toMatch(/^https:\/\//);
      expect(card.asOf, card.id).toMatch(/^20\d\d-\d\d-\d\d$/);
      expect(card.name['zh-Hant'], card.id).not.toBe('');
    }
  });

  it('filters by bank, type and business or personal, and says which parameter is wrong', async () => {
    const chase = (await get('/api/cards?bank=chase')).json().cards as Card[];
    expect(chase.length).toBeGreaterThan(0);
    expect(chase.every((card) => card.bank === 'chase')).toBe(true);
    const business = (await get('/api/cards?type=business')).json().cards as Card[];
    expect(business.length).toBeGreaterThan(0);
    expect(business.every((card) => card.business)).toBe(true);
    expect((await get('/api/cards?business=true')).json().cards).toEqual(business);
    const personalHotel = (await get('/api/cards?type=hotel&business=personal')).json()
      .cards as Card[];
    expect(personalHotel.length).toBeGreaterThan(0);
    expect(personalHotel.every((card) => card.kind === 'hotel' && !card.business)).toBe(true);
    const twoBanks = (await get('/api/cards?bank=citi,capital-one')).json().cards as Card[];
    expect(new Set(twoBanks.map((card) => card.bank))).toEqual(new Set(['citi', 'capital-one']));
    const bad = await get('/api/cards?bank=nobank');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ ok: false, error: 'INVALID_INPUT' });
    expect(Object.keys(bad.json().fields)).toEqual(['bank.0']);
  });

  it('answers one card with its currency and transfer partners, and 404 for an unknown one', async () => {
    const sapphire = all.find((card) => card.earns === 'chase-ur' && card.annualFee > 0)!;
    const response = (await get(`/api/cards/${sapphire.id}`)).json();
    expect(response.card).toEqual(sapphire);
    expect(response.currency).toMatchObject({ id: 'chase-ur', kind: 'bank' });
    expect(response.partners).toContainEqual(
      expect.objectContaining({
        programme: 'united-mileageplus',
        kind: 'airline',
        ratio: { from: 1, to: 1 },
      }),
    );
    expect(response.partners).toContainEqual(
      expect.objectContaining({ programme: 'world-of-hyatt', kind: 'hotel' }),
    );
    const missing = await get('/api/cards/no-such-card');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ ok: false, error: 'NOT_FOUND' });
  });
});

describe('the wallet', () => {
  it('is for members only', async () => {
    expect((await get('/api/wallet')).statusCode).toBe(401);
    expect((await send('POST', '/api/wallet/cards', {}, { cardId: all[0]!.id })).statusCode).toBe(
      401,
    );
  });

  it(`keeps at most ${LIMITS.wallet.maxCards} cards and says so at the limit`, async () => {
    const { id, cookies } = await memberWithSession(app);
    for (const card of all.slice(0, LIMITS.wallet.maxCards)) {
      expect(
        (await send('POST', '/api/wallet/cards', cookies, { cardId: card.id, since: '2024-05' }))
          .statusCode,
      ).toBe(200);
    }
    // Adding one already held changes its month, not the count.
    const again = await send('POST', '/api/wallet/cards', cookies, {
      cardId: all[0]!.id,
      since: '2023-01',
    });
    expect(again.json().wallet.cards).toHaveLength(LIMITS.wallet.maxCards);
    expect(again.json().wallet.cards[0]).toEqual({ cardId: all[0]!.id, since: '2023-01' });
    const full = await send('POST', '/api/wallet/cards', cookies, {
      cardId: all[LIMITS.wallet.maxCards]!.id,
    });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ error: 'WALLET_CARDS_FULL' });
    expect(
      await app.database.db.select().from(walletCards).where(eq(walletCards.memberId, id)),
    ).toHaveLength(LIMITS.wallet.maxCards);
    const removed = await send('DELETE', `/api/wallet/cards/${all[1]!.id}`, cookies);
    expect(
      removed.json().wallet.cards.map((card: { cardId: string }) => card.cardId),
    ).not.toContain(all[1]!.id);
    expect(
      (
        await send('POST', '/api/wallet/cards', cookies, {
          cardId: all[LIMITS.wallet.maxCards]!.id,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('lets only one of two cards added at once take the last place', async () => {
    const { id, cookies } = await memberWithSession(app);
    for (const card of all.slice(0, LIMITS.wallet.maxCards - 1))
      await send('POST', '/api/wallet/cards', cookies, { cardId: card.id });
    const [first, second] = await Promise.all([
      send('POST', '/api/wallet/cards', cookies, { cardId: all[20]!.id }),
      send('POST', '/api/wallet/cards', cookies, { cardId: all[21]!.id }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(
      await app.database.db.select().from(walletCards).where(eq(walletCards.memberId, id)),
    ).toHaveLength(LIMITS.wallet.maxCards);
  });

  it(`keeps balances of at most ${LIMITS.wallet.maxProgrammes} programmes, and refuses unknown ones and bad numbers by name`, async () => {
    const { id, cookies } = await memberWithSession(app);
    const programmes = [
      'chase-ur',
      'amex-mr',
      'united-mileageplus',
      'eva-infinity',
      'asia-miles',
      'marriott-bonvoy',
      'ba-avios',
    ];
    for (const [index, programme] of programmes.slice(0, LIMITS.wallet.maxProgrammes).entries()) {
      expect(
        (
          await send('PUT', `/api/wallet/balances/${programme}`, cookies, {
            balance: 10_000 * (index + 1),
          })
        ).statusCode,
      ).toBe(200);
    }
    const full = await send('PUT', `/api/wallet/balances/${programmes[6]}`, cookies, {
      balance: 5_000,
    });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ error: 'WALLET_PROGRAMMES_FULL' });
    // Changing a balance already kept is not a new programme.
    const changed = await send('PUT', '/api/wallet/balances/chase-ur', cookies, {
      balance: 123_456,
    });
    expect(changed.json().wallet.balances[0]).toEqual({ programme: 'chase-ur', balance: 123_456 });
    const unknown = await send('PUT', '/api/wallet/balances/no-such-miles', cookies, {
      balance: 1,
    });
    expect(unknown.json()).toMatchObject({
      error: 'UNKNOWN_PROGRAMME',
      fields: { programme: 'unknown programme' },
    });
    const negative = await send('PUT', '/api/wallet/balances/chase-ur', cookies, { balance: -5 });
    expect(negative.json()).toMatchObject({ error: 'INVALID_INPUT' });
    expect(Object.keys(negative.json().fields)).toEqual(['balance']);
    const rows = await app.database.db
      .select()
      .from(walletBalances)
      .where(eq(walletBalances.memberId, id));
    expect(rows.map((row) => [row.programme, row.balance]).sort()).toEqual([
      ['amex-mr', 20_000],
      ['asia-miles', 50_000],
      ['chase-ur', 123_456],
      ['eva-infinity', 40_000],
      ['marriott-bonvoy', 60_000],
      ['united-mileageplus', 30_000],
    ]);
    const unknownCard = await send('POST', '/api/wallet/cards', cookies, {
      cardId: 'no-such-card',
    });
    expect(unknownCard.json()).toMatchObject({
      error: 'UNKNOWN_CARD',
      fields: { cardId: 'unknown card' },
    });
  });
});

describe('card-holder preferences', () => {
  it('are stored for a member, without liked cards that do not exist', async () => {
    const { cookies } = await memberWithSession(app);
    expect((await get('/api/card-preferences', cookies)).json().preferences).toEqual({
      likedCards: [],
      ignoredBanks: [],
      promoteBusiness: false,
    });
    const saved = await send('PUT', '/api/card-preferences', cookies, {
      likedCards: [all[2]!.id, 'gone-card', all[2]!.id],
      ignoredBanks: ['citi'],
      promoteBusiness: true,
    });
    expect(saved.json().preferences).toEqual({
      likedCards: [all[2]!.id],
      ignoredBanks: ['citi'],
      promoteBusiness: true,
    });
    expect((await get('/api/card-preferences', cookies)).json().preferences).toEqual({
      likedCards: [all[2]!.id],
      ignoredBanks: ['citi'],
      promoteBusiness: true,
    });
    const bad = await send('PUT', '/api/card-preferences', cookies, {
      likedCards: [],
      ignoredBanks: ['no-bank'],
      promoteBusiness: true,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['ignoredBanks.0']);
  });
});
