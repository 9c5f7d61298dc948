import type { EmbedView } from '../../../core/articles/articles.ts';
import type { EmbedKind } from '../../../core/articles/document.ts';
import { COUNTRY_CURRENCY, type Card } from '../../../core/cards/card.ts';
import type { LibraryEntry } from '../../../core/guides/contract.ts';
import type { EmbedLookup } from './articles.service.ts';

/**
 * Live data of the objects an article embeds (docs/articles.md#embeds), read when the page is:
 * a card's current fee and welcome offer, a programme's current alliance. An id that no longer
 * exists shows as missing rather than failing the page.
 */
export function embedLookup(sources: {
  card(id: string): Card | null;
  programmes(): LibraryEntry[];
}): EmbedLookup {
  let programmes: Map<string, LibraryEntry> | null = null;
  return (kind: EmbedKind, id: string): EmbedView | null => {
    if (kind === 'card') {
      const card = sources.card(id);
      if (!card) return null;
      return {
        kind: 'card',
        id,
        name: card.name,
        bank: card.bank,
        network: card.network,
        currency: COUNTRY_CURRENCY[card.country],
        annualFee: card.annualFee,
        firstYearFee: card.firstYearFee ?? null,
        welcomeBonus: card.welcomeBonus,
        asOf: card.asOf,
      };
    }
    programmes ??= new Map(sources.programmes().map((entry) => [entry.id, entry]));
    const programme = programmes.get(id);
    return programme ? { kind: 'programme', id, programme } : null;
  };
}
