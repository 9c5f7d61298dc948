import { useMemo } from 'react';
import { localize, type LocalizedText } from '../../../core/cards/card.ts';
import { dateTimeFormat, numberFormat } from '../../../core/intl.ts';
import { INTL_LOCALES, type MoneyCurrency } from '../../../core/locale.ts';
import type { CampaignView } from '../../../core/storefront/api-schemas.ts';
import { offerTerms } from '../../../core/storefront/pricing.ts';
import { useAppState } from '../../lib/app-context.tsx';
import { useShownMoney } from '../../lib/shown-money.ts';
import { useTranslation } from '../../lib/translation.tsx';

/**
 * How the storefront writes its figures: prices per 1,000 in the programme's currency with the
 * member's beside ("≈ NT$473 (US$15)"), miles with separators, a campaign's end as the programme
 * announced it (its own day, time and UTC offset, drawn without Intl so server and browser agree).
 */
export function useStorefrontFormat() {
  const { language } = useAppState();
  const { t } = useTranslation('storefront');
  const money = useShownMoney();
  return useMemo(() => {
    const locale = INTL_LOCALES[language];
    const day = dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    const count = numberFormat(locale);
    const minor = (amount: number, currency: MoneyCurrency) =>
      money.charged(Math.round(amount) / 100, currency);
    return {
      language,
      text: (value: LocalizedText) => localize(value, language),
      miles: (value: number) => count.format(value),
      /** A price in minor units, the member's currency first when it is another. */
      money: minor,
      /** A day, YYYY-MM-DD or an ISO instant's UTC day. */
      day: (value: string) => day.format(new Date(`${value.slice(0, 10)}T00:00:00Z`)),
      /** "Dec 5, 2026, 23:59 (UTC−05:00)". */
      ends: (campaign: Pick<CampaignView, 'endsLocal'>) =>
        t('ends.at', {
          day: day.format(new Date(`${campaign.endsLocal.date}T00:00:00Z`)),
          time: campaign.endsLocal.time,
          zone: `UTC${campaign.endsLocal.offset.replace('-', '−')}`,
        }),
      /** What a campaign gives, in words: "35% off", "Up to 150% bonus", "20% off + up to 50% bonus". */
      offer: (campaign: Pick<CampaignView, 'discountPercent' | 'bonusLadder'>) =>
        offerTerms(campaign)
          .map((term) => t(`offer.${term.key}`, { percent: term.percent }))
          .join(' + '),
      shown: money,
    };
  }, [language, t, money]);
}
