import type { Card } from './card.ts';

/**
 * The curated card lists of /collections/cc (docs/product/cards.md#card-collections), each a rule on
 * the catalogue's own fields rather than a hand-picked list, so a card joins or leaves a list when
 * its data changes and no list claims more than the data says. Business cards are left out: the
 * lists are for a person choosing a card.
 */
export const CARD_GOALS = ['first-card', 'airline-miles', 'hotel-points', 'no-annual-fee'] as const;
export type CardGoal = (typeof CARD_GOALS)[number];

type ListedCard = Pick<
  Card,
  'id' | 'kind' | 'business' | 'annualFee' | 'firstYearFee' | 'foreignFee' | 'country'
>;

const noFee = (card: ListedCard) => card.annualFee === 0 && (card.firstYearFee ?? 0) === 0;

const RULES: Record<CardGoal, (card: ListedCard) => boolean> = {
  // Easy to hold from the start: no yearly fee, and none on spending abroad.
  'first-card': (card) => noFee(card) && card.foreignFee === 0,
  // Co-branded cards earn a programme's miles or points directly.
  'airline-miles': (card) => card.kind === 'airline',
  'hotel-points': (card) => card.kind === 'hotel',
  'no-annual-fee': noFee,
};

/** The personal cards that meet a goal's rule, US cards first, in catalogue order. */
export function cardsForGoal<T extends ListedCard>(cards: readonly T[], goal: CardGoal): T[] {
  const listed = cards.filter((card) => !card.business && RULES[goal](card));
  return [
    ...listed.filter((card) => card.country === 'US'),
    ...listed.filter((card) => card.country !== 'US'),
  ];
}
