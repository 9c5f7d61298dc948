/**
 * A store share as the add-store form sends it (core/shares/stores.ts): a physical store that does
 * not take US cards, with one declined card, so it passes every check. Tests change what they need.
 */
export function storeShare(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Costco 好市多',
    type: 'physical',
    category: 'supermarket',
    paymentMethods: ['credit-card'],
    usCardSupport: 'not-support',
    cards: [
      {
        cardId: null,
        cardName: 'X',
        network: 'visa',
        entry: 'chip',
        result: 'declined',
        acquirer: '',
        note: '',
      },
    ],
    ...overrides,
  };
}
