import { and, desc, gt, isNull, lte, or } from 'drizzle-orm';
import type { Card, LocalizedText } from '../../../core/cards/card.ts';
import { localize } from '../../../core/cards/card.ts';
import type { TransferBonus } from '../../../core/guides/transfers.ts';
import { numberFormat } from '../../../core/intl.ts';
import { INTL_LOCALES, type Language } from '../../../core/locale.ts';
import { promoEnd, type PromoEntry } from '../../../core/promotions.ts';
import { onSale, saleEnds } from '../../../core/shop/pricing.ts';
import type { ShopProduct } from '../../../core/shop/catalogue-schema.ts';
import type { ProgrammeOnSale } from '../../../core/storefront/api-schemas.ts';
import type { Db } from '../../db/client.ts';
import { promotions } from '../../db/schema/index.ts';
import { serverText } from '../../i18n.ts';

/** The parts of the site /promo reads, as the composition root hands them over. */
export interface PromoSources {
  db: Db;
  /** The storefront's programmes today (their running campaign, if any). */
  sales: () => ProgrammeOnSale[];
  saleTitle: (programme: ProgrammeOnSale, language: Language) => string;
  /** Every transfer bonus staff keep (confirmed ones running today are listed). */
  bonuses: () => TransferBonus[];
  /** Cards as they stand today. */
  cards: () => Card[];
  /** The shop's products (those with a discount running are listed). */
  products: () => ShopProduct[];
  /** A points currency's or programme's name. */
  name: (id: string) => LocalizedText | null;
  now: () => Date;
}

/**
 * Every promotion running now (docs/product/site.md#promotions), in one list, ending soonest
 * first (those with no end last): the storefront's sales, confirmed transfer bonuses, welcome
 * offers at the highest the card data has recorded, the shop's discounts, and the promotions staff entered. Unconfirmed
 * offers are never listed: /promo prices and dates only what a source confirms.
 */
export async function currentPromotions(
  sources: PromoSources,
  language: Language,
): Promise<PromoEntry[]> {
  const now = sources.now();
  const today = now.toISOString().slice(0, 10);
  const lang: Exclude<Language, 'ja'> = language === 'ja' ? 'en' : language;
  const text = (key: string, values: Record<string, string | number>) =>
    serverText('pages/promo', lang, `promo.${key}`, values);
  const named = (id: string) => {
    const name = sources.name(id);
    return name ? localize(name, lang) : id;
  };
  const count = numberFormat(INTL_LOCALES[lang]).format;

  const sales: PromoEntry[] = sources.sales().flatMap((programme) =>
    programme.campaign && programme.campaign.status === 'confirmed'
      ? [
          {
            id: `sale:${programme.campaign.id}`,
            kind: 'sale' as const,
            title: sources.saleTitle(programme, lang),
            linkPath: `/storefront/buy/${programme.id}`,
            // The last day as the programme announced it, on its own clock.
            endsAt: programme.campaign.endsLocal.date,
          },
        ]
      : [],
  );
  const bonuses: PromoEntry[] = sources
    .bonuses()
    .filter((bonus) => bonus.status === 'confirmed' && bonus.start <= today && today <= bonus.end)
    .map((bonus) => ({
      id: `bonus:${bonus.id}`,
      kind: 'transfer-bonus' as const,
      title: text('entryBonus', {
        from: named(bonus.from),
        to: named(bonus.to),
        percent: bonus.percent,
      }),
      linkPath: `/rewardslib/${bonus.to}`,
      endsAt: bonus.end,
    }));
  // A welcome offer at the highest the card's history records, raised to it from a lower one
  // within the last year: a high worth telling, not a card's standing offer.
  const yearAgo = new Date(now.getTime() - 365 * 86_400_000).toISOString().slice(0, 10);
  const offers: PromoEntry[] = sources.cards().flatMap((card) => {
    const offer = card.welcomeBonus;
    const history = card.bonusHistory;
    if (!offer || offer.status === 'unconfirmed' || history.length < 2) return [];
    const amounts = history.map((record) => record.amount);
    if (offer.amount < Math.max(...amounts) || offer.amount <= Math.min(...amounts)) return [];
    // The day the offer reached this amount: the first record of its last run.
    let reached = history.length - 1;
    while (reached > 0 && history[reached - 1]!.amount === offer.amount) reached -= 1;
    if (reached === 0 || history[reached]!.date < yearAgo) return [];
    return [
      {
        id: `card:${card.id}`,
        kind: 'card-offer' as const,
        title: text(card.earns === 'cash' ? 'entryCardCash' : 'entryCard', {
          card: localize(card.name, lang),
          amount: count(offer.amount),
          unit: named(card.earns),
          currency: card.country === 'TW' ? 'NT$' : 'US$',
        }),
        linkPath: `/cardplus/c/${card.id}`,
        endsAt: offer.until ?? null,
      },
    ];
  });
  const rows = await sources.db
    .select()
    .from(promotions)
    .where(
      and(lte(promotions.startsAt, now), or(isNull(promotions.endsAt), gt(promotions.endsAt, now))),
    )
    .orderBy(desc(promotions.startsAt));
  const site: PromoEntry[] = rows.map((row) => ({
    id: `site:${row.id}`,
    kind: 'site' as const,
    title: { en: row.titleEn, 'zh-Hant': row.titleZhHant, 'zh-Hans': row.titleZhHans }[lang],
    linkPath: row.linkPath,
    endsAt: row.endsAt?.toISOString() ?? null,
  }));
  const shop: PromoEntry[] = sources
    .products()
    .filter((product) => onSale(product.saleUntil, now))
    .map((product) => ({
      id: `shop:${product.id}`,
      kind: 'shop-discount' as const,
      title: text('shopDiscount', { product: localize(product.title, lang) }),
      linkPath: `/shop/product/${product.id}`,
      endsAt: saleEnds(product.saleUntil!).toISOString(),
    }));
  // Ending soonest first.
  return [...sales, ...bonuses, ...offers, ...shop, ...site].sort(
    (a, b) => promoEnd(a) - promoEnd(b),
  );
}
