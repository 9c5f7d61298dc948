import { describe, expect, it } from 'vitest';
import { valueCard } from '../../../core/cards/finder.ts';
import { cardData, type CardData } from '../../../data/cards.ts';
import { CardCatalogue } from './catalogue.ts';

/**
 * The catalogue reads data/ as it stands on the day of its clock: a welcome offer past its last
 * day is no longer current (the history keeps it), and a transfer ratio is the one of the day.
 */
const data = cardData();
const sapphire = data.cards.find((card) => card.id === 'chase-sapphire-preferred')!;
// The shipped offer, given a last day, so the test does not depend on which offers run today.
const withEnd: CardData = {
  ...data,
  cards: data.cards.map((card) =>
    card === sapphire
      ? {
          ...card,
          welcomeBonus: { ...card.welcomeBonus!, until: '2026-12-31' },
          bonusHistory: card.bonusHistory.map((record, index) =>
            index === card.bonusHistory.length - 1 ? { ...record, until: '2026-12-31' } : record,
          ),
        }
      : card,
  ),
};

function catalogueOn(day: string) {
  let now = new Date(`${day}T12:00:00Z`);
  const catalogue = new CardCatalogue(withEnd, () => now);
  return { catalogue, moveTo: (next: string) => (now = new Date(`${next}T12:00:00Z`)) };
}

describe('the card catalogue on a given day', () => {
  it('shows a welcome offer up to its last day and drops it the day after, keeping its history', () => {
    const { catalogue, moveTo } = catalogueOn('2026-12-31');
    expect(catalogue.get(sapphire.id)?.welcomeBonus).toMatchObject({
      amount: sapphire.welcomeBonus!.amount,
      until: '2026-12-31',
    });
    moveTo('2027-01-01');
    const after = catalogue.get(sapphire.id)!;
    expect(after.welcomeBonus).toBeNull();
    expect(after.bonusHistory.at(-1)).toMatchObject({
      amount: sapphire.welcomeBonus!.amount,
      until: '2026-12-31',
    });
    // The list reads the same day.
    expect(
      catalogue.list({ country: 'US' }).find((card) => card.id === sapphire.id)?.welcomeBonus,
    ).toBeNull();
  });

  it('leaves the offer out of the finder’s first-year value the day after it ends', () => {
    const { catalogue, moveTo } = catalogueOn('2026-12-31');
    const spend = { dining: 2000, other: 2000 };
    const worth = { cents: data.currencies.get(sapphire.earns)!.cents, cash: false };
    const before = valueCard(catalogue.get(sapphire.id)!, spend, 'USD', worth, data.rates);
    moveTo('2027-01-01');
    const after = valueCard(catalogue.get(sapphire.id)!, spend, 'USD', worth, data.rates);
    expect(before.bonus?.reachable).toBe(true);
    expect(after.bonus).toBeNull();
    expect(after.firstYear).toBeLessThan(before.firstYear);
    expect(after.ongoing).toBe(before.ongoing);
  });

  it('gives a card’s transfer partners at the ratio of the day: Amex → Asia Miles 1:1 until February 2026, 5:4 after', () => {
    const { catalogue, moveTo } = catalogueOn('2026-02-28');
    const gold = data.cards.find((card) => card.earns === 'amex-mr')!;
    const asiaMiles = () =>
      catalogue
        .partnersOf(catalogue.get(gold.id)!)
        .filter((partner) => partner.programme === 'asia-miles');
    expect(asiaMiles().map((partner) => partner.ratio)).toEqual([{ from: 1, to: 1 }]);
    moveTo('2026-03-01');
    expect(asiaMiles().map((partner) => partner.ratio)).toEqual([{ from: 5, to: 4 }]);
  });
});
