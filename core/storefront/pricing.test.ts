import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  basePriceOn,
  bestPricePer1000,
  campaignState,
  capRemaining,
  largestOrderWithin,
  liveCampaign,
  priceOrder,
  quantityProblem,
  saleState,
  tableQuantities,
  yearIn,
  type CampaignTerms,
  type PurchaseRules,
} from './pricing.ts';

const LIFEMILES: PurchaseRules = {
  increment: 1000,
  minPerOrder: 1000,
  maxPerOrder: 150_000,
  annualCap: 150_000,
  capIncludesBonus: false,
};
const USD33 = { amount: 33, currency: 'USD' as const };
const ladder = (steps: [number, number][]) => steps.map(([from, percent]) => ({ from, percent }));
const campaign = (overrides: Partial<CampaignTerms> = {}): CampaignTerms => ({
  id: 'c',
  start: '2026-11-10T00:00:00-05:00',
  end: '2026-12-05T23:59:00-05:00',
  discountPercent: 0,
  bonusLadder: ladder([
    [5000, 25],
    [30000, 40],
  ]),
  flash: false,
  bonusCountsTowardCap: false,
  confirmed: true,
  ...overrides,
});

/** The reference: exact integer arithmetic with BigInt, the ladder read by a plain scan from the top. */
function reference(base: number, discount: number, steps: [number, number][], quantity: number) {
  const numerator = BigInt(Math.round(base * 100)) * BigInt(quantity) * BigInt(100 - discount);
  const whole = numerator / 100_000n;
  const rest = numerator % 100_000n;
  const amount = Number(rest * 2n >= 100_000n ? whole + 1n : whole);
  let percent = 0;
  for (let index = steps.length - 1; index >= 0; index -= 1) {
    if (quantity >= steps[index]![0]) {
      percent = steps[index]![1];
      break;
    }
  }
  const bonus = Number((BigInt(quantity) * BigInt(percent)) / 100n);
  return { amount, bonus };
}

const ladders = fc
  .uniqueArray(fc.integer({ min: 1, max: 150 }), { minLength: 0, maxLength: 4 })
  .chain((froms) =>
    fc
      .uniqueArray(fc.integer({ min: 1, max: 200 }), {
        minLength: froms.length,
        maxLength: froms.length,
      })
      .map((percents) => {
        const sortedFroms = [...froms].sort((a, b) => a - b).map((from) => from * 1000);
        const sortedPercents = [...percents].sort((a, b) => a - b);
        return sortedFroms.map((from, index) => [from, sortedPercents[index]!] as [number, number]);
      }),
  );

describe('priceOrder', () => {
  it('charges the base price less the discount, rounded once, with the ladder bonus on top (the reference agrees)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 6000 }).map((cents) => cents / 100),
        fc.integer({ min: 0, max: 60 }),
        ladders,
        fc.integer({ min: 1, max: 150 }).map((k) => k * 1000),
        (base, discount, steps, quantity) => {
          const order = priceOrder(
            LIFEMILES,
            { amount: base, currency: 'USD' },
            campaign({ discountPercent: discount, bonusLadder: ladder(steps) }),
            quantity,
          );
          const expected = reference(base, discount, steps, quantity);
          expect(order.amount).toBe(expected.amount);
          expect(order.bonus).toBe(expected.bonus);
          expect(order.total).toBe(quantity + expected.bonus);
          expect(order.pricePer1000).toBeCloseTo(
            (expected.amount * 1000) / (quantity + expected.bonus),
            9,
          );
        },
      ),
    );
  });

  it('prices 10,000 LifeMiles at US$33 per 1,000 with a 25% bonus from 5,000: US$330 for 12,500 miles, US$26.40 per 1,000', () => {
    const order = priceOrder(LIFEMILES, USD33, campaign(), 10_000);
    expect(order).toMatchObject({
      amount: 33_000,
      bonus: 2_500,
      total: 12_500,
      bonusPercent: 25,
      countedTowardCap: 10_000,
      campaignId: 'c',
    });
    expect(order.pricePer1000).toBe(2640);
  });

  it('counts the bonus toward the cap when the campaign says so, and only then', () => {
    expect(
      priceOrder(LIFEMILES, USD33, campaign({ bonusCountsTowardCap: true }), 30_000)
        .countedTowardCap,
    ).toBe(42_000);
    expect(
      priceOrder(LIFEMILES, USD33, campaign({ bonusCountsTowardCap: false }), 30_000)
        .countedTowardCap,
    ).toBe(30_000);
    expect(
      priceOrder({ ...LIFEMILES, capIncludesBonus: true }, USD33, null, 30_000).countedTowardCap,
    ).toBe(30_000);
  });

  it('without a campaign charges the base price and gives no bonus', () => {
    expect(priceOrder(LIFEMILES, USD33, null, 3000)).toMatchObject({
      amount: 9900,
      bonus: 0,
      pricePer1000: 3300,
      campaignId: null,
    });
  });

  it('rounds a discounted cent half up: 35% off US$35 for 1,000 is US$22.75', () => {
    expect(
      priceOrder(
        LIFEMILES,
        { amount: 35, currency: 'USD' },
        campaign({ discountPercent: 35, bonusLadder: [] }),
        1000,
      ).amount,
    ).toBe(2275);
  });
});

describe('quantities', () => {
  it('refuses quantities below the minimum, above the maximum or outside the increments', () => {
    const rules = { ...LIFEMILES, minPerOrder: 2000, increment: 1000, maxPerOrder: 60_000 };
    expect(quantityProblem(rules, 1000)).toBe('below-minimum');
    expect(quantityProblem(rules, 61_000)).toBe('above-maximum');
    expect(quantityProblem(rules, 2500)).toBe('not-in-increments');
    expect(quantityProblem(rules, 10_000)).toBeNull();
  });

  it('lists the table quantities within the rules, ladder steps included, in order', () => {
    expect(
      tableQuantities(
        { ...LIFEMILES, maxPerOrder: 60_000 },
        campaign({ bonusLadder: ladder([[7000, 30]]) }),
      ),
    ).toEqual([1000, 2000, 5000, 7000, 10_000, 20_000, 30_000, 50_000, 60_000]);
  });

  it('finds the lowest price per 1,000 at the top step of the ladder', () => {
    const best = bestPricePer1000(LIFEMILES, USD33, campaign());
    expect(best.bonusPercent).toBe(40);
    expect(best.pricePer1000).toBeCloseTo(2357.142857, 5);
  });
});

describe('states', () => {
  it('is upcoming, ongoing, limited in the final 72 hours, then expired', () => {
    const terms = campaign({
      start: '2026-11-10T00:00:00-05:00',
      end: '2026-12-05T23:59:00-05:00',
    });
    expect(campaignState(terms, new Date('2026-11-09T12:00:00Z'))).toBe('upcoming');
    expect(campaignState(terms, new Date('2026-11-27T00:00:00Z'))).toBe('ongoing');
    expect(campaignState(terms, new Date('2026-12-03T04:58:59Z'))).toBe('ongoing');
    expect(campaignState(terms, new Date('2026-12-03T04:59:00Z'))).toBe('limited');
    expect(campaignState(terms, new Date('2026-12-06T04:59:00Z'))).toBe('expired');
    expect(campaignState({ ...terms, flash: true }, new Date('2026-11-27T00:00:00Z'))).toBe(
      'limited',
    );
  });

  it('picks the running campaign with the lowest price, and says no sale without one', () => {
    const now = new Date('2026-11-27T00:00:00Z');
    const weak = campaign({ id: 'weak', bonusLadder: ladder([[1000, 20]]) });
    const strong = campaign({ id: 'strong', bonusLadder: ladder([[1000, 100]]) });
    const over = campaign({
      id: 'over',
      bonusLadder: ladder([[1000, 200]]),
      end: '2026-11-20T00:00:00Z',
    });
    expect(liveCampaign([weak, strong, over], LIFEMILES, USD33, now)?.id).toBe('strong');
    expect(saleState(liveCampaign([over], LIFEMILES, USD33, now), now)).toBe('no-sale');
    expect(saleState(strong, now)).toBe('ongoing');
  });

  it('takes the base price that held on a day', () => {
    const prices = [
      {
        since: null,
        until: '2022-01-19',
        pricePer1000: { amount: 29.5, currency: 'USD' as const },
      },
      { since: '2022-01-20', until: null, pricePer1000: { amount: 35, currency: 'USD' as const } },
    ];
    expect(basePriceOn(prices, '2021-06-01').amount).toBe(29.5);
    expect(basePriceOn(prices, '2022-01-20').amount).toBe(35);
  });
});

describe('the annual cap', () => {
  it('counts the calendar year in the programme’s own time zone', () => {
    expect(yearIn(new Date('2027-01-01T03:00:00Z'), 'America/Bogota')).toBe(2026);
    expect(yearIn(new Date('2027-01-01T06:00:00Z'), 'America/Bogota')).toBe(2027);
  });

  it('leaves what the cap has not used, and the largest order that fits it', () => {
    expect(capRemaining(LIFEMILES, 140_000)).toBe(10_000);
    expect(capRemaining(LIFEMILES, 160_000)).toBe(0);
    expect(capRemaining({ ...LIFEMILES, annualCap: null }, 1_000_000)).toBeNull();
    expect(largestOrderWithin(LIFEMILES, USD33, campaign(), 12_500)).toBe(12_000);
    // When the bonus counts, 10,000 bought with 25% makes 12,500: the largest that fits 12,000 is 9,000 (9,000 + 2,250).
    expect(
      largestOrderWithin(LIFEMILES, USD33, campaign({ bonusCountsTowardCap: true }), 12_000),
    ).toBe(9000);
    expect(largestOrderWithin(LIFEMILES, USD33, campaign(), 500)).toBe(0);
  });

  it('never lets the largest order pass the cap (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 150_000 }),
        fc.boolean(),
        ladders,
        (remaining, counts, steps) => {
          const terms = campaign({ bonusCountsTowardCap: counts, bonusLadder: ladder(steps) });
          const largest = largestOrderWithin(LIFEMILES, USD33, terms, remaining);
          if (largest > 0) {
            expect(
              priceOrder(LIFEMILES, USD33, terms, largest).countedTowardCap,
            ).toBeLessThanOrEqual(remaining);
            const next = largest + LIFEMILES.increment;
            if (next <= LIFEMILES.maxPerOrder)
              expect(priceOrder(LIFEMILES, USD33, terms, next).countedTowardCap).toBeGreaterThan(
                remaining,
              );
          }
        },
      ),
    );
  });
});

describe('prices that fall with quantity', () => {
  const IHG = {
    amount: 13.5,
    currency: 'USD' as const,
    tiers: [
      { from: 11_000, amount: 11.5 },
      { from: 26_000, amount: 10 },
    ],
  };
  const rules: PurchaseRules = {
    increment: 1000,
    minPerOrder: 1000,
    maxPerOrder: 150_000,
    annualCap: 150_000,
    capIncludesBonus: false,
  };

  it('charge each order at the step its quantity reaches (IHG, 2021: US$13.50, from 11,000 US$11.50, from 26,000 US$10)', () => {
    expect(priceOrder(rules, IHG, null, 10_000).amount).toBe(13_500);
    expect(priceOrder(rules, IHG, null, 11_000).amount).toBe(12_650);
    expect(priceOrder(rules, IHG, null, 26_000).amount).toBe(26_000);
    expect(bestPricePer1000(rules, IHG, null).pricePer1000).toBe(1000);
    expect(tableQuantities(rules, null, IHG)).toEqual(expect.arrayContaining([11_000, 26_000]));
  });

  it('never charge more per 1,000 for a larger order, and charge the step’s price exactly', () => {
    const steps = fc
      .uniqueArray(fc.integer({ min: 2, max: 149 }), { minLength: 1, maxLength: 4 })
      .chain((froms) =>
        fc
          .uniqueArray(fc.integer({ min: 100, max: 4999 }), {
            minLength: froms.length + 1,
            maxLength: froms.length + 1,
          })
          .map((cents) => {
            const prices = [...cents].sort((a, b) => b - a).map((value) => value / 100);
            return {
              amount: prices[0]!,
              currency: 'USD' as const,
              tiers: [...froms]
                .sort((a, b) => a - b)
                .map((from, index) => ({ from: from * 1000, amount: prices[index + 1]! })),
            };
          }),
      );
    fc.assert(
      fc.property(steps, fc.integer({ min: 1, max: 149 }), (base, thousands) => {
        const smaller = priceOrder(rules, base, null, thousands * 1000);
        const larger = priceOrder(rules, base, null, (thousands + 1) * 1000);
        expect(larger.pricePer1000).toBeLessThanOrEqual(smaller.pricePer1000 + 1e-9);
        const step =
          [...base.tiers].reverse().find((tier) => thousands * 1000 >= tier.from)?.amount ??
          base.amount;
        expect(smaller.amount).toBe(Math.round(step * 100) * thousands);
      }),
    );
  });
});
