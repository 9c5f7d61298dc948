import { filterCards, type CardFilter } from '../../../core/cards/catalogue.ts';
import { cardOn, type Card } from '../../../core/cards/card.ts';
import { currencyOn, type PointsCurrency } from '../../../core/cards/points-currency.ts';
import { dayOf } from '../../../core/dated.ts';
import type { CardReference, PartnerView } from '../../../core/cards/reference.ts';
import type { CardData } from '../../../data/cards.ts';
import { programmes } from '../../../data/reference.ts';

/**
 * The card catalogue, read from data/ once: the list with its filters, one card with
 * what its points are worth and where they transfer, and the reference the pages need.
 */
export class CardCatalogue {
  #today: { day: string; data: CardData; byId: Map<string, Card> } | null = null;

  #revision = 0;

  /** `now` is the clock of dated facts: offers that end and transfer ratios that change (core/dated.ts). */
  constructor(
    private source: CardData,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The cards as staff left them in the database (card-records.ts); the rest stays as read. */
  replaceCards(cards: Card[]): void {
    this.source = { ...this.source, cards };
    this.#today = null;
    this.#revision += 1;
  }

  /** The points currencies and their transfers as staff left them (guides' currency-records.ts). */
  replaceCurrencies(currencies: Map<string, PointsCurrency>): void {
    this.source = { ...this.source, currencies };
    this.#today = null;
    this.#revision += 1;
  }

  /** Moves on each replacement: the site index reads the cards again when it does. */
  get revision(): number {
    return this.#revision;
  }

  /** The day the data is worked out for (offers start and end on days). */
  get day(): string {
    return dayOf(this.now());
  }

  /** The data as it stands today, worked out once a day. */
  #current(): { data: CardData; byId: Map<string, Card> } {
    const day = dayOf(this.now());
    if (this.#today?.day !== day) {
      const cards = this.source.cards.map((card) => cardOn(card, day));
      const currencies = new Map(
        [...this.source.currencies].map(([id, currency]) => [id, currencyOn(currency, day)]),
      );
      // A promotional savings rate past its last day is not shown as today's rate.
      const savingsAccounts = this.source.savingsAccounts.filter(
        (account) => !account.until || account.until >= day,
      );
      this.#today = {
        day,
        data: { ...this.source, cards, currencies, savingsAccounts },
        byId: new Map(cards.map((card) => [card.id, card])),
      };
    }
    return this.#today;
  }

  private get data(): CardData {
    return this.#current().data;
  }

  list(filter: CardFilter): Card[] {
    return filterCards(this.data.cards, filter, this.data.currencies, this.data.rates.perUsd);
  }

  get(id: string): Card | null {
    return this.#current().byId.get(id) ?? null;
  }

  has(id: string): boolean {
    return this.#current().byId.has(id);
  }

  /** A programme or points currency a balance may be kept in. */
  hasProgramme(id: string): boolean {
    return this.data.currencies.has(id);
  }

  currencyOf(card: Card): PointsCurrency | null {
    return this.data.currencies.get(card.earns) ?? null;
  }

  partnersOf(card: Card): PartnerView[] {
    const airlines = programmes();
    return (this.currencyOf(card)?.transfers ?? []).flatMap((transfer): PartnerView[] => {
      const airline = airlines.get(transfer.to);
      const hotel = this.data.hotelProgrammes.get(transfer.to);
      const name = airline?.name ?? hotel?.name;
      if (!name) return [];
      return [
        {
          programme: transfer.to,
          kind: airline ? 'airline' : 'hotel',
          name,
          ratio: transfer.ratio,
          time: transfer.time,
        },
      ];
    });
  }

  /** What the pages need besides the cards: currencies with their values, programme names, savings accounts and the exchange rates. */
  reference(): CardReference {
    return {
      currencies: [...this.data.currencies.values()],
      hotelProgrammes: [...this.data.hotelProgrammes.values()],
      savingsAccounts: this.#current().data.savingsAccounts,
      rates: this.data.rates,
    };
  }
}
