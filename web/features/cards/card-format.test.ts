import { describe, expect, it } from 'vitest';
import type { TFunction } from '../../lib/translator.ts';
import { cardFormat } from './card-format.ts';

// The strings' keys and values are enough to see what the format hands them.
const t = ((key: string, values?: Record<string, unknown>) =>
  values?.fee ? `${key} ${String(values.fee)}` : key) as unknown as TFunction;
const perUsd = { USD: 1, TWD: 32, CAD: 1.36, HKD: 7.8, CNY: 7.2 };

describe('a card fee in the visitor’s chosen money', () => {
  it('adds what a fee in another money is about in the chosen one, and nothing when they are the same', () => {
    const usCard = { country: 'US' as const, annualFee: 95 };
    expect(cardFormat(t, 'en', { currency: 'TWD', perUsd }).fee(usCard)).toBe('US$95 (≈ NT$3,040)');
    expect(cardFormat(t, 'en', { currency: 'USD', perUsd }).fee(usCard)).toBe('US$95');
    expect(cardFormat(t, 'zh-Hant').fee({ country: 'TW', annualFee: 1800, firstYearFee: 0 })).toBe(
      'fee.waivedFirstYear NT$1,800',
    );
    expect(
      cardFormat(t, 'en', { currency: 'TWD', perUsd }).fee({ country: 'US', annualFee: 0 }),
    ).toBe('fee.none');
  });
});
