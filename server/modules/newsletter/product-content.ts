import { localize } from '../../../core/cards/card.ts';
import type { Card } from '../../../core/cards/card.ts';
import type { ArticleSummary } from '../../../core/articles/articles.ts';
import { articlePath } from '../../../core/articles/articles.ts';
import { INTL_LOCALES } from '../../../core/locale.ts';
import type { MailLanguage } from '../../../core/newsletter.ts';
import type { ProgrammeOnSale } from '../../../core/storefront/api-schemas.ts';
import { emailText } from '../mail/index.ts';
import { saleTitle } from '../storefront/index.ts';
import type { ProductSection } from './newsletter-mail.ts';
import type { ProductContent } from './newsletter-sender.ts';

/** A card's welcome offer counts as news this long after its latest dated record. */
const CARD_NEWS_DAYS = 60;
/** An article counts as new this long after it was published. */
const ARTICLE_NEWS_DAYS = 30;
const MAX_ITEMS = 6;

/** Where the product's content comes from: the storefront's programmes, the card catalogue, the articles. */
export interface ProductSources {
  sales: () => ProgrammeOnSale[];
  cards: () => Card[];
  articles: () => Promise<ArticleSummary[]>;
}

/**
 * The product's live content for an issue (docs/newsletter.md#composing), each line linking back
 * to its page: the storefront's running sales, cards whose welcome offer is new or changed, and
 * newly published articles.
 */
export function productContent(
  sources: ProductSources & { absolute: (path: string) => string; now: () => Date },
): ProductContent {
  return async (sections, language: MailLanguage) => {
    const t = (key: string, values: Record<string, string | number> = {}) =>
      emailText(language, `newsletter.${key}`, values);
    const number = new Intl.NumberFormat(INTL_LOCALES[language]);
    const day = new Intl.DateTimeFormat(INTL_LOCALES[language], {
      dateStyle: 'medium',
      timeZone: 'UTC',
    });
    const since = (days: number) => sources.now().getTime() - days * 86_400_000;
    const made: ProductSection[] = [];
    for (const section of sections) {
      if (section === 'sales') {
        const items = sources
          .sales()
          .filter((programme) => programme.campaign)
          .slice(0, MAX_ITEMS)
          .map((programme) => ({
            title: saleTitle(programme, language),
            url: sources.absolute(`/storefront/buy/${programme.id}`),
          }));
        made.push({
          heading: t('salesHeading'),
          items:
            items.length > 0
              ? items
              : [{ title: t('noSales'), url: sources.absolute('/storefront/event') }],
        });
      }
      if (section === 'cards') {
        const items = sources
          .cards()
          .flatMap((card) => {
            const latest = card.bonusHistory[card.bonusHistory.length - 1];
            // A newsletter announces only an offer a source confirms.
            if (
              !latest ||
              card.welcomeBonus?.status !== 'confirmed' ||
              Date.parse(`${latest.date}T00:00:00Z`) < since(CARD_NEWS_DAYS)
            )
              return [];
            return [{ card, date: latest.date }];
          })
          .sort((a, b) => b.date.localeCompare(a.date))
          .slice(0, MAX_ITEMS)
          .map(({ card, date }) => ({
            title: localize(card.name, language),
            detail: t('cardOffer', {
              amount: number.format(card.welcomeBonus?.amount ?? 0),
              spend: new Intl.NumberFormat(INTL_LOCALES[language], {
                style: 'currency',
                currency: card.country === 'TW' ? 'TWD' : 'USD',
                maximumFractionDigits: 0,
              }).format(card.welcomeBonus?.spend ?? 0),
              months: card.welcomeBonus?.months ?? 0,
              day: day.format(new Date(`${date}T00:00:00Z`)),
            }),
            url: sources.absolute(`/cardplus/c/${card.id}`),
          }));
        made.push({
          heading: t('cardsHeading'),
          items:
            items.length > 0
              ? items
              : [{ title: t('noCards'), url: sources.absolute('/cardplus/allcards') }],
        });
      }
      if (section === 'articles') {
        const items = (await sources.articles())
          .filter(
            (article) =>
              !article.sample &&
              article.slug &&
              article.publishedAt &&
              Date.parse(article.publishedAt) >= since(ARTICLE_NEWS_DAYS),
          )
          .slice(0, MAX_ITEMS)
          .map((article) => ({
            title: article.title,
            detail: t('articleBy', { author: article.author.name }),
            url: sources.absolute(articlePath(article.slug ?? '')),
          }));
        made.push({
          heading: t('articlesHeading'),
          items:
            items.length > 0
              ? items
              : [{ title: t('noArticles'), url: sources.absolute('/share') }],
        });
      }
    }
    return made;
  };
}
