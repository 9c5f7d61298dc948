import { useEffect, useState } from 'react';
import type { Card } from '../../../core/cards/card.ts';
import type { PointsCurrency } from '../../../core/cards/points-currency.ts';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import type { CardReference } from '../../../core/cards/reference.ts';
import { cardsApi } from './cards-api.ts';

export interface CardData extends CardReference {
  cards: Card[];
  byId: Map<string, Card>;
  currencyById: Map<string, PointsCurrency>;
  /** A programme's or currency's name, in any of the three languages. */
  programmeName: (id: string) => Card['name'] | null;
}

// The catalogue changes only with a deploy: one load serves every CardPlus page of the visit.
let loading: Promise<CardData> | null = null;

async function load(): Promise<CardData> {
  const [cards, reference] = await Promise.all([cardsApi.list(), cardsApi.reference()]);
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

/** Every card and the reference data, or null while they load. */
export function useCardData(): CardData | null {
  const failed = useErrorPopup();
  const [data, setData] = useState<CardData | null>(null);
  useEffect(() => {
    let live = true;
    loading ??= load();
    loading
      .then((loaded) => live && setData(loaded))
      .catch((error: unknown) => {
        loading = null;
        if (live) void failed(error);
      });
    return () => {
      live = false;
    };
  }, [failed]);
  return data;
}
