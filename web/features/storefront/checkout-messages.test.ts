import { describe, expect, it } from 'vitest';
import { checkoutFieldErrors } from '../payments/billing-fields.tsx';
import { serverTranslator } from '../../lib/i18n-server.ts';

/**
 * Every message the storefront's checkout can show for the rules of docs/product/storefront.md#checkout, as a member reads it in
 * each language: the payer's fields, the card, the billing address and the terms (the payments
 * catalog, the checks of core/payments/checkout-contract.ts), the programme account, the quantity
 * and the annual cap (the storefront catalog), and the server's refusals (common errors).
 */
const LANGUAGES = ['en', 'zh-Hant', 'zh-Hans'] as const;

const emptyForm = {
  name: '',
  email: 'not-an-email',
  holderName: '',
  address: { country: 'US', line1: '', line2: '', city: '', region: '', postalCode: '123' },
  company: '',
  taxId: '',
  termsAgreed: true,
};

describe.each(LANGUAGES)('the storefront checkout in %s', (language) => {
  const translator = serverTranslator(language);
  const payments = translator.fixedT('payments');
  const storefront = translator.fixedT('storefront');
  const common = translator.fixedT('common');

  it('names each wrong field of the payer, the card holder and the billing address', () => {
    const errors = checkoutFieldErrors(emptyForm, (key) => payments(key));
    expect(Object.keys(errors).sort()).toEqual([
      'address.city',
      'address.line1',
      'address.postalCode',
      'address.region',
      'email',
      'holderName',
      'name',
    ]);
    for (const message of Object.values(errors)) expect(message).toMatch(/\S/);
    // A malformed e-mail and postal code say so, rather than "enter…".
    expect(errors.email).toBe(payments('fieldErrors.emailFormat'));
    expect(errors['address.postalCode']).toBe(payments('fieldErrors.address.postalCodeFormat'));
    expect(payments('fieldErrors.card')).toMatch(/\S/);
    expect(payments('fieldErrors.terms')).toMatch(/\S/);
  });

  it('says what is wrong with the programme account, the quantity and the cap, with the figures', () => {
    expect(storefront('checkout.accountRequired', { label: 'LifeMiles' })).toContain('LifeMiles');
    const invalid = storefront('checkout.accountInvalid', {
      label: 'LifeMiles',
      example: '00123456789',
    });
    expect(invalid).toContain('00123456789');
    expect(storefront('checkout.accountNameRequired')).toMatch(/\S/);
    expect(storefront('buy.problem.below-minimum', { min: '1,000' })).toContain('1,000');
    expect(storefront('buy.problem.above-maximum', { max: '150,000' })).toContain('150,000');
    expect(storefront('buy.problem.not-in-increments', { step: '2,000' })).toContain('2,000');
    const cap = storefront('checkout.capReached', { remaining: '140,000', largest: '139,000' });
    expect(cap).toContain('140,000');
    expect(cap).toContain('139,000');
    expect(storefront('checkout.capUsed')).toMatch(/\S/);
    expect(storefront('checkout.nameMustMatch')).toMatch(/\S/);
    for (const name of [
      'STOREFRONT_CLOSED',
      'STOREFRONT_MAINTENANCE',
      'INVALID_QUANTITY',
      'INVALID_ACCOUNT',
      'CAP_REACHED',
      'ORDERS_CLOSED',
      'QUOTE_EXPIRED',
      'ORDER_CLOSED',
      'CARD_INFO_INCOMPLETE',
    ])
      expect(common(`errors.${name}`)).not.toBe(`errors.${name}`);
  });
});

describe('the checkout messages', () => {
  it('differ between the three languages (none left in English)', () => {
    const of = (language: (typeof LANGUAGES)[number]) => {
      const t = serverTranslator(language);
      return [
        t.fixedT('storefront')('checkout.accountInvalid', { label: 'X', example: '1' }),
        t.fixedT('storefront')('checkout.capReached', { remaining: '1', largest: '1' }),
        t.fixedT('payments')('fieldErrors.holderName'),
      ];
    };
    const [en, hant, hans] = LANGUAGES.map(of);
    for (let index = 0; index < en!.length; index += 1) {
      expect(new Set([en![index], hant![index], hans![index]]).size).toBe(3);
    }
  });
});
