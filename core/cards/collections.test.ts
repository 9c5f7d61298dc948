import { describe, expect, it } from 'vitest';
import { cardData } from '../../data/cards.ts';
import { CARD_GOALS, cardsForGoal } from './collections.ts';

describe('the curated card lists', () => {
  const { cards } = cardData();

  it('hold, for each goal, only personal cards whose own data meets its rule, and none is empty', () => {
    for (const goal of CARD_GOALS) {
      const listed = cardsForGoal(cards, goal);
      expect({ goal, some: listed.length > 0 }).toEqual({ goal, some: true });
      expect(listed.every((card) => !card.business)).toBe(true);
    }
    for (const card of cardsForGoal(cards, 'no-annual-fee'))
      expect([card.annualFee, card.firstYearFee ?? 0]).toEqual([0, 0]);
    for (const card of cardsForGoal(cards, 'first-card'))
      expect([card.annualFee, card.foreignFee]).toEqual([0, 0]);
    expect(cardsForGoal(cards, 'airline-miles').every((card) => card.kind === 'airline')).toBe(
      true,
    );
    expect(cardsForGoal(cards, 'hotel-points').every((card) => card.kind === 'hotel')).toBe(true);
  });

  it('leave out a card with a fee, a business card and a card charging abroad where the rule says', () => {
    const base = {
      kind: 'cash-back' as const,
      business: false,
      annualFee: 0,
      foreignFee: 0,
      country: 'TW' as const,
    };
    const sample = [
      { ...base, id: 'tw-free' },
      { ...base, id: 'us-free', country: 'US' as const },
      { ...base, id: 'fee', annualFee: 95 },
      { ...base, id: 'first-year', annualFee: 0, firstYearFee: 95 },
      { ...base, id: 'business', business: true },
      { ...base, id: 'abroad', foreignFee: 3 },
    ];
    expect(cardsForGoal(sample, 'no-annual-fee').map((card) => card.id)).toEqual([
      'us-free',
      'tw-free',
      'abroad',
    ]);
    expect(cardsForGoal(sample, 'first-card').map((card) => card.id)).toEqual([
      'us-free',
      'tw-free',
    ]);
  });
});
