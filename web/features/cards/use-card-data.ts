import { useMemo } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { cardListItem, type Card, type CardListItem } from '../../../core/cards/card.ts';
import type { PointsCurrency } from '../../../core/cards/points-currency.ts';
import type { CardReference } from '../../../core/cards/reference.ts';
import { loaderGet } from '../../lib/loader-api.ts';

/** What the card pages load: every card (or every card's list item) and the reference data beside them. */
export interface CatalogueLoad<C extends CardListItem = Card> {
  cards: C[];
  reference: CardReference;
}

export interface CardData<C extends CardListItem = Card> extends CardReference {
  cards: C[];
  byId: Map<string, C>;
  currencyById: Map<string, PointsCurrency>;
  /** A programme's or currency's name, in any of the three languages. */
  programmeName: (id: string) => Card['name'] | null;
}

/** The loader of every page that shows the catalogue; the browser keeps one answer for the visit. */
export async function loadCatalogue({ context }: LoaderFunctionArgs): Promise<CatalogueLoad> {
  const [list, reference] = await Promise.all([
    loaderGet<{ cards: Card[] }>(context, '/api/cards', { cache: true }),
    loaderGet<CardReference>(context, '/api/cards/reference', { cache: true }),
  ]);
  return { cards: list.cards, reference };
}

/** The loader of the card list: each card's list item only, a quarter of its data. */
export async function loadCardList(args: LoaderFunctionArgs): Promise<CatalogueLoad<CardListItem>> {
  const { cards, reference } = await loadCatalogue(args);
  return { cards: cards.map(cardListItem), reference };
}

function indexed<C extends CardListItem>({ cards, reference }: CatalogueLoad<C>): CardData<C> {
  const currencyById = new Map(reference.currencies.map((currency) => [currency.id, currency]));
  const hotels = new Map(reference.hotelProgrammes.map((hotel) => [hotel.id, hotel.name]));
  return {
    ...reference,
    cards,
    byId: new Map(cards.map((card) => [card.id, card])),
    currencyById,
    programmeName: (id) => currencyById.get(id)?.name ?? hotels.get(id) ?? null,
  };
}

/** Every card and the reference data, as the page's loader brought them (list items on the card list). */
export function useCardData<C extends CardListItem = Card>(): CardData<C> {
  const loaded = useLoaderData() as CatalogueLoad<C>;
  return useMemo(() => indexed(loaded), [loaded]);
}
