import { describe, expect, it } from 'vitest';
import { endDatesInText, proseEndDates } from './prose-dates.ts';

describe('end dates written in words', () => {
  it('reads the last days English and Chinese texts name', () => {
    expect(endDatesInText('1.5% above it with no cap (2025 offer, to 31 Dec 2025).')).toEqual([
      '2025-12-31',
    ]);
    expect(endDatesInText('3x through December 31, 2026, then 2x')).toEqual(['2026-12-31']);
    expect(endDatesInText('Offer ends 1/15/2027.')).toEqual(['2027-01-15']);
    expect(endDatesInText('valid until 2026-06-30')).toEqual(['2026-06-30']);
    expect(endDatesInText('活動期間 2026/10/1～2026/12/31')).toEqual(['2026-12-31']);
    expect(endDatesInText('須於 2026年12月31日 止前申辦')).toEqual(['2026-12-31']);
  });

  it('leaves alone dates that are not a last day: a start, a deadline to act, a cut-off', () => {
    expect(endDatesInText('Since 1 March 2026 the ratio is 5:4.')).toEqual([]);
    expect(endDatesInText('Spend $4,000 by 31 March 2026.')).toEqual([]);
    expect(endDatesInText('2025/10/26 前累積的點數仍可用舊制')).toEqual([]);
  });

  it('fails a record whose text names a last day no date field of it holds, passes one that does', () => {
    const offer = { amount: 2200, extra: { en: 'Apply from 1 to 31 December 2025.' } };
    expect(proseEndDates(offer)).toEqual([
      { field: 'extra.en', day: '2025-12-31', text: 'Apply from 1 to 31 December 2025.' },
    ]);
    expect(proseEndDates({ ...offer, until: '2025-12-31' })).toEqual([]);
    // The day must be the same one: a field with another day does not excuse the words.
    expect(proseEndDates({ ...offer, until: '2026-01-31' })).toHaveLength(1);
    // Why a fact is unconfirmed, and where it was read, are not facts of the record.
    expect(
      proseEndDates({
        unverified: ['The sale ran until 5 Dec 2026 per one report.'],
        source: 'https://example.com/until-1-jan-2027',
      }),
    ).toEqual([]);
  });
});
