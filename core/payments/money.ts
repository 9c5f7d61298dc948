import { INTL_LOCALES, MONEY_CURRENCIES, type Language, type MoneyCurrency } from '../locale.ts';
import { numberFormat } from '../intl.ts';

/**
 * Money in payments is an integer count of minor units (cents; fen for CNY; TWD too is kept in
 * hundredths, though its prices are whole dollars), so sums never meet floating point.
 */
export interface Money {
  amount: number;
  currency: MoneyCurrency;
}

export const MINOR_UNITS_PER_MAJOR = 100;

/** A price in minor units per money currency. */
export type PriceList = Record<MoneyCurrency, number>;

/**
 * Reads a price list setting such as "USD 4.99, TWD 150, CAD 6.49, HKD 38, CNY 35". Every money
 * currency (docs/product/README.md#money-currencies) must have a price; an error names what is
 * wrong.
 */
export function parsePriceList(text: string): { prices: PriceList } | { error: string } {
  const prices: Partial<PriceList> = {};
  for (const item of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^([A-Z]{3})\s+(\d{1,7}(?:\.\d{1,2})?)$/.exec(item);
    if (!match) return { error: `"${item}" is not a price like "USD 4.99"` };
    const currency = match[1] as MoneyCurrency;
    if (!(MONEY_CURRENCIES as readonly string[]).includes(currency))
      return { error: `${currency} is not one of ${MONEY_CURRENCIES.join(', ')}` };
    const amount = Math.round(Number(match[2]) * MINOR_UNITS_PER_MAJOR);
    if (amount <= 0) return { error: `the ${currency} price must be above zero` };
    prices[currency] = amount;
  }
  const missing = MONEY_CURRENCIES.filter((currency) => prices[currency] === undefined);
  if (missing.length > 0) return { error: `no price in ${missing.join(', ')}` };
  return { prices: prices as PriceList };
}

/** Minor units as a major amount, for display. */
export function toMajor(amount: number): number {
  return amount / MINOR_UNITS_PER_MAJOR;
}

/** Taiwan dollars are quoted without cents in everyday prices. */
const FRACTION_DIGITS: Record<MoneyCurrency, number> = { USD: 2, TWD: 0, CAD: 2, HKD: 2, CNY: 2 };

const BARE_DOLLAR_PREFIX: Partial<Record<MoneyCurrency, string>> = { USD: 'US$', TWD: 'NT$' };

/**
 * A major amount (4.99) in the language's way of writing money. `wholeWithoutCents` writes a
 * whole amount as US$95 rather than US$95.00 (fees and spend requirements).
 */
export function formatMoney(
  amount: number,
  currency: MoneyCurrency,
  language: Language,
  options: { wholeWithoutCents?: boolean } = {},
): string {
  const digits =
    options.wholeWithoutCents && Number.isInteger(amount) ? 0 : FRACTION_DIGITS[currency];
  const text = numberFormat(INTL_LOCALES[language], {
    style: 'currency',
    currency,
    currencyDisplay: 'symbol',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
  // English writes US dollars, and Taiwan's Chinese writes NT dollars, as a bare "$": a reader
  // could take either for the other, so the dollar always says whose it is.
  const prefix = BARE_DOLLAR_PREFIX[currency];
  return prefix ? text.replace(/(^|[^A-Z])\$/, (_, before: string) => `${before}${prefix}`) : text;
}

/** An amount in one money currency converted into another by a rate table (units per US dollar); null when a rate is missing. */
export function convertMoney(
  amount: number,
  from: MoneyCurrency,
  to: MoneyCurrency,
  perUsd: Record<MoneyCurrency, number>,
): number | null {
  if (from === to) return amount;
  const fromRate = perUsd[from];
  const toRate = perUsd[to];
  return fromRate && toRate ? (amount / fromRate) * toRate : null;
}

/** Minor units written as money; an amount with cents in TWD keeps them rather than rounding them away. */
export function formatMinor(amount: number, currency: MoneyCurrency, language: Language): string {
  const major = toMajor(amount);
  if (currency === 'TWD' && !Number.isInteger(major)) {
    return numberFormat(INTL_LOCALES[language], {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(major);
  }
  return formatMoney(major, currency, language);
}
