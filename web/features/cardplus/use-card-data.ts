import { useMemo } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { Card } from '../../../core/cards/card.ts';
import type { PointsCurrency } from '../../../core/cards/points-currency.ts';
import type { CardReference } from '../../../core/cards/reference.ts';
import { loaderGet } from '../../lib/loader-api.ts';

/** What the card pages load: every card and the reference data beside them. */
export interface CatalogueLoad {
  cards: Card[];
  reference: CardReference;
}

export interface CardData extends CardReference {
  cards: Card[];
  byId: Map<string, Card>;
  currencyById: Map<string, PointsCurrency>;
  /** A programme's or currency's name, in any of the three languages. */
  programmeName: (id: string) => Card['name'] | null;
}

/** The loader of every page that shows the catalogue; the browser keeps one answer for the visit. */
export async function loadCatalogue({ context }: LoaderFunctionArgs): Promise<CatalogueLoad> {
  const [list, reference] = await Promise.all([loaderGet<{ cards: Card[] }>(context, '/api/cards', { cache: true }), loaderGet<CardReference>(context, '/api/cards/reference', { cache: true })]);
  return { cards: list.cards, reference };
}

function indexed({ cards, reference }: CatalogueLoad): CardData {
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

/** Every card and the reference data, as the page's loader brought them. */
export function useCardData(): CardData {
  const loaded = useLoaderData() as CatalogueLoad;
  return useMemo(() => indexed(loaded), [loaded]);
}
