import { describe, expect, it } from 'vitest';
import { priceAward, type AwardChart } from '../awards/award-pricing.ts';
import type { PointsCurrency } from '../cards/points-currency.ts';
import {
  buyQuote,
  chartOptions,
  checkExplorerForm,
  explore,
  type ExplorerData,
  type Network,
  type SaleCampaign,
} from './explorer.ts';
import type { PurchaseRule } from './guide.ts';
import {
  boostedRatio,
  currentBonus,
  milesFor,
  partnersFrom,
  partnersTo,
  pointsNeededFor,
  type TransferBonus,
} from './transfers.ts';

/**
 * The explorer's arithmetic against cases worked by hand: a ratio with a bonus, the edges of
 * distance bands, per-segment pricing and the purchase cap.
 */

const name = (en: string) => ({ en, 'zh-Hant': en, 'zh-Hans': en });

describe('transfers', () => {
  it('apply the ratio, the minimum and the increment, rounding down to whole miles', () => {
    // Capital One → EVA, 2:1.5 in steps of 100: 10,050 moves 10,000 and becomes 7,500.
    expect(milesFor(10_050, { ratio: { from: 2, to: 1.5 }, minimum: 1000, increment: 100 })).toBe(
      7500,
    );
    expect(milesFor(999, { ratio: { from: 1, to: 1 }, minimum: 1000, increment: 1000 })).toBe(0);
    // Amex → Emirates, 5:4.
    expect(milesFor(50_000, { ratio: { from: 5, to: 4 }, minimum: 1000, increment: 1000 })).toBe(
      40_000,
    );
    // A 300:1,000 ratio in steps of 300: 9,100 points move 9,000 and become 30,000.
    expect(milesFor(9_100, { ratio: { from: 300, to: 1000 }, minimum: 300, increment: 300 })).toBe(
      30_000,
    );
  });

  it('add the bonus to what the partner receives: 1,000 at 1:1 with 30% is exactly 1,300', () => {
    expect(milesFor(1000, { ratio: { from: 1, to: 1 } }, 30)).toBe(1300);
    expect(milesFor(50_000, { ratio: { from: 1, to: 1 }, increment: 1000 }, 30)).toBe(65_000);
    expect(boostedRatio({ from: 1, to: 1 }, 30)).toEqual({ from: 1, to: 1.3 });
    expect(boostedRatio({ from: 3, to: 1 }, 25)).toEqual({ from: 3, to: 1.25 });
  });

  it('find the fewest points for a number of miles, in whole increments', () => {
    // 7,501 EVA miles at 2:1.5 need 10,001.3 points; in steps of 100 that is 10,100 (→ 7,575).
    expect(
      pointsNeededFor(7501, { ratio: { from: 2, to: 1.5 }, minimum: 1000, increment: 100 }),
    ).toBe(10_100);
    // 6,000 miles with a 30% bonus need 4,615.4 points; in steps of 1,000, 5,000.
    expect(
      pointsNeededFor(6000, { ratio: { from: 1, to: 1 }, minimum: 1000, increment: 1000 }, 30),
    ).toBe(5000);
    // Never below the minimum.
    expect(pointsNeededFor(10, { ratio: { from: 1, to: 1 }, minimum: 1000, increment: 1000 })).toBe(
      1000,
    );
  });

  const bonuses: TransferBonus[] = [
    {
      id: 'a',
      from: 'bank',
      to: 'x',
      percent: 20,
      start: '2026-11-01',
      end: '2026-11-30',
      source: 'https://example.com/a',
      status: 'confirmed',
      announcement: { url: 'https://example.com/news', date: '2026-10-30' },
      checked: '2026-11-28',
    },
    {
      id: 'b',
      from: 'bank',
      to: 'x',
      percent: 40,
      start: '2026-11-20',
      end: '2026-11-21',
      source: 'https://example.com/b',
      status: 'confirmed',
      announcement: { url: 'https://example.com/news', date: '2026-10-30' },
      checked: '2026-11-28',
    },
  ];

  it('run a bonus from its first to its last day, both included, the larger of two at once', () => {
    expect(currentBonus(bonuses, 'bank', 'x', '2026-10-31')).toBeNull();
    expect(currentBonus(bonuses, 'bank', 'x', '2026-11-01')?.percent).toBe(20);
    expect(currentBonus(bonuses, 'bank', 'x', '2026-11-21')?.percent).toBe(40);
    expect(currentBonus(bonuses, 'bank', 'x', '2026-11-30')?.percent).toBe(20);
    expect(currentBonus(bonuses, 'bank', 'x', '2026-12-01')).toBeNull();
  });

  it('list partners both ways, a running bonus first with its boosted ratio', () => {
    const bank = {
      id: 'bank',
      kind: 'bank',
      name: name('Bank'),
      transfers: [
        { to: 'y', ratio: { from: 1, to: 1 }, time: 'instant' },
        { to: 'x', ratio: { from: 1, to: 1 }, time: 'days' },
      ],
    } as unknown as PointsCurrency;
    const other = {
      id: 'hotel',
      kind: 'hotel',
      name: name('Hotel'),
      transfers: [{ to: 'x', ratio: { from: 3, to: 1 }, time: 'days' }],
    } as unknown as PointsCurrency;
    const directory = {
      currencies: new Map([
        ['bank', bank],
        ['hotel', other],
      ]),
      programmes: new Map([
        ['x', { id: 'x', kind: 'airline' as const, name: name('Zed Air') }],
        ['y', { id: 'y', kind: 'airline' as const, name: name('Alpha Air') }],
      ]),
      bonuses,
    };
    const from = partnersFrom(directory, 'bank', '2026-11-25')!;
    expect(from.map((row) => [row.to.id, row.bonus?.percent ?? null])).toEqual([
      ['x', 20],
      ['y', null],
    ]);
    expect(from[0]!.bonus!.ratio).toEqual({ from: 1, to: 1.2 });
    expect(partnersTo(directory, 'x', '2026-12-05')!.map((row) => row.from.id)).toEqual([
      'bank',
      'hotel',
    ]);
    expect(partnersFrom(directory, 'nope', '2026-11-25')).toBeNull();
  });
});

describe('award charts', () => {
  const avios: AwardChart = {
    programme: 'avios',
    bookable: { alliances: ['oneworld'], airlines: [] },
    pricing: 'distance',
    perSegment: true,
    bands: [
      { maxMiles: 650, economy: 6000, premium: 9000, business: 12500, first: 24000 },
      { maxMiles: 1150, economy: 9000, premium: 12500, business: 16500, first: 33000 },
      { maxMiles: 2000, economy: 11000, premium: 16500, business: 22000, first: 44000 },
    ],
    regions: null,
    zonePrices: null,
    fees: { currency: 'USD', perSegment: 0, perItinerary: 0, carrierSurchargePerSegment: {} },
    oneWay: true,
    dynamic: null,
    notes: [],
    sources: [],
  };
  const leg = (miles: number) => ({
    airline: 'CX',
    alliance: 'oneworld' as const,
    from: { airport: 'AAA', country: 'HK' },
    to: { airport: 'BBB', country: 'TW' },
    miles,
  });

  it('put a distance on a band edge in the lower band and one mile more in the next', () => {
    expect(priceAward(avios, [leg(650)], 'economy')?.miles).toBe(6000);
    expect(priceAward(avios, [leg(651)], 'economy')?.miles).toBe(9000);
    expect(priceAward(avios, [leg(1150)], 'business')?.miles).toBe(16500);
    expect(priceAward(avios, [leg(1151)], 'business')?.miles).toBe(22000);
    expect(priceAward(avios, [leg(651)], 'economy')?.basis).toEqual({
      kind: 'distance',
      perSegment: true,
      parts: [{ miles: 651, band: { above: 650, upTo: 1150 }, price: 9000 }],
    });
  });

  it('price each segment on its own where the chart is per segment, and the whole trip where it is not', () => {
    // 500 + 1,000 miles: 6,000 + 9,000 per segment; 1,500 in total would be 11,000.
    expect(priceAward(avios, [leg(500), leg(1000)], 'economy')?.miles).toBe(15_000);
    expect(
      priceAward({ ...avios, perSegment: false }, [leg(500), leg(1000)], 'economy')?.miles,
    ).toBe(11_000);
  });
});

describe('buying the missing miles', () => {
  const lifemiles: PurchaseRule = {
    pricePer1000: { amount: 33, currency: 'USD' },
    block: 1000,
    annualCap: { miles: 150_000 },
    capIncludesBonus: 'no',
  };
  const sale: SaleCampaign = {
    id: 'sale',
    programme: 'lm',
    discountPercent: 0,
    bonusPercent: 120,
    start: '2026-11-01',
    end: '2026-11-30',
    pricePer1000: { amount: 33, currency: 'USD' },
    receivedPer1000: { amount: 15, currency: 'USD' },
    topBonusPercent: 120,
    source: 'https://example.com',
  };

  it('buy whole blocks whose bonus covers the gap, at the sale price', () => {
    // 300,000 missing at +120%: 136,363.6 bought → 137,000 blocks, +164,400 bonus; 137 × US$33.
    expect(buyQuote(300_000, 'lm', lifemiles, sale)).toMatchObject({
      bought: 137_000,
      bonusMiles: 164_400,
      cost: { amount: 4521, currency: 'USD' },
      countedTowardsCap: 137_000,
    });
    // Without a sale: 4,500 missing → 5,000 bought at the base price.
    expect(buyQuote(4500, 'lm', lifemiles, null)).toMatchObject({
      bought: 5000,
      bonusMiles: 0,
      cost: { amount: 165 },
    });
  });

  it('stop at the annual cap, bonus miles left out of it (docs/product/storefront.md#mileage-facts)', () => {
    // 330,000 = 150,000 bought + 180,000 bonus: exactly at the cap.
    expect(buyQuote(330_000, 'lm', lifemiles, sale)).toMatchObject({
      bought: 150_000,
      bonusMiles: 180_000,
      cost: { amount: 4950 },
    });
    expect(buyQuote(330_001, 'lm', lifemiles, sale)).toBeNull();
  });

  it('count the bonus where the programme counts it', () => {
    const double = { ...sale, bonusPercent: 100 };
    // Counted where the programme says so, and where nobody says: the reading that never passes the cap.
    for (const capIncludesBonus of ['yes', 'unknown'] as const) {
      const counted: PurchaseRule = { ...lifemiles, capIncludesBonus };
      expect(buyQuote(150_000, 'lm', counted, double)).toMatchObject({
        bought: 75_000,
        countedTowardsCap: 150_000,
      });
      expect(buyQuote(150_001, 'lm', counted, double)).toBeNull();
    }
    expect(buyQuote(1000, 'lm', null, null)).toBeNull();
  });

  it('plan no purchase under an unknown cap, and the lowest of a range where sources disagree', () => {
    expect(buyQuote(1000, 'lm', { ...lifemiles, annualCap: 'unknown' }, null)).toBeNull();
    expect(buyQuote(1000, 'lm', { ...lifemiles, annualCap: 'none' }, null)).toMatchObject({
      bought: 1000,
      annualCap: null,
    });
    const range: PurchaseRule = { ...lifemiles, annualCap: { lowest: 40_000, highest: 100_000 } };
    expect(buyQuote(40_000, 'lm', range, null)).toMatchObject({
      bought: 40_000,
      annualCap: 40_000,
    });
    expect(buyQuote(41_000, 'lm', range, null)).toBeNull();
  });
});

describe('the explorer', () => {
  // Four airports on one meridian, 9° apart (621.8 miles each step); XX flies A–B, B–C and B–E (18°, 1,243.7 miles).
  const network: Network = {
    airports: new Map([
      ['AAA', { iata: 'AAA', country: 'TW', lat: 0, lon: 0 }],
      ['BBB', { iata: 'BBB', country: 'HK', lat: 9, lon: 0 }],
      ['CCC', { iata: 'CCC', country: 'JP', lat: 18, lon: 0 }],
      ['EEE', { iata: 'EEE', country: 'KR', lat: 27, lon: 0 }],
    ]),
    routes: [
      { airline: 'XX', from: 'AAA', to: 'BBB' },
      { airline: 'XX', from: 'BBB', to: 'CCC' },
      { airline: 'XX', from: 'BBB', to: 'EEE' },
    ],
    alliances: new Map([['XX', 'oneworld' as const]]),
    charts: new Map([
      [
        'x',
        {
          programme: 'x',
          bookable: { alliances: [], airlines: ['XX'] },
          pricing: 'distance',
          perSegment: true,
          bands: [
            { maxMiles: 650, economy: 6000, premium: null, business: 12000, first: null },
            { maxMiles: 1150, economy: 9000, premium: null, business: 18000, first: null },
            { maxMiles: 2000, economy: 11000, premium: null, business: 22000, first: null },
          ],
          regions: null,
          zonePrices: null,
          fees: { currency: 'USD', perSegment: 5, perItinerary: 0, carrierSurchargePerSegment: {} },
          oneWay: true,
          dynamic: null,
          notes: [],
          sources: [],
        } satisfies AwardChart,
      ],
    ]),
  };
  const bank = {
    id: 'bank',
    cents: 2,
    transfers: [
      {
        to: 'x',
        ratio: { from: 1, to: 1 },
        minimum: 1000,
        increment: 1000,
        time: 'instant' as const,
      },
    ],
  };
  const data = (cap: number): ExplorerData => ({
    network,
    currencies: new Map([['bank', bank]]),
    bonuses: [
      {
        id: 'bonus',
        from: 'bank',
        to: 'x',
        percent: 30,
        start: '2026-11-01',
        end: '2026-11-30',
        source: 'https://example.com',
        status: 'confirmed',
        announcement: { url: 'https://example.com/news', date: '2026-10-30' },
        checked: '2026-11-28',
      },
    ],
    campaigns: [
      {
        id: 'sale',
        programme: 'x',
        discountPercent: 0,
        bonusPercent: 50,
        start: '2026-11-01',
        end: '2026-11-30',
        pricePer1000: { amount: 30, currency: 'USD' },
        receivedPer1000: { amount: 20, currency: 'USD' },
        topBonusPercent: 50,
        source: 'https://example.com',
      },
    ],
    purchaseRules: new Map([
      [
        'x',
        {
          pricePer1000: { amount: 30, currency: 'USD' },
          block: 1000,
          annualCap: { miles: cap },
          capIncludesBonus: 'no',
        },
      ],
    ]),
    usdPer: () => 1,
  });
  const options = chartOptions(network, ['AAA'], 'economy');
  const run = (today: string, buy: boolean, cap = 5000) =>
    explore(
      data(cap),
      options,
      {
        holdings: [{ currency: 'bank', points: 10_000 }],
        origin: { code: 'AAA', airports: ['AAA'] },
        cabin: 'economy',
        buy,
      },
      today,
    );

  it('prices every destination nonstop or one stop, segment by segment', () => {
    const byAirport = options.get('x')!;
    expect(byAirport.get('BBB')?.miles).toBe(6000);
    // A–B–C: 621.8 + 621.8 miles, 6,000 each, not 11,000 for 1,243.7 in one.
    expect(byAirport.get('CCC')?.miles).toBe(12_000);
    expect(byAirport.get('CCC')?.legs.map((leg) => leg.to)).toEqual(['BBB', 'CCC']);
    expect(byAirport.get('CCC')?.feesUsd).toBe(10);
    // A–B–E: 6,000 + 11,000 (1,243.7 miles is in the third band).
    expect(byAirport.get('EEE')?.miles).toBe(17_000);
  });

  it('reaches what 10,000 points with a 30% bonus (13,000 miles) pay for, showing the points moved', () => {
    const result = run('2026-11-21', false);
    expect(result.holdings).toEqual([
      {
        programme: 'x',
        miles: 13_000,
        sources: [
          {
            currency: 'bank',
            points: 10_000,
            miles: 13_000,
            transfer: {
              ratio: { from: 1, to: 1 },
              minimum: 1000,
              increment: 1000,
              bonusPercent: 30,
              bonusEnds: '2026-11-30',
            },
          },
        ],
      },
    ]);
    expect(
      result.destinations.map((destination) => [
        destination.airport,
        destination.option.miles,
        destination.use,
      ]),
    ).toEqual([
      // 6,000 miles need 4,615.4 points → 5,000; 12,000 need 9,230.8 → 10,000.
      ['BBB', 6000, [{ currency: 'bank', points: 5000, miles: 6500 }]],
      ['CCC', 12_000, [{ currency: 'bank', points: 10_000, miles: 13_000 }]],
    ]);
  });

  it('loses the far destination the day after the bonus ends', () => {
    const result = run('2026-12-01', false);
    expect(result.holdings[0]?.miles).toBe(10_000);
    expect(result.destinations.map((destination) => destination.airport)).toEqual(['BBB']);
  });

  it('in buy-miles mode prices the gap to a destination out of reach, within the cap', () => {
    const far = run('2026-11-21', true).destinations.find(
      (destination) => destination.airport === 'EEE',
    );
    // 17,000 − 13,000 = 4,000 missing; at +50%, 3,000 bought + 1,500 bonus; 3 × US$30.
    expect(far).toMatchObject({
      reachable: false,
      held: 13_000,
      buy: {
        missing: 4000,
        bought: 3000,
        bonusMiles: 1500,
        cost: { amount: 90, currency: 'USD' },
        campaign: { id: 'sale', bonusPercent: 50 },
      },
    });
    // A cap of 2,000 a year cannot cover 3,000: the destination stays off the list.
    expect(
      run('2026-11-21', true, 2000).destinations.map((destination) => destination.airport),
    ).toEqual(['BBB', 'CCC']);
  });
});

describe('the explorer form (docs/product/guides.md#redeem-explorer)', () => {
  const known = {
    currency: (id: string) => id === 'chase-ur',
    origin: (code: string) => code === 'TPE',
  };

  it('requires an amount and a points system or programme, naming each', () => {
    expect(checkExplorerForm({ origin: 'TPE' }, known)).toEqual({
      errors: { amount: 'amount-required', source: 'source-required' },
    });
    expect(
      checkExplorerForm({ amount: '12abc', source: 'nope', origin: 'XXX', cabin: 'sofa' }, known),
    ).toEqual({
      errors: {
        amount: 'amount-invalid',
        source: 'source-unknown',
        origin: 'origin-unknown',
        cabin: 'cabin-invalid',
      },
    });
    expect(checkExplorerForm({ amount: '0', source: 'chase-ur', origin: 'TPE' }, known)).toEqual({
      errors: { amount: 'amount-invalid' },
    });
  });

  it('accepts thousands separators and a lower-case origin; wallet mode needs neither amount nor system', () => {
    expect(
      checkExplorerForm(
        { amount: '80,000', source: 'chase-ur', origin: 'tpe', cabin: 'business' },
        known,
      ),
    ).toEqual({
      request: {
        amount: 80_000,
        source: 'chase-ur',
        origin: 'TPE',
        cabin: 'business',
        buy: false,
        wallet: false,
      },
    });
    expect(checkExplorerForm({ origin: 'TPE', wallet: '1', buy: '1' }, known)).toMatchObject({
      request: { wallet: true, buy: true, amount: null, source: null },
    });
  });
});
