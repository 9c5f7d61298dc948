import { useMemo } from 'react';
import { localize, type LocalizedText } from '../../../core/cards/card.ts';
import { dateTimeFormat, numberFormat } from '../../../core/intl.ts';
import { INTL_LOCALES } from '../../../core/locale.ts';
import { formatMoney } from '../../../core/payments/money.ts';
import { useAppState } from '../../lib/app-context.tsx';

/** How shared data writes its figures: amounts in the card's currency (US$, NT$), counts, days, shares as percentages. */
export function useShareFormat() {
  const { language } = useAppState();
  return useMemo(() => {
    const locale = INTL_LOCALES[language];
    const count = numberFormat(locale);
    const day = dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    return {
      language,
      text: (value: LocalizedText) => localize(value, language),
      count: (value: number) => count.format(value),
      money: (value: number, currency: 'USD' | 'TWD') =>
        formatMoney(Math.round(value), currency, language, { wholeWithoutCents: true }),
      /** A day, YYYY-MM-DD or an ISO instant's UTC day. */
      day: (value: string) => day.format(new Date(`${value.slice(0, 10)}T00:00:00Z`)),
      percent: (fraction: number) => `${Math.round(fraction * 100)}%`,
    };
  }, [language]);
}
