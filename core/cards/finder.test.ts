import { describe, expect, it } from 'vitest';
import type { Card } from './card.ts';
import { CardSchema } from './card-schema.ts';
import { convert, rankCards, returnShare, valueCard, type Rates } from './finder.ts';

const text = (en: string) => ({ en, 'zh-Hant': en, 'zh-Hans': en });
const rates: Rates = { perUsd: { USD: 1, TWD: 30, CAD: 1.4, HKD: 7.8, CNY: 7.2 } };

function card(overrides: Partial<Card> & Pick<Card, 'id' | 'earn'>): Card {
  return CardSchema.parse({
    country: 'US',
    bank: 'chase',
    name: text(overrides.id),
    kind: 'bank-rewards',
    business: false,
    network: 'visa',
    annualFee: 0,
    foreignFee: 0,
    earns: 'chase-ur',
    features: [text('feature')],
    description: text('description'),
    welcomeBonus: null,
    bonusHistory: [],
    source: 'https://example.com/card',
    asOf: '2026-11-01',
    ...overrides,
  });
}

const points = { cents: 2, cash: false };

describe('the card finder, against sums worked by hand', () => {
  // Groceries 4x up to $25,000 a year, dining 4x, 1x elsewhere; $325 fee; $240 of credits; 60,000 after $6,000 in 6 months.
  const gold = card({
    id: 'gold',
    annualFee: 325,
    earn: [
      { category: 'groceries', rate: 4, cap: { spend: 25_000, period: 'year' } },
      { category: 'dining', rate: 4 },
      { category: 'flights', rate: 5, condition: 'portal' },
      { category: 'other', rate: 1 },
    ],
    credits: [{ name: text('dining credit'), value: 240 }],
    welcomeBonus: {
      amount: 60_000,
      spend: 6_000,
      months: 6,
      status: 'confirmed',
      source: 'https://example.com/offer',
    },
  });

  it('splits a category at its cap, values points in cents, counts half the credits and a reachable bonus', () => {
    // $2,500 groceries a month = $30,000 a year: 25,000 × 4 = 100,000, then 5,000 × 1 = 5,000.
    // $500 dining = $6,000 × 4 = 24,000. $1,000 other = $12,000 × 1 = 12,000. $400 flights, but 5x only through the portal: 4,800 × 1.
    const value = valueCard(
      gold,
      { groceries: 2_500, dining: 500, other: 1_000, flights: 400 },
      'USD',
      points,
      rates,
    );
    const groceries = value.categories.find((earning) => earning.category === 'groceries')!;
    expect(groceries.tiers).toEqual([
      { spend: 25_000, rate: 4, capped: 25_000, points: 100_000 },
      { spend: 5_000, rate: 1, capped: null, points: 5_000 },
    ]);
    expect(value.categories.find((earning) => earning.category === 'flights')!.tiers).toEqual([
      { spend: 4_800, rate: 1, capped: null, points: 4_800 },
    ]);
    expect(value.points).toBe(145_800);
    expect(value.earnValue).toBe(2_916); // 145,800 × 2¢
    // $4,400 a month × 6 months = $26,400 ≥ $6,000: the 60,000 points count, at 2¢ = $1,200.
    expect(value.bonus).toMatchObject({ reachable: true, reached: 26_400, value: 1_200 });
    expect(value.credits).toBe(120);
    expect(value.firstYear).toBe(2_916 + 1_200 + 120 - 325);
    expect(value.ongoing).toBe(2_916 + 120 - 325);
  });

  it('leaves out a bonus whose spend the member does not reach in its months', () => {
    const preferred = card({
      id: 'preferred',
      annualFee: 95,
      earn: [{ category: 'other', rate: 1 }],
      welcomeBonus: {
        amount: 75_000,
        spend: 5_000,
        months: 3,
        status: 'confirmed',
        source: 'https://example.com/offer',
      },
    });
    // $1,600 a month × 3 = $4,800 < $5,000.
    const short = valueCard(preferred, { other: 1_600 }, 'USD', points, rates);
    expect(short.bonus).toMatchObject({
      reachable: false,
      reached: 4_800,
      required: 5_000,
      value: 0,
    });
    expect(short.firstYear).toBe(19_200 * 0.02 - 95);
    // $1,700 a month × 3 = $5,100: reached, 75,000 × 2¢ = $1,500.
    const enough = valueCard(preferred, { other: 1_700 }, 'USD', points, rates);
    expect(enough.bonus).toMatchObject({ reachable: true, value: 1_500 });
    expect(enough.firstYear).toBe(20_400 * 0.02 + 1_500 - 95);
  });

  it('shows an unconfirmed offer but never counts it, however much the member spends', () => {
    const offer = { amount: 75_000, spend: 5_000, months: 3 };
    const rumoured = card({
      id: 'rumoured',
      annualFee: 95,
      earn: [{ category: 'other', rate: 1 }],
      welcomeBonus: { ...offer, status: 'unconfirmed' },
    });
    const value = valueCard(rumoured, { other: 10_000 }, 'USD', points, rates);
    expect(value.bonus).toMatchObject({
      amount: 75_000,
      reachable: true,
      unconfirmed: true,
      value: 0,
    });
    expect(value.firstYear).toBe(120_000 * 0.02 - 95);
    // The same offer confirmed counts 75,000 × 2¢.
    expect(
      valueCard(
        card({
          ...rumoured,
          welcomeBonus: { ...offer, status: 'confirmed', source: 'https://example.com/offer' },
        }),
        { other: 10_000 },
        'USD',
        points,
        rates,
      ).firstYear,
    ).toBe(120_000 * 0.02 + 1_500 - 95);
  });

  it('charges the first year its own fee, and counts anniversary points from the second year', () => {
    const venture = card({
      id: 'venture',
      annualFee: 395,
      firstYearFee: 0,
      anniversaryPoints: 10_000,
      earn: [{ category: 'other', rate: 2 }],
    });
    const value = valueCard(venture, { other: 1_000 }, 'USD', { cents: 1.85, cash: false }, rates);
    // 12,000 × 2 = 24,000 miles × 1.85¢ = $444; anniversary 10,000 × 1.85¢ = $185.
    expect(value.earnValue).toBe(444);
    expect(value.firstYear).toBe(444);
    expect(value.ongoing).toBe(444 + 185 - 395);
  });

  it('values cash back as a percent in the card’s currency, converted to the member’s, with a monthly cap', () => {
    // A Taiwan card: 3% overseas up to NT$10,000 a month, 1% elsewhere, NT$1,800 fee waived the first year.
    const taiwan = card({
      id: 'taiwan-cash',
      country: 'TW',
      bank: 'esun',
      kind: 'cash-back',
      earns: 'cash',
      annualFee: 1_800,
      firstYearFee: 0,
      earn: [
        { category: 'overseas', rate: 3, cap: { spend: 10_000, period: 'month' } },
        { category: 'other', rate: 1 },
      ],
    });
    // US$500 a month at 30 NT$/US$ = NT$15,000; a year NT$180,000: 120,000 × 3% = NT$3,600, 60,000 × 1% = NT$600.
    const value = valueCard(taiwan, { overseas: 500 }, 'USD', { cents: 1, cash: true }, rates);
    expect(value.cardCurrency).toBe('TWD');
    expect(value.categories[0]!.tiers.map((tier) => tier.spend)).toEqual([120_000, 60_000]);
    expect(value.earnValue).toBe(140); // NT$4,200 / 30
    expect(value.firstYear).toBe(140);
    expect(value.ongoing).toBe(140 - 60); // NT$1,800 = US$60
    // The same in the member's TWD: NT$4,200 and NT$2,400.
    const inTwd = valueCard(taiwan, { overseas: 15_000 }, 'TWD', { cents: 1, cash: true }, rates);
    expect([inTwd.earnValue, inTwd.ongoing]).toEqual([4_200, 2_400]);
  });

  it('ranks by first-year or ongoing value', () => {
    const noFee = card({ id: 'no-fee', earn: [{ category: 'other', rate: 1.5 }] });
    const bonusCard = card({
      id: 'bonus',
      annualFee: 95,
      earn: [{ category: 'other', rate: 1 }],
      welcomeBonus: {
        amount: 60_000,
        spend: 3_000,
        months: 3,
        status: 'confirmed',
        source: 'https://example.com/offer',
      },
    });
    const spend = { other: 1_000 };
    // no-fee: 18,000 × 2¢ = $360 both years. bonus: $240 + $1,200 − $95 = $1,345, then $145.
    expect(
      rankCards([noFee, bonusCard], spend, 'USD', () => points, rates, 'first-year').map(
        (value) => [value.cardId, value.firstYear],
      ),
    ).toEqual([
      ['bonus', 1_345],
      ['no-fee', 360],
    ]);
    expect(
      rankCards([noFee, bonusCard], spend, 'USD', () => points, rates, 'ongoing').map((value) => [
        value.cardId,
        value.ongoing,
      ]),
    ).toEqual([
      ['no-fee', 360],
      ['bonus', 145],
    ]);
  });

  it('converts through the US dollar', () => {
    expect(convert(300, 'TWD', 'HKD', rates)).toBeCloseTo(78);
  });
});

describe('the share of spend a rate gives back', () => {
  it('puts cash back and miles on one measure, in the card’s own money', () => {
    const rates = { perUsd: { USD: 1, TWD: 30, CAD: 1.36, HKD: 7.8, CNY: 7.2 } };
    expect(returnShare({ earns: 'cash', country: 'TW' }, 3, 1, rates)).toBeCloseTo(0.03);
    // NT$15 a mile at 1.5¢ a mile: 1/15 × 1.5¢ per NT$1, a NT$ being 3.33¢: 3%.
    expect(returnShare({ earns: 'eva-infinity', country: 'TW' }, 1 / 15, 1.5, rates)).toBeCloseTo(
      0.03,
    );
    // 3x points at 2¢ on a US card: 6%.
    expect(returnShare({ earns: 'chase-ur', country: 'US' }, 3, 2, rates)).toBeCloseTo(0.06);
  });
});
