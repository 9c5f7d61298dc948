import type { CardPreferences, Wallet } from '../../../core/cards/catalogue.ts';
import type { Card } from '../../../core/cards/card.ts';
import type { PointsCurrency } from '../../../core/cards/points-currency.ts';
import type { CardReference, PartnerView } from '../../../core/cards/reference.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';

/** The CardPlus API as the pages call it (docs/cards.md). */
export const cardsApi = {
  list: () => apiGet<{ cards: Card[] }>('/api/cards').then((answer) => answer.cards),
  reference: () => apiGet<CardReference>('/api/cards/reference'),
  card: (id: string) =>
    apiGet<{ card: Card; currency: PointsCurrency | null; partners: PartnerView[] }>(
      `/api/cards/${encodeURIComponent(id)}`,
    ),
  preferences: () =>
    apiGet<{ preferences: CardPreferences }>('/api/card-preferences').then(
      (answer) => answer.preferences,
    ),
  savePreferences: (preferences: CardPreferences) =>
    apiSend<{ preferences: CardPreferences }>('PUT', '/api/card-preferences', preferences).then(
      (answer) => answer.preferences,
    ),
  wallet: () => apiGet<{ wallet: Wallet }>('/api/wallet').then((answer) => answer.wallet),
  addCard: (cardId: string, since: string | null) =>
    apiSend<{ wallet: Wallet }>('POST', '/api/wallet/cards', { cardId, since }).then(
      (answer) => answer.wallet,
    ),
  removeCard: (cardId: string) =>
    apiSend<{ wallet: Wallet }>('DELETE', `/api/wallet/cards/${encodeURIComponent(cardId)}`).then(
      (answer) => answer.wallet,
    ),
  setBalance: (programme: string, balance: number) =>
    apiSend<{ wallet: Wallet }>('PUT', `/api/wallet/balances/${encodeURIComponent(programme)}`, {
      balance,
    }).then((answer) => answer.wallet),
  removeBalance: (programme: string) =>
    apiSend<{ wallet: Wallet }>(
      'DELETE',
      `/api/wallet/balances/${encodeURIComponent(programme)}`,
    ).then((answer) => answer.wallet),
};
