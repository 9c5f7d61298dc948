import type { Card } from '../../../core/cards/card.ts';
import type {
  CardFactsEdit,
  StaffCardItem,
  WelcomeBonusEdit,
} from '../../../core/cards/card-edits.ts';
import { CardSchema } from '../../../core/cards/card-schema.ts';
import { dayOf } from '../../../core/dated.ts';
import { featuredOrder, type CardFile } from '../../../data/cards.ts';
import type { Db } from '../../db/client.ts';
import { ContentRecords, KeptRecords, type Actor } from '../staff/index.ts';
import type { CardCatalogue } from './catalogue.ts';

/**
 * The cards as staff edit them (docs/staff.md#content): seeded from data/cards/ into the database
 * on a fresh install, read from there after, and handed to the catalogue the pages read. The
 * process that makes an edit shows it at once; others within two seconds of their next request.
 */
export class CardRecords {
  readonly #kept: KeptRecords<Card>;

  constructor(
    private readonly options: {
      db: Db;
      catalogue: CardCatalogue;
      files: () => CardFile[];
      now: () => Date;
    },
  ) {
    this.#kept = new KeptRecords(
      new ContentRecords<Card>(options.db, 'card', CardSchema),
      () =>
        options
          .files()
          .flatMap((file) =>
            file.cards.map((card) => ({ file: file.path, id: card.id, document: card })),
          ),
      (cards) => options.catalogue.replaceCards(featuredOrder(cards)),
    );
  }

  /** Reads the cards again when they changed (at most one cheap look every two seconds, unless `now`). */
  refresh(now = false): Promise<void> {
    return this.#kept.refresh(now);
  }

  list(): StaffCardItem[] {
    return featuredOrder(this.#kept.records.map((record) => record.document)).map((card) => ({
      id: card.id,
      name: card.name,
      bank: card.bank,
      country: card.country,
      annualFee: card.annualFee,
      welcomeBonus: card.welcomeBonus
        ? {
            amount: card.welcomeBonus.amount,
            ...(card.welcomeBonus.status ? { status: card.welcomeBonus.status } : {}),
          }
        : null,
      asOf: card.asOf,
    }));
  }

  /** A card as stored: an offer past its end is still there, for staff to replace. */
  get(id: string): Card | null {
    return this.#kept.records.find((record) => record.document.id === id)?.document ?? null;
  }

  /**
   * A new welcome offer (or none): it becomes the card's current offer, checked on `checked` at
   * `source`, and is added to the bonus history the card page charts, dated today (a second change
   * the same day replaces that day's record).
   */
  async editWelcomeBonus(actor: Actor, id: string, edit: WelcomeBonusEdit): Promise<Card> {
    const today = dayOf(this.options.now());
    return this.#edit(actor, id, 'card.welcome-bonus', (card) => {
      const bonus = edit.bonus && { ...edit.bonus, source: edit.source, checked: edit.checked };
      const last = card.bonusHistory.at(-1);
      // Oldest first, as the card page charts it.
      const date = last && last.date > today ? last.date : today;
      const kept = last?.date === date ? card.bonusHistory.slice(0, -1) : card.bonusHistory;
      return {
        document: {
          ...card,
          welcomeBonus: bonus,
          bonusHistory: bonus ? [...kept, { ...bonus, date }] : card.bonusHistory,
        },
        before: card.welcomeBonus,
        after: bonus,
      };
    });
  }

  /** Fees and earn rates, with the page they were read on: the card's `source` and `asOf`. */
  async editFacts(actor: Actor, id: string, edit: CardFactsEdit): Promise<Card> {
    return this.#edit(actor, id, 'card.facts', (card) => {
      const { firstYearFee, source, checked, ...facts } = edit;
      const pick = (from: Card) => ({
        annualFee: from.annualFee,
        firstYearFee: from.firstYearFee ?? null,
        foreignFee: from.foreignFee,
        earn: from.earn,
        source: from.source,
        asOf: from.asOf,
      });
      const document: Card = { ...card, ...facts, source, asOf: checked };
      if (firstYearFee === null) delete document.firstYearFee;
      else document.firstYearFee = firstYearFee;
      return { document, before: pick(card), after: pick(document) };
    });
  }

  #edit(
    actor: Actor,
    id: string,
    action: string,
    change: Parameters<ContentRecords<Card>['edit']>[3],
  ): Promise<Card> {
    return this.#kept.edit(actor, id, action, change);
  }

  /** The cards as data/cards/ writes them: each file's header with its cards, in order. */
  async exportFiles(): Promise<CardFile[]> {
    const records = await this.#kept.store.all();
    return this.options.files().map((file) => ({
      ...file,
      cards: records.filter((record) => record.file === file.path).map((record) => record.document),
    }));
  }
}
