import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProgrammeRulesSchema } from '../guides/guide.ts';
import { TransferBonusSchema } from '../guides/transfer-schemas.ts';
import { StorefrontCampaignSchema, StorefrontProgrammeSchema } from './catalogue-schema.ts';
import { readLimits, type StatedLimits } from './limits.ts';

const programme = {
  id: 'eva-infinity',
  kind: 'airline',
  unit: { en: 'miles', 'zh-Hant': '哩程', 'zh-Hans': '里程' },
  basePrices: [
    {
      since: null,
      until: null,
      pricePer1000: { amount: 40, currency: 'USD' },
      source: 'https://www.evaair.com/',
    },
  ],
  increment: 1000,
  minPerOrder: 1000,
  maxPerOrder: 'none-stated',
  annualCap: { miles: 150_000 },
  capIncludesBonus: 'unknown',
  timeZone: 'Asia/Taipei',
  postingHours: 'unknown',
  expiry: 'unknown',
  account: {
    pattern: '\\d{10}',
    example: '1234567890',
    label: { en: 'Infinity MileageLands number', 'zh-Hant': '會員號碼', 'zh-Hans': '会员号码' },
  },
  source: 'https://www.evaair.com/',
  asOf: '2026-11-28',
};
const campaign = {
  id: 'eva-2026-10',
  programme: 'eva-infinity',
  start: '2026-10-01T00:00:00+08:00',
  end: '2026-10-31T23:59:00+08:00',
  discountPercent: 20,
  bonusLadder: [],
  bonusCountsTowardCap: 'as-programme',
  source: 'https://www.evaair.com/',
  status: 'unconfirmed',
  checked: '2026-11-28',
};
const bonus = {
  id: 'b',
  from: 'amex-mr',
  to: 'virgin-flying-club',
  percent: 30,
  start: '2026-11-01',
  end: '2026-12-31',
  source: 'https://example.com',
  status: 'unconfirmed',
  checked: '2026-11-28',
};

describe('unknown is its own value in the schemas', () => {
  it('takes unknown limits as words, and refuses null where null once meant "none"', () => {
    expect(StorefrontProgrammeSchema.safeParse(programme).success).toBe(true);
    for (const [field, value] of [
      ['annualCap', null],
      ['annualCap', 150_000],
      ['capIncludesBonus', null],
      ['capIncludesBonus', false],
      ['maxPerOrder', null],
      ['postingHours', null],
      ['expiry', null],
    ] as const) {
      expect(
        StorefrontProgrammeSchema.safeParse({ ...programme, [field]: value }).success,
        `${field}: ${String(value)}`,
      ).toBe(false);
    }
    expect(
      StorefrontProgrammeSchema.safeParse({
        ...programme,
        annualCap: { lowest: 200_000, highest: 100_000 },
      }).success,
    ).toBe(false);
    const purchase = {
      pricePer1000: { amount: 40, currency: 'USD' },
      block: 1000,
      annualCap: null,
      capIncludesBonus: false,
    };
    expect(
      ProgrammeRulesSchema.safeParse({
        purchase,
        validity: null,
        partnerRedemptionFee: null,
        seatHold: null,
        stopover: null,
      }).success,
    ).toBe(false);
  });

  it('asks every sale and transfer bonus whether it is confirmed, and a confirmed one for its announcement', () => {
    expect(StorefrontCampaignSchema.safeParse(campaign).success).toBe(true);
    expect(
      StorefrontCampaignSchema.safeParse({ ...campaign, bonusCountsTowardCap: null }).success,
    ).toBe(false);
    expect(StorefrontCampaignSchema.safeParse({ ...campaign, status: 'confirmed' }).success).toBe(
      false,
    );
    expect(
      StorefrontCampaignSchema.safeParse({
        ...campaign,
        status: 'confirmed',
        announcement: { url: 'https://www.evaair.com/news', date: '2026-09-28' },
      }).success,
    ).toBe(true);
    expect(TransferBonusSchema.safeParse(bonus).success).toBe(true);
    expect(
      TransferBonusSchema.safeParse({ ...bonus, status: undefined, unverified: true }).success,
    ).toBe(false);
    expect(TransferBonusSchema.safeParse({ ...bonus, status: 'confirmed' }).success).toBe(false);
  });
});

const stated = fc.record({
  increment: fc.constantFrom(500, 1000, 2000),
  minPerOrder: fc.constantFrom(1000, 2000, 5000),
  maxPerOrder: fc.oneof(
    fc.integer({ min: 1, max: 300 }).map((n) => n * 1000),
    fc.constantFrom('none-stated' as const, 'unknown' as const),
  ),
  annualCap: fc.oneof(
    fc.integer({ min: 1, max: 300 }).map((n) => ({ miles: n * 1000 })),
    fc
      .tuple(fc.integer({ min: 1, max: 150 }), fc.integer({ min: 1, max: 150 }))
      .map(([a, b]) => ({ lowest: a * 1000, highest: (a + b) * 1000 })),
    fc.constantFrom('none' as const, 'unknown' as const),
  ),
  capIncludesBonus: fc.constantFrom('yes' as const, 'no' as const, 'unknown' as const),
  priceConfirmed: fc.boolean(),
}) satisfies fc.Arbitrary<StatedLimits>;

describe('readLimits', () => {
  it('opens orders only on a confirmed price, a known cap and a known per-order bound, and never above any stated limit', () => {
    fc.assert(
      fc.property(stated, (limits) => {
        const reading = readLimits(limits);
        const cap = limits.annualCap;
        const capKnown = cap !== 'unknown';
        const bounded =
          typeof limits.maxPerOrder === 'number' ||
          (limits.maxPerOrder === 'none-stated' && cap !== 'none');
        if (!limits.priceConfirmed || !capKnown || limits.maxPerOrder === 'unknown' || !bounded) {
          expect(reading.open).toBe(false);
          return;
        }
        if (!reading.open) {
          // Closed with everything known only when not even the smallest order fits under the bound.
          const capBound =
            typeof cap === 'object' ? ('miles' in cap ? cap.miles : cap.lowest) : Infinity;
          const bound = Math.min(
            typeof limits.maxPerOrder === 'number' ? limits.maxPerOrder : Infinity,
            capBound,
          );
          expect(reading.reason).toBe('max-unknown');
          expect(Math.floor(bound / limits.increment) * limits.increment).toBeLessThan(
            limits.minPerOrder,
          );
          return;
        }
        const { maxPerOrder, annualCap, capIncludesBonus } = reading.limits;
        if (typeof limits.maxPerOrder === 'number')
          expect(maxPerOrder).toBeLessThanOrEqual(limits.maxPerOrder);
        if (typeof cap === 'object') {
          const enforced = 'miles' in cap ? cap.miles : cap.lowest;
          expect(annualCap).toBe(enforced);
          expect(maxPerOrder).toBeLessThanOrEqual(enforced);
        }
        expect(maxPerOrder % limits.increment).toBe(0);
        expect(maxPerOrder).toBeGreaterThanOrEqual(limits.minPerOrder);
        // Bonus miles are left out of the cap only where the programme says so.
        expect(capIncludesBonus).toBe(limits.capIncludesBonus !== 'no');
      }),
    );
  });

  it('says why orders are closed', () => {
    const base: StatedLimits = {
      increment: 1000,
      minPerOrder: 1000,
      maxPerOrder: 'none-stated',
      annualCap: { miles: 150_000 },
      capIncludesBonus: 'unknown',
    };
    expect(readLimits(base)).toMatchObject({
      open: true,
      limits: { maxPerOrder: 150_000, annualCap: 150_000, capIncludesBonus: true },
      bonusCountedToBeSafe: true,
    });
    expect(readLimits({ ...base, priceConfirmed: false })).toEqual({
      open: false,
      reason: 'price-unconfirmed',
    });
    expect(readLimits({ ...base, annualCap: 'unknown' })).toEqual({
      open: false,
      reason: 'cap-unknown',
    });
    expect(readLimits({ ...base, maxPerOrder: 'unknown' })).toEqual({
      open: false,
      reason: 'max-unknown',
    });
    expect(readLimits({ ...base, annualCap: 'none' })).toEqual({
      open: false,
      reason: 'max-unknown',
    });
    expect(readLimits({ ...base, annualCap: { lowest: 35_000, highest: 100_000 } })).toMatchObject({
      open: true,
      limits: { maxPerOrder: 35_000, annualCap: 35_000 },
      capIsLowestOfRange: true,
    });
  });
});
