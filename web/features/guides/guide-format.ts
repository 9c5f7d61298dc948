import { useMemo } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { localize, type LocalizedText } from '../../../core/cards/card.ts';
import type { Transfer } from '../../../core/cards/points-currency.ts';
import { INTL_LOCALES, type Language } from '../../../core/locale.ts';
import { dateTimeFormat, numberFormat } from '../../../core/intl.ts';

/** Numbers, ratios, dates and prices as the guides write them, in the page's language. */
export function useGuideFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
  return useMemo(() => {
    const locale = INTL_LOCALES[language];
    const number = (value: number, digits = 2) =>
      numberFormat(locale, { maximumFractionDigits: digits }).format(value);
    return {
      language,
      number,
      text: (value: LocalizedText) => localize(value, language),
      ratio: (ratio: Transfer['ratio']) => `${number(ratio.from)} : ${number(ratio.to)}`,
      /** A data date (YYYY-MM-DD) as a calendar date, read in UTC so it is the same day everywhere. */
      date: (iso: string) =>
        dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
          new Date(`${iso}T00:00:00Z`),
        ),
      /** A country or territory by its ISO code, named in the reader's language ('TW' → 臺灣); the code when unknown. */
      country: (() => {
        let names: Intl.DisplayNames | null = null;
        return (code: string) => {
          try {
            names ??= new Intl.DisplayNames([locale], { type: 'region' });
            return names.of(code) ?? code;
          } catch {
            return code;
          }
        };
      })(),
      /** A price in its own currency (sales are priced in US or Canadian dollars, euros, pounds or NT$). */
      price: (amount: number, currency: string) =>
        numberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 2 }).format(
          amount,
        ),
    };
  }, [language]);
}
