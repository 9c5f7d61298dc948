import { startTransition, useCallback, useEffect, useState } from 'react';
import {
  CardPreferencesSchema,
  DEFAULT_CARD_PREFERENCES,
  type CardPreferences,
} from '../../../core/cards/catalogue.ts';
import { getStored, setStored } from '../../lib/storage.ts';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { useAuth } from '../auth/index.ts';
import { cardsApi } from './cards-api.ts';

const STORED = 'cardPreferences';

function storedPreferences(): CardPreferences {
  const parsed = CardPreferencesSchema.safeParse(getStored(STORED));
  return parsed.success ? parsed.data : DEFAULT_CARD_PREFERENCES;
}

/**
 * Card-holder preferences (docs/product/cards.md#card-preferences): a member's are stored on the
 * server, a visitor's in local storage. `save` shows the change at once and keeps it; a failed save
 * puts the old one back.
 */
export function useCardPreferences(): {
  preferences: CardPreferences;
  ready: boolean;
  save: (next: CardPreferences) => Promise<void>;
  toggleLiked: (cardId: string) => Promise<void>;
} {
  const { member } = useAuth();
  const failed = useErrorPopup();
  const memberId = member?.account ?? null;
  // Local storage is read after hydration: the server renders every visitor's page with the defaults.
  const [state, setState] = useState<{ preferences: CardPreferences; ready: boolean }>({
    preferences: DEFAULT_CARD_PREFERENCES,
    ready: false,
  });

  // Settling the preferences re-renders the card list: as a transition, in slices.
  useEffect(() => {
    if (!memberId) {
      startTransition(() => setState({ preferences: storedPreferences(), ready: true }));
      return;
    }
    let live = true;
    cardsApi
      .preferences()
      .then((preferences) => live && startTransition(() => setState({ preferences, ready: true })))
      .catch((error: unknown) => live && void failed(error));
    return () => {
      live = false;
    };
  }, [memberId, failed]);

  const save = useCallback(
    async (next: CardPreferences) => {
      const before = state.preferences;
      setState((current) => ({ ...current, preferences: next }));
      if (!memberId) {
        setStored(STORED, next);
        return;
      }
      try {
        const saved = await cardsApi.savePreferences(next);
        setState((current) => ({ ...current, preferences: saved }));
      } catch (error) {
        setState((current) => ({ ...current, preferences: before }));
        await failed(error);
      }
    },
    [memberId, failed, state.preferences],
  );

  const { likedCards } = state.preferences;
  const toggleLiked = (cardId: string) =>
    save({
      ...state.preferences,
      likedCards: likedCards.includes(cardId)
        ? likedCards.filter((id) => id !== cardId)
        : [...likedCards, cardId],
    });

  return { preferences: state.preferences, ready: state.ready, save, toggleLiked };
}
