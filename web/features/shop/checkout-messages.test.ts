import { describe, expect, it } from 'vitest';
import { ERROR_NAMES } from '../../../core/api.ts';
import { serverTranslator } from '../../lib/i18n-server.ts';
import { shippingErrors } from './shop-checkout.tsx';

/**
 * Every message the shop's checkout can show (docs/product/shop.md#checkout), as a buyer reads it
 * in each language: each wrong field of the shipping address, the refusals of the server (stock,
 * the hold, the cart, the address, a download link), and the steps' own notices.
 */
const LANGUAGES = ['en', 'zh-Hant', 'zh-Hans'] as const;
const english = serverTranslator('en');

describe.each(LANGUAGES)('the shop checkout in %s', (language) => {
  const translator = serverTranslator(language);
  const shop = translator.fixedT('shop');
  const common = translator.fixedT('common');

  it('names each wrong field of a US address, and a malformed phone and postal code as such', () => {
    const errors = shippingErrors(
      {
        name: '',
        phone: '12',
        country: 'US',
        line1: '',
        line2: '',
        city: '',
        region: '',
        postalCode: '1234',
      },
      (key) => shop(key),
    );
    expect(errors).toEqual({
      'shipping.name': shop('shipping.errors.name'),
      'shipping.phone': shop('shipping.errors.phoneFormat'),
      'shipping.line1': shop('shipping.errors.line1'),
      'shipping.city': shop('shipping.errors.city'),
      'shipping.region': shop('shipping.errors.region'),
      'shipping.postalCode': shop('shipping.errors.postalCodeFormat'),
    });
    const empty = shippingErrors(
      {
        name: 'Mei',
        phone: '',
        country: 'TW',
        line1: 'x',
        line2: '',
        city: 'Taipei',
        region: '',
        postalCode: '',
      },
      (key) => shop(key),
    );
    expect(empty).toEqual({
      'shipping.phone': shop('shipping.errors.phone'),
      'shipping.postalCode': shop('shipping.errors.postalCode'),
    });
  });

  it('words every refusal of the server and every notice of the steps in this language', () => {
    const shopErrors = ERROR_NAMES.filter((name) => name.startsWith('SHOP_'));
    expect(shopErrors.length).toBeGreaterThanOrEqual(8);
    const notices = [
      ...shopErrors.map((name) => common(`errors.${name}`)),
      shop('checkout.outOfStock'),
      shop('checkout.expired'),
      shop('checkout.held', { time: '14:05' }),
      shop('product.onlyLeft', { count: 2 }),
      shop('product.overLimit', { max: 5 }),
      shop('cart.fixShort'),
    ];
    for (const notice of notices) expect(notice).toMatch(/\S/);
    expect(shop('checkout.held', { time: '14:05' })).toContain('14:05');
    expect(shop('product.onlyLeft', { count: 2 })).toContain('2');
    // Translated, not the English left in place.
    if (language !== 'en')
      for (const name of shopErrors)
        expect(common(`errors.${name}`)).not.toBe(english.fixedT('common')(`errors.${name}`));
  });
});
