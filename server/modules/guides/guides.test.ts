import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ExplorerAnswer, ProgrammePage } from '../../../core/guides/contract.ts';
import type { TransferPartnerRow } from '../../../core/guides/transfers.ts';
import { loadGuideDataWithProblems } from '../../../data/guides.ts';
import { createTestApp, csrf } from '../../test/app.ts';
import { memberWithSession } from '../../test/members.ts';

/**
 * The guides' API: transfer partners with the bonus running on the day asked about,
 * the programme library, and the redeem explorer's answers and messages, against the shipped data.
 */

let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let close: () => Promise<void>;
let today = '2026-11-21';
beforeAll(async () => {
  ({ app, close } = await createTestApp({}, { now: () => new Date(`${today}T12:00:00Z`) }));
});
afterAll(async () => close());
// Each test starts on the same day, whatever the one before it moved the clock to.
beforeEach(() => {
  today = '2026-11-21';
});

const get = (url: string, cookies: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, cookies });
const partners = async (query: string) =>
  (await get(`/api/transfer-partners?${query}`)).json<{
    ok: true;
    today: string;
    partners: TransferPartnerRow[];
  }>();

describe('the guide data', () => {
  it('loads every file with every reference resolved', () => {
    const { data, problems } = loadGuideDataWithProblems();
    expect(problems).toEqual([]);
    expect([...data.guides.values()].filter((guide) => guide.kind === 'hotel')).toHaveLength(8);
    // The mileage facts (docs/product/storefront.md#mileage-facts), stored on the storefront's programme;
    // LifeMiles' own terms count bonus miles toward the cap (docs/data-audit.md).
    expect(data.guides.get('avianca-lifemiles')?.rules).toMatchObject({
      purchase: { annualCap: { miles: 150_000 }, capIncludesBonus: 'yes' },
      validity: { months: 24 },
      partnerRedemptionFee: {
        fee: { amount: 12.5, currency: 'USD' },
        per: 'one-way',
        freeChangeHours: 24,
      },
      seatHold: { hours: 24 },
      stopover: { allowed: true, maxDays: 14 },
    });
  });
});

describe('GET /api/transfer-partners', () => {
  it('lists where a currency goes, with a running bonus listed but, unconfirmed, never applied to the ratio', async () => {
    today = '2026-11-21';
    const answer = await partners('from=amex-mr');
    expect(answer.ok).toBe(true);
    const virgin = answer.partners.find((row) => row.to.id === 'virgin-flying-club');
    // No announcement of Amex's 30% to Virgin was found (data/transfer-bonuses.json): shown with its label, the ratio stays 1:1.
    expect(virgin).toMatchObject({
      ratio: { from: 1, to: 1 },
      minimum: 1000,
      increment: 1000,
      time: 'instant',
      bonus: {
        percent: 30,
        end: '2026-12-31',
        status: 'unconfirmed',
        announcement: null,
        ratio: null,
      },
    });
    // A bonus that ended on 31 October is history.
    expect(answer.partners.find((row) => row.to.id === 'asia-miles')?.bonus).toBeNull();
    expect(answer.partners.find((row) => row.to.id === 'emirates-skywards')?.ratio).toEqual({
      from: 5,
      to: 4,
    });
    // Running bonuses come first.
    expect(answer.partners[0]?.bonus).not.toBeNull();
  });

  it('lists every currency that reaches a programme, and drops a bonus the day after it ends', async () => {
    today = '2026-12-15';
    const during = await partners('to=aeroplan');
    expect(during.partners.map((row) => row.from.id)).toEqual(
      expect.arrayContaining([
        'chase-ur',
        'amex-mr',
        'capital-one-miles',
        'bilt-points',
        'marriott-bonvoy',
      ]),
    );
    expect(during.partners.find((row) => row.from.id === 'chase-ur')?.bonus?.percent).toBe(20);
    expect(during.partners.find((row) => row.from.id === 'marriott-bonvoy')?.ratio).toEqual({
      from: 3,
      to: 1,
    });
    today = '2026-12-16';
    expect(
      (await partners('to=aeroplan')).partners.find((row) => row.from.id === 'chase-ur')?.bonus,
    ).toBeNull();
    today = '2026-11-21';
  });

  it('reads the ratio of the day: Amex → Asia Miles 1:1 until 28 February 2026, 5:4 from 1 March, citing its page', async () => {
    today = '2026-02-28';
    const before = (await partners('from=amex-mr')).partners.find(
      (row) => row.to.id === 'asia-miles',
    );
    expect(before).toMatchObject({
      ratio: { from: 1, to: 1 },
      until: '2026-02-28',
      next: { ratio: { from: 5, to: 4 }, since: '2026-03-01' },
    });
    today = '2026-12-17';
    const after = (await partners('to=asia-miles')).partners.find(
      (row) => row.from.id === 'amex-mr',
    );
    expect(after).toMatchObject({
      ratio: { from: 5, to: 4 },
      since: '2026-03-01',
      until: null,
      next: null,
    });
    expect(after?.source).toMatch(/^https:\/\/.+/);
    expect(after?.checked).toMatch(/^2026-\d\d-\d\d$/);
    // One row a partner: the old ratio is history.
    expect(
      (await partners('from=amex-mr')).partners.filter((row) => row.to.id === 'asia-miles'),
    ).toHaveLength(1);
    today = '2026-11-21';
  });

  it('asks for exactly one of from and to, and answers 404 for an unknown id', async () => {
    expect((await get('/api/transfer-partners')).statusCode).toBe(400);
    expect((await get('/api/transfer-partners?from=amex-mr&to=aeroplan')).statusCode).toBe(400);
    const unknown = await get('/api/transfer-partners?from=no-such-bank');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ ok: false, error: 'NOT_FOUND' });
  });
});

describe('the programme library', () => {
  it('lists the eight hotel programmes and answers one programme with its chart and partners', async () => {
    expect(
      (await get('/api/guides?kind=hotel')).json<{ programmes: unknown[] }>().programmes,
    ).toHaveLength(8);
    const eva = (await get('/api/guides/eva-infinity')).json<ProgrammePage>();
    expect(eva.programme).toMatchObject({
      id: 'eva-infinity',
      kind: 'airline',
      alliance: 'star',
      hasGuide: true,
      hasChart: true,
    });
    expect(eva.chart?.programme).toBe('eva-infinity');
    expect(eva.guide?.rules.purchase).toMatchObject({
      pricePer1000: { amount: 40, currency: 'USD' },
      annualCap: { miles: 150_000 },
    });
    expect(eva.transfersIn.map((row) => row.from.id)).toContain('citi-typ');
    // Marriott's points go out to airlines.
    const marriott = (await get('/api/guides/marriott-bonvoy')).json<ProgrammePage>();
    expect(marriott.transfersOut.length).toBeGreaterThan(10);
    expect(marriott.partnerAirlines).toBeNull();
    expect((await get('/api/guides/no-such-programme')).statusCode).toBe(404);
  });

  it('names the partner airlines: the alliance without the programme’s own airlines, and those outside it from the chart', async () => {
    const united = (await get('/api/guides/united-mileageplus')).json<ProgrammePage>()
      .partnerAirlines!;
    const codes = (list: { iata: string }[]) => list.map((airline) => airline.iata);
    // Star Alliance has 26 members on 21 November 2026 (ITA Airways joined in spring); United itself is not its own partner.
    expect(united.alliance).toBe('star');
    expect(codes(united.members)).toHaveLength(25);
    expect(codes(united.members)).toEqual(expect.arrayContaining(['AZ', 'OZ']));
    expect(codes(united.members)).toEqual(expect.arrayContaining(['BR', 'NH', 'SQ']));
    expect(codes(united.members)).not.toContain('UA');
    // From 17 December 2026 Asiana is no longer a Star Alliance member (data/airlines.json).
    today = '2026-12-17';
    const later = (await get('/api/guides/united-mileageplus')).json<ProgrammePage>()
      .partnerAirlines!;
    expect(codes(later.members)).toHaveLength(24);
    expect(codes(later.members)).not.toContain('OZ');
    today = '2026-11-21';
    // Its chart also books Emirates and Aer Lingus, which are in no alliance.
    expect(codes(united.others)).toEqual(expect.arrayContaining(['EK', 'EI']));
    expect(codes(united.others)).not.toContain('UA');
    // Each list carries its order per language: by the English name in English, by the Chinese in Chinese.
    const inOrder = (language: 'en' | 'zh-Hant' | 'zh-Hans') =>
      [...united.members]
        .sort((a, b) => a.rank[language] - b.rank[language])
        .map((airline) => airline.name[language]);
    expect(inOrder('en')).toEqual(
      united.members.map((airline) => airline.name.en).sort((a, b) => a.localeCompare(b, 'en')),
    );
    expect(inOrder('zh-Hant')).toEqual(
      united.members
        .map((airline) => airline.name['zh-Hant'])
        .sort((a, b) => a.localeCompare(b, 'zh-Hant')),
    );
    expect(new Set(united.members.map((airline) => airline.rank['zh-Hans']))).toEqual(
      new Set(united.members.map((_, index) => index)),
    );
    // EVA's chart books UNI Air, which flies with EVA's own programme: not a partner.
    const eva = (await get('/api/guides/eva-infinity')).json<ProgrammePage>().partnerAirlines!;
    expect(codes(eva.others)).toEqual([]);
    expect(codes(eva.members)).not.toContain('BR');
  });
});

describe('GET /api/explorer', () => {
  const explore = async (query: string, cookies: Record<string, string> = {}) =>
    get(`/api/explorer?${query}`, cookies);

  it('names each missing or wrong field (docs/product/guides.md#redeem-explorer), never a 500', async () => {
    const empty = await explore('origin=TPE');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      ok: false,
      fields: { amount: 'amount-required', source: 'source-required' },
    });
    const wrong = await explore('amount=12abc&source=no-such&origin=QQQ');
    expect(wrong.json()).toMatchObject({
      fields: { amount: 'amount-invalid', source: 'source-unknown', origin: 'origin-unknown' },
    });
    expect((await explore('amount=1000&source=chase-ur')).json()).toMatchObject({
      fields: { origin: 'origin-required' },
    });
  });

  it('reaches Hong Kong from Taipei with 7,000 ThankYou points moved 1:1 to Asia Miles', async () => {
    const answer = (
      await explore('amount=20000&source=citi-typ&origin=TPE&cabin=economy')
    ).json<ExplorerAnswer>();
    // Citi → LifeMiles' 25% until 20 December is unconfirmed (no announcement found): the 20,000 stay 20,000.
    expect(
      answer.result.holdings.find((holding) => holding.programme === 'avianca-lifemiles')?.miles,
    ).toBe(20_000);
    const hongKong = answer.result.destinations.find(
      (destination) => destination.airport === 'HKG',
    );
    // Taipei–Hong Kong flies about 500 miles: Asia Miles' shortest band, 7,000 in economy.
    expect(hongKong).toMatchObject({
      reachable: true,
      option: { programme: 'asia-miles', miles: 7000 },
      use: [{ currency: 'citi-typ', points: 7000, miles: 7000 }],
    });
    expect(answer.names.places.HKG?.city).toBe('Hong Kong');
    // Without buy-miles mode every destination listed is within reach.
    expect(answer.result.destinations.every((destination) => destination.reachable)).toBe(true);
  });

  it('in buy-miles mode adds destinations a purchase within the cap would reach, priced in whole blocks', async () => {
    const answer = (
      await explore('amount=20000&source=citi-typ&origin=TPE&cabin=economy&buy=1')
    ).json<ExplorerAnswer>();
    const bought = answer.result.destinations.filter((destination) => !destination.reachable);
    expect(bought.length).toBeGreaterThan(0);
    for (const destination of bought) {
      const buy = destination.buy!;
      expect(buy.missing).toBe(destination.option.miles - destination.held);
      expect(buy.bought + buy.bonusMiles).toBeGreaterThanOrEqual(buy.missing);
      expect(buy.countedTowardsCap).toBeLessThanOrEqual(buy.annualCap ?? Number.POSITIVE_INFINITY);
    }
  });

  it('explores a member’s wallet, with only a confirmed bonus on a transfer, and asks a visitor to log in', async () => {
    expect((await explore('origin=TPE&wallet=1')).statusCode).toBe(401);
    const member = await memberWithSession(app);
    await app.inject({
      method: 'PUT',
      url: '/api/wallet/balances/chase-ur',
      ...csrf(member.cookies),
      payload: { balance: 30_000 },
    });
    const answer = (
      await explore('origin=TPE&wallet=1&cabin=business', member.cookies)
    ).json<ExplorerAnswer>();
    // Chase → Aeroplan +20% until 15 December is unconfirmed: the 30,000 stay 30,000.
    expect(answer.result.holdings.find((holding) => holding.programme === 'aeroplan')?.miles).toBe(
      30_000,
    );
    expect(
      answer.result.holdings.find((holding) => holding.programme === 'united-mileageplus')?.miles,
    ).toBe(30_000);
    expect(answer.result.destinations.length).toBeGreaterThan(0);
  });
});
