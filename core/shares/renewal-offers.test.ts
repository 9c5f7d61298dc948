import { describe, expect, it } from 'vitest';
import {
  renewalOfferProblem,
  summarizeRenewalOffers,
  windowStart,
  type RenewalOfferInput,
} from './renewal-offers.ts';

const report = (overrides: Partial<RenewalOfferInput> = {}): RenewalOfferInput => ({
  inquiredOn: '2026-10-01',
  annualSpend: 20_000,
  heldYears: 1,
  heldMonths: 6,
  requirementSpend: null,
  requirementMonths: null,
  offerReceived: true,
  offerType: 'points',
  offerAmount: 10_000,
  detail: '',
  note: '',
  ...overrides,
});
const summarised = (overrides: Partial<RenewalOfferInput> & { sample?: boolean } = {}) => ({
  sample: false,
  ...report(overrides),
});

describe('windowStart', () => {
  it('starts a window of months the day after the same day that many months before', () => {
    expect(windowStart('2026-11-27', 12)).toBe('2025-11-28');
    expect(windowStart('2026-03-31', 1)).toBe('2026-03-01');
    expect(windowStart('2024-03-31', 1)).toBe('2024-03-01');
    expect(windowStart('2026-01-15', 3)).toBe('2025-10-16');
    expect(windowStart('2026-11-27', 0)).toBe('0000-01-01');
  });
});

describe('renewalOfferProblem', () => {
  it('names the first problem in the form’s order', () => {
    expect(renewalOfferProblem(report(), '2026-11-27')).toBeNull();
    // A day that does not exist is no date at all (Date.parse would roll it over to 2 March).
    expect(renewalOfferProblem(report({ inquiredOn: '2026-02-30' }), '2026-11-27')?.problem).toBe(
      'dateMissing',
    );
    expect(
      renewalOfferProblem(report({ inquiredOn: '2026-13-01', heldMonths: 12 }), '2026-11-27')
        ?.problem,
    ).toBe('dateMissing');
    expect(renewalOfferProblem(report({ inquiredOn: '2026-11-28' }), '2026-11-27')?.problem).toBe(
      'dateInFuture',
    );
    expect(renewalOfferProblem(report({ inquiredOn: '1999-12-31' }), '2026-11-27')?.problem).toBe(
      'dateTooOld',
    );
    expect(renewalOfferProblem(report({ annualSpend: 10_000_001 }), '2026-11-27')?.problem).toBe(
      'spendInvalid',
    );
    expect(renewalOfferProblem(report({ requirementSpend: 1000 }), '2026-11-27')).toEqual({
      field: 'requirementSpend',
      problem: 'requirementIncomplete',
    });
    expect(
      renewalOfferProblem(report({ requirementSpend: 1000, requirementMonths: 0 }), '2026-11-27')
        ?.problem,
    ).toBe('requirementInvalid');
    expect(renewalOfferProblem(report({ offerType: 'none' }), '2026-11-27')?.problem).toBe(
      'offerTypeMismatch',
    );
    expect(
      renewalOfferProblem(
        report({ offerReceived: false, offerType: 'none', offerAmount: null }),
        '2026-11-27',
      ),
    ).toBeNull();
    expect(renewalOfferProblem(report({ offerAmount: 0 }), '2026-11-27')).toEqual({
      field: 'offerAmount',
      problem: 'amountMissing',
    });
    expect(
      renewalOfferProblem(report({ offerType: 'cash', offerAmount: 1_000_001 }), '2026-11-27')
        ?.problem,
    ).toBe('amountInvalid');
  });
});

describe('summarizeRenewalOffers', () => {
  it('counts only the last 12 months and takes medians per kind of offer', () => {
    const reports = [
      summarised({
        inquiredOn: '2026-11-27',
        offerAmount: 30_000,
        requirementSpend: 3000,
        requirementMonths: 3,
      }),
      summarised({ inquiredOn: '2026-06-01', offerAmount: 10_000, sample: true }),
      summarised({ inquiredOn: '2026-01-01', offerType: 'cash', offerAmount: 150 }),
      summarised({
        inquiredOn: '2025-12-01',
        offerReceived: false,
        offerType: 'none',
        offerAmount: null,
      }),
      summarised({
        inquiredOn: '2025-11-28',
        offerReceived: false,
        offerType: 'none',
        offerAmount: null,
      }),
      summarised({ inquiredOn: '2025-11-27', offerAmount: 99_000, sample: true }),
    ];
    const summary = summarizeRenewalOffers(reports, '2026-11-27');
    expect(summary).toMatchObject({
      reports: 5,
      enough: true,
      offered: 3,
      offerRate: 0.6,
      medianPoints: 20_000,
      medianCash: 150,
      medianRequiredSpend: 3000,
      since: '2025-11-28',
      samples: 1,
    });
    expect(summarizeRenewalOffers(reports.slice(1), '2026-11-27')).toMatchObject({
      reports: 4,
      enough: false,
      offerRate: null,
      offerRateLow: null,
    });
  });
});
