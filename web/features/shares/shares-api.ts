import type { LocalizedText } from '../../../core/cards/card.ts';
import type {
  RenewalCardReports,
  RenewalOfferInput,
  RenewalOfferView,
  RenewalOverview,
} from '../../../core/shares/renewal-offers.ts';
import type {
  StoreCard,
  StoreInput,
  StoreListQuery,
  StoreView,
} from '../../../core/shares/stores.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';

/** The shared-data calls (docs/shares.md#api). */
export const renewalApi = {
  overview: () => apiGet<RenewalOverview>('/api/renewal-offers'),
  card: (cardId: string, query = '') =>
    apiGet<RenewalCardReports>(`/api/renewal-offers/cards/${encodeURIComponent(cardId)}${query}`),
  create: (cardId: string, input: RenewalOfferInput) =>
    apiSend<{ report: RenewalOfferView }>(
      'POST',
      `/api/renewal-offers/cards/${encodeURIComponent(cardId)}`,
      input,
    ).then((answer) => answer.report),
  update: (id: string, input: RenewalOfferInput) =>
    apiSend<{ report: RenewalOfferView }>(
      'PUT',
      `/api/renewal-offers/reports/${encodeURIComponent(id)}`,
      input,
    ).then((answer) => answer.report),
  remove: (id: string) =>
    apiSend<unknown>('DELETE', `/api/renewal-offers/reports/${encodeURIComponent(id)}`),
  flag: (id: string, reason: string) =>
    apiSend<unknown>('POST', `/api/renewal-offers/reports/${encodeURIComponent(id)}/flag`, {
      reason,
    }),
};

/** Stores as the API answers them, with the catalogue's names of the cards on them. */
export interface StoresAnswer {
  stores: StoreView[];
  cardNames: Record<string, LocalizedText>;
}
export interface StoreAnswer {
  store: StoreView;
  cardNames: Record<string, LocalizedText>;
}

/** The list's query string, as the page's address and the API take it. */
export const storeQueryString = (query: StoreListQuery) => {
  const search = new URLSearchParams(
    Object.entries(query).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );
  return search.size ? `?${search}` : '';
};

export const storesApi = {
  list: (query: StoreListQuery) => apiGet<StoresAnswer>(`/api/stores${storeQueryString(query)}`),
  get: (slug: string) => apiGet<StoreAnswer>(`/api/stores/${encodeURIComponent(slug)}`),
  saved: () => apiGet<StoresAnswer>('/api/stores/saved'),
  create: (input: StoreInput) => apiSend<StoreAnswer>('POST', '/api/stores', input),
  update: (id: string, input: StoreInput) =>
    apiSend<StoreAnswer>('PUT', `/api/stores/${encodeURIComponent(id)}`, input),
  remove: (id: string) => apiSend<unknown>('DELETE', `/api/stores/${encodeURIComponent(id)}`),
  setMyCards: (id: string, cards: StoreCard[]) =>
    apiSend<StoreAnswer>('PUT', `/api/stores/${encodeURIComponent(id)}/my-cards`, { cards }),
  setSaved: (id: string, saved: boolean) =>
    apiSend<unknown>('PUT', `/api/stores/${encodeURIComponent(id)}/saved`, { saved }),
  flag: (id: string, reason: string) =>
    apiSend<unknown>('POST', `/api/stores/${encodeURIComponent(id)}/flag`, { reason }),
};
