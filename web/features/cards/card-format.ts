import type { TFunction } from '../../lib/translator.ts';
import { useCallback, useMemo } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import {
  COUNTRY_CURRENCY,
  localize,
  type Card,
  type EarnRate,
  type LocalizedText,
} from '../../../core/cards/card.ts';
import type { PointsCurrency } from '../../../core/cards/points-currency.ts';
import { INTL_LOCALES, type Language, type MoneyCurrency } from '../../../core/locale.ts';
import { convertMoney, formatMoney } from '../../../core/payments/money.ts';
import { useAppState } from '../../lib/app-context.tsx';
import { numberFormat } from '../../../core/intl.ts';

/** Card data carries en, zh-Hant and zh-Hans; Japanese reads the English. */
export function useLocalized(): (text: LocalizedText) => string {
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
  return useCallback((text: LocalizedText) => localize(text, language), [language]);
}

export function useCardFormat() {
  const { t, i18n } = useTranslation('cards');
  const language = i18n.language as Language;
  const { moneyCurrency, config } = useAppState();
  return useMemo(
    () => cardFormat(t, language, { currency: moneyCurrency, perUsd: config.rates.perUsd }),
    [t, language, moneyCurrency, config.rates],
  );
}

/**
 * How a card's amounts read in one language; `t` reads the `cards` namespace. Also used outside
 * React (a page's head). With `shown`, a fee in another money than the visitor's chosen one also
 * reads converted: "US$95 (≈ NT$3,040)".
 */
export function cardFormat(
  t: TFunction,
  language: Language,
  shown?: { currency: MoneyCurrency; perUsd: Record<MoneyCurrency, number> },
) {
  const money = (amount: number, currency: MoneyCurrency) =>
    formatMoney(amount, currency, language, { wholeWithoutCents: true });
  /** An amount in its own money, and about what it is in the chosen money when that differs. */
  const withShown = (amount: number, currency: MoneyCurrency) => {
    const converted =
      shown && shown.currency !== currency
        ? convertMoney(amount, currency, shown.currency, shown.perUsd)
        : null;
    return converted === null
      ? money(amount, currency)
      : `${money(amount, currency)} (≈ ${money(Math.round(converted), shown!.currency)})`;
  };
  const number = (value: number, digits = 0) =>
    numberFormat(INTL_LOCALES[language], { maximumFractionDigits: digits }).format(value);

  /** "miles" or "points", by what the card earns. */
  const unit = (card: Pick<Card, 'earns'>, currency: PointsCurrency | null | undefined) =>
    card.earns === 'cash' ? 'cash' : currency?.kind === 'airline' ? 'miles' : 'points';

  return {
    money,
    number,
    /** A card's fee in its own money, with the first year's when it differs. */
    fee: (card: Pick<Card, 'country' | 'annualFee' | 'firstYearFee'>) => {
      const currency = COUNTRY_CURRENCY[card.country];
      if (card.annualFee === 0) return t('fee.none');
      const yearly = withShown(card.annualFee, currency);
      if (card.firstYearFee === undefined) return yearly;
      return card.firstYearFee === 0
        ? t('fee.waivedFirstYear', { fee: yearly })
        : t('fee.firstYear', { fee: yearly, first: money(card.firstYearFee, currency) });
    },
    /** 3x, 1.5%, or "NT$22 / mile" for a Taiwan mile card. */
    rate: (
      card: Pick<Card, 'earns' | 'country'>,
      rate: Omit<EarnRate, 'note'>,
      currency: PointsCurrency | null | undefined,
    ) => {
      if (card.earns === 'cash') return t('rate.back', { rate: number(rate.rate, 2) });
      if (rate.rate < 1)
        return t(`rate.per.${unit(card, currency)}`, {
          money: money(Math.round((1 / rate.rate) * 100) / 100, COUNTRY_CURRENCY[card.country]),
        });
      return t(`rate.times.${unit(card, currency)}`, { rate: number(rate.rate, 2) });
    },
    /** The current welcome bonus in a line: "75,000 points after US$5,000 in 3 months". */
    bonus: (
      card: Pick<Card, 'earns' | 'country' | 'welcomeBonus'>,
      currency: PointsCurrency | null | undefined,
      offer = card.welcomeBonus,
    ) => {
      if (!offer || offer.amount === 0) return t('bonus.none');
      const amount =
        card.earns === 'cash'
          ? money(offer.amount, COUNTRY_CURRENCY[card.country])
          : t(`amount.${unit(card, currency)}`, {
              count: offer.amount,
              amount: number(offer.amount),
            });
      const line =
        offer.spend === 0
          ? amount
          : t('bonus.after', {
              amount,
              spend: money(offer.spend, COUNTRY_CURRENCY[card.country]),
              count: offer.months,
            });
      // A history record has no status; only the current offer can be unconfirmed.
      return 'status' in offer && offer.status === 'unconfirmed'
        ? t('bonus.unconfirmed', { offer: line })
        : line;
    },
    unit,
  };
}
