import { describe, expect, it } from 'vitest';
import { BILLING_COUNTRIES, defaultBillingCountry } from './checkout-contract.ts';

describe('the billing country a checkout starts with', () => {
  it('follows the member’s money currency, so a US-dollar member is not put in Taiwan', () => {
    expect(defaultBillingCountry('USD')).toBe('US');
    expect(defaultBillingCountry('TWD')).toBe('TW');
    expect(defaultBillingCountry('CAD')).toBe('CA');
    expect(defaultBillingCountry('HKD')).toBe('HK');
    expect(defaultBillingCountry('CNY')).toBe('CN');
    expect(defaultBillingCountry('XYZ')).toBe('US');
    for (const currency of ['USD', 'TWD', 'CAD', 'HKD', 'CNY'])
      expect(BILLING_COUNTRIES).toContain(defaultBillingCountry(currency));
  });
});
