import type { Answer, AnswerSource } from '../../../core/assistant.ts';
import type { Card } from '../../../core/cards/card.ts';
import type { ProgrammeOnSale } from '../../../core/storefront/api-schemas.ts';
import { answerOf, LIST_SIZE } from './answer-of.ts';
import type { Answers } from './answers.ts';
import type { CardWish } from './understanding.ts';

/** Answers about what to hold and what to buy: cards (answers.ts#Answers.card) and the storefront's sales. */

/** 'Best card for dining', 'no annual fee cards with lounge access'. */
export function cardAnswer(a: Answers, wish: CardWish): Answer {
  const cards = a.knowledge.cards();
  const lounge = (card: Card) =>
    card.features.some((feature) =>
      /lounge|priority pass|貴賓室|贵宾室/i.test(feature.en + feature['zh-Hant']),
    );
  const cardSource = (card: Card): AnswerSource => ({
    title: card.name[a.language],
    href: `/cardplus/c/${card.id}`,
    asOf: card.asOf,
  });
  const item = (card: Card, text: string) => ({ text, href: `/cardplus/c/${card.id}` });
  const fee = (card: Card) =>
    card.annualFee === 0
      ? a.t('answer.noFee')
      : a.t('answer.fee', {
          fee: `${card.country === 'US' ? 'US$' : 'NT$'}${a.number(card.annualFee)}`,
        });
  if (wish.category) {
    const best = (country: Card['country']) =>
      cards
        .filter((card) => card.country === country && (!wish.noFee || card.annualFee === 0))
        .map((card) => {
          const rate = Math.max(
            ...card.earn
              .filter(
                (earn) =>
                  (earn.category === wish.category || earn.category === 'other') && !earn.condition,
              )
              .map((earn) => earn.rate),
          );
          return { card, rate, share: a.knowledge.returnOf(card, rate) };
        })
        .sort((a, b) => b.share - a.share)
        .slice(0, 3);
    const ranked = [...best('US'), ...best('TW')];
    return answerOf('card', {
      found: ranked.length > 0,
      paragraphs: [
        a.t('answer.cardCategory', { category: a.t(`category.${wish.category}`) }),
        a.t('answer.cardCategoryHow'),
      ],
      items: ranked.map(({ card, share }) =>
        item(
          card,
          a.t('answer.cardReturn', {
            name: card.name[a.language],
            percent: (share * 100).toFixed(1),
            fee: fee(card),
          }),
        ),
      ),
      sources: ranked.map(({ card }) => cardSource(card)),
    });
  }
  const matching = cards
    .filter((card) => (!wish.lounge || lounge(card)) && (!wish.noFee || card.annualFee === 0))
    .sort((a, b) => a.annualFee - b.annualFee);
  if (matching.length === 0 && wish.lounge && wish.noFee) {
    const cheapest = cards
      .filter(lounge)
      .sort((a, b) => a.annualFee - b.annualFee)
      .slice(0, 3);
    return answerOf('card', {
      found: false,
      paragraphs: [a.t('answer.cardNoFeeLoungeNone'), a.t('answer.cardCheapestLounge')],
      items: cheapest.map((card) => item(card, `${card.name[a.language]} (${fee(card)})`)),
      sources: cheapest.map(cardSource),
    });
  }
  const shown = matching.slice(0, LIST_SIZE);
  return answerOf('card', {
    found: shown.length > 0,
    paragraphs: [
      a.t(wish.lounge ? 'answer.cardLounge' : 'answer.cardNoFee', { count: matching.length }),
    ],
    items: shown.map((card) => item(card, `${card.name[a.language]} (${fee(card)})`)),
    sources: shown.map(cardSource),
  });
}

/** 'Is LifeMiles on sale now?': the storefront's sale of the programme today. */
export function storefrontAnswer(a: Answers, programme: string | null): Answer {
  const all = a.knowledge.storefront();
  const today = a.knowledge.today();
  const page = (id: string): AnswerSource => ({
    title: a.t('source.storefront', {
      name: all.find((one) => one.id === id)?.name[a.language] ?? id,
    }),
    href: `/storefront/buy/${id}`,
    asOf: today,
  });
  const onSale = all.filter((one) => one.campaign && one.campaign.state !== 'upcoming');
  const saleLine = (one: ProgrammeOnSale) =>
    a.t(one.campaign!.status === 'confirmed' ? 'answer.saleLine' : 'answer.saleLineUnconfirmed', {
      name: one.name[a.language],
      discount: one.campaign!.discountPercent,
      bonus: one.campaign!.bonusLadder.at(-1)?.percent ?? 0,
      end: one.campaign!.endsLocal.date,
    });
  const sold = programme ? all.find((one) => one.id === programme) : undefined;
  if (!sold) {
    return answerOf('storefront', {
      found: onSale.length > 0,
      paragraphs: [
        programme
          ? a.t('answer.notSold', {
              name: a.name(a.knowledge.programmeName(programme), programme),
            })
          : onSale.length
            ? a.t('answer.salesNow', { count: onSale.length })
            : a.t('answer.noSalesNow'),
      ],
      items: onSale.map((one) => ({ text: saleLine(one), href: `/storefront/buy/${one.id}` })),
      sources: [{ title: a.t('source.storefrontHome'), href: '/storefront', asOf: today }],
    });
  }
  const campaign = sold.campaign && sold.campaign.state !== 'upcoming' ? sold.campaign : null;
  return answerOf('storefront', {
    paragraphs: [
      campaign ? saleLine(sold) : a.t('answer.notOnSale', { name: sold.name[a.language] }),
      ...(campaign?.status === 'unconfirmed' ? [a.t('answer.unconfirmed')] : []),
    ],
    action: { label: a.t('answer.openStorefront'), href: `/storefront/buy/${sold.id}` },
    sources: [page(sold.id)],
  });
}
