import { useMemo } from 'react';
import type { MoneyCurrency } from '../../core/locale.ts';
import { convertMoney, formatMoney } from '../../core/payments/money.ts';
import { useAppState } from './app-context.tsx';

/**
 * Prices in the visitor's chosen money currency (docs/first-use.md#language-and-currency). An amount kept in
 * another currency (an award's cash fare and fees, a US card's fee) is converted by the rate
 * table of its day and marked "≈"; `asOf` is that day, for the note under a list of prices.
 */
export function useShownMoney() {
  const { moneyCurrency, language, config } = useAppState();
  return useMemo(() => {
    const shown = (
      amount: number,
      from: MoneyCurrency = 'USD',
      options: { whole?: boolean } = {},
    ) => {
      const converted = convertMoney(amount, from, moneyCurrency, config.rates.perUsd);
      if (from === moneyCurrency || converted === null)
        return formatMoney(amount, from, language, { wholeWithoutCents: options.whole ?? false });
      // A converted amount is an estimate: whole units, marked as about.
      return `≈ ${formatMoney(Math.round(converted), moneyCurrency, language, { wholeWithoutCents: true })}`;
    };
    return {
      currency: moneyCurrency,
      asOf: config.rates.asOf,
      /** Whether an amount kept in `from` is shown converted. */
      converts: (from: MoneyCurrency = 'USD') =>
        from !== moneyCurrency &&
        convertMoney(1, from, moneyCurrency, config.rates.perUsd) !== null,
      shown,
      /** The amount in the chosen currency, and as it is charged when that is another: "≈ NT$640 (US$20)". */
      charged: (amount: number, from: MoneyCurrency = 'USD') => {
        const converted = shown(amount, from);
        return from === moneyCurrency || !converted.startsWith('≈')
          ? converted
          : `${converted} (${formatMoney(amount, from, language, { wholeWithoutCents: true })})`;
      },
    };
  }, [moneyCurrency, language, config.rates]);
}
