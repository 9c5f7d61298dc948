import { describe, expect, it } from 'vitest';
import { renewalOfferProblem, type RenewalProblem } from '../../../core/shares/renewal-offers.ts';
import { storeProblem, type StoreProblem } from '../../../core/shares/stores.ts';
import { serverTranslator } from '../../lib/i18n-server.ts';

/**
 * Every message the share forms can show (docs/product/cards.md#stores-that-take-us-cards, the renewal report's checks, a
 * taken name, the link-copy notices of docs/product/messages.md#error-catalogue), in each language, and different in each.
 */
const LANGUAGES = ['en', 'zh-Hant', 'zh-Hans'] as const;
const RENEWAL_PROBLEMS: RenewalProblem[] = [
  'dateMissing',
  'dateInFuture',
  'dateTooOld',
  'spendInvalid',
  'heldInvalid',
  'requirementIncomplete',
  'requirementInvalid',
  'offerTypeMismatch',
  'amountMissing',
  'amountInvalid',
];
const STORE_PROBLEMS: StoreProblem[] = [
  'nameMissing',
  'nameTooLong',
  'paymentMissing',
  'supportMissing',
  'cardMissing',
  'cardNameMissing',
  'supportedCardMissing',
];

const message = (
  language: (typeof LANGUAGES)[number],
  key: string,
  values: Record<string, string> = {},
) => serverTranslator(language).fixedT('shares')(key, values);

describe.each(LANGUAGES)('the share forms in %s', (language) => {
  it('say what is wrong for every problem the checks can find', () => {
    for (const problem of RENEWAL_PROBLEMS)
      expect(message(language, `renewal.problems.${problem}`)).not.toBe(
        `renewal.problems.${problem}`,
      );
    for (const problem of STORE_PROBLEMS)
      expect(message(language, `stores.problems.${problem}`)).not.toBe(
        `stores.problems.${problem}`,
      );
    expect(message(language, 'stores.problems.taken', { name: 'Costco 好市多' })).toContain(
      'Costco 好市多',
    );
    expect(message(language, 'stores.form.editExisting', { name: 'Costco 好市多' })).toContain(
      'Costco 好市多',
    );
    expect(message(language, 'records:link.failed')).not.toBe('records:link.failed');
    expect(message(language, 'records:link.copied')).not.toBe('records:link.copied');
  });
});

describe('the store share’s checks', () => {
  it('find the problems in the spec’s order: the name, a payment method, the support, a card', () => {
    const card = {
      cardId: null,
      cardName: 'Chase Sapphire Preferred',
      network: 'visa' as const,
      entry: 'chip' as const,
      result: 'declined' as const,
      acquirer: '',
      note: '',
    };
    const order: StoreProblem[] = [];
    const form = {
      name: '',
      paymentMethods: [] as 'credit-card'[],
      usCardSupport: null as 'support' | null,
      cards: [] as (typeof card)[],
    };
    for (const fix of [
      () => (form.name = '好市多'),
      () => (form.paymentMethods = ['credit-card']),
      () => (form.usCardSupport = 'support'),
      () => (form.cards = [card]),
      () => (form.cards = [{ ...card, result: 'approved' as never }]),
    ]) {
      order.push(storeProblem(form)?.problem as StoreProblem);
      fix();
    }
    expect(order).toEqual([
      'nameMissing',
      'paymentMissing',
      'supportMissing',
      'cardMissing',
      'supportedCardMissing',
    ]);
    expect(storeProblem(form)).toBeNull();
  });

  it('never leave a report problem without a message, and differ between the languages', () => {
    const report = {
      inquiredOn: '2026-12-01',
      annualSpend: 1,
      heldYears: 1,
      heldMonths: 0,
      requirementSpend: null,
      requirementMonths: null,
      offerReceived: false,
      offerType: 'none' as const,
      offerAmount: null,
      detail: '',
      note: '',
    };
    const found = renewalOfferProblem(report, '2026-11-27');
    expect(found?.problem).toBe('dateInFuture');
    const texts = LANGUAGES.map((language) =>
      message(language, `renewal.problems.${found?.problem}`),
    );
    expect(new Set(texts).size).toBe(3);
    expect(
      new Set(LANGUAGES.map((language) => message(language, 'stores.problems.paymentMissing')))
        .size,
    ).toBe(3);
    expect(
      new Set(LANGUAGES.map((language) => message(language, 'records:link.failed'))).size,
    ).toBe(3);
  });
});
