import { INTL_LOCALES as LOCALE_OF, type Language, type MoneyCurrency } from '../../core/locale.ts';

/** Taiwan dollars are quoted without cents in everyday prices. */
const FRACTION_DIGITS: Record<MoneyCurrency, number> = { USD: 2, TWD: 0, CAD: 2, HKD: 2, CNY: 2 };

export function formatMoney(amount: number, currency: MoneyCurrency, language: Language): string {
  const digits = FRACTION_DIGITS[currency];
  return new Intl.NumberFormat(LOCALE_OF[language], {
    style: 'currency',
    currency,
    currencyDisplay: 'symbol',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
}
