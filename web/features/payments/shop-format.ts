import { useMemo } from 'react';
import { localize, type LocalizedText } from '../../../core/cards/card.ts';
import { dateTimeFormat } from '../../../core/intl.ts';
import { INTL_LOCALES, type MoneyCurrency } from '../../../core/locale.ts';
import { formatMinor } from '../../../core/payments/money.ts';
import { useAppState } from '../../lib/app-context.tsx';

/** How the shop writes its words and figures: the page's language, money in minor units of the buyer's currency. */
export function useShopFormat() {
  const { language, moneyCurrency } = useAppState();
  return useMemo(() => {
    const lang = language === 'ja' ? 'en' : language;
    const day = dateTimeFormat(INTL_LOCALES[lang], {
      dateStyle: 'medium',
      timeZone: 'Asia/Taipei',
    });
    return {
      language: lang,
      currency: moneyCurrency,
      text: (value: LocalizedText) => localize(value, lang),
      money: (amount: number, currency: MoneyCurrency = moneyCurrency) =>
        formatMinor(amount, currency, lang),
      /** A shop day (Taipei) or an instant. */
      day: (value: string) =>
        day.format(new Date(value.length === 10 ? `${value}T12:00:00+08:00` : value)),
    };
  }, [language, moneyCurrency]);
}
