import type { Language, MoneyCurrency } from '../../core/locale.ts';

const LOCALE_OF: Record<Language, string> = { en: 'en-US', 'zh-Hant': 'zh-TW', 'zh-Hans': 'zh-CN', ja: 'ja-JP' };
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
