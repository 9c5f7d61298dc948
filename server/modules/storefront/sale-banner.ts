import { localize } from '../../../core/cards/card.ts';
import type { Language } from '../../../core/locale.ts';
import { formatMoney } from '../../../core/payments/money.ts';
import type { Promotion } from '../../../core/promotions.ts';
import type { ProgrammeOnSale } from '../../../core/storefront/api-schemas.ts';
import { offerTerms } from '../../../core/storefront/pricing.ts';
import { serverText } from '../../i18n.ts';
import type { StorefrontCatalogue } from './catalogue.ts';

/**
 * The storefront's live sale as the top campaign banner's promotion (docs/product/site.md#promotions, docs/product/storefront.md#sale-campaigns: 'fetch mileage
 * promotion by language'): "LifeMiles: up to 150% bonus, US$13.20 per 1,000 until Dec 5", linking
 * to the programme's sale page, in the visitor's language (Japanese reads English).
 */
export function salePromotion(
  catalogue: StorefrontCatalogue,
  language: Language,
): Promotion | null {
  const programme = catalogue.featured();
  if (!programme?.campaign) return null;
  return {
    id: `sale:${programme.campaign.id}`,
    title: saleTitle(programme, language),
    linkPath: `/storefront/buy/${programme.id}`,
    endsAt: programme.campaign.end,
  };
}

/** One programme's running sale in a line ("LifeMiles sale: up to 150% bonus, US$13.20 per 1,000 until 12/05"); the newsletter lists these too. */
export function saleTitle(programme: ProgrammeOnSale, language: Language): string {
  const campaign = programme.campaign;
  const lang: Exclude<Language, 'ja'> = language === 'ja' ? 'en' : language;
  const text = (key: string, values: Record<string, string | number> = {}) =>
    serverText('storefront', lang, key, values);
  const offer = campaign
    ? offerTerms(campaign)
        .map((term) => text(`offer.${term.key}`, { percent: term.percent }))
        .join(' + ')
    : '';
  return text('banner.title', {
    name: localize(programme.name, lang),
    offer,
    price: formatMoney(Math.round(programme.pricePer1000) / 100, programme.currency, lang),
    day: campaign?.endsLocal.date.slice(5).replace('-', '/') ?? '',
  });
}
