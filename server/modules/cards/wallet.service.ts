import { and, asc, eq, sql } from 'drizzle-orm';
import type {
  CardPreferences,
  Wallet,
  WalletBalance,
  WalletCard,
} from '../../../core/cards/catalogue.ts';
import { DEFAULT_CARD_PREFERENCES } from '../../../core/cards/catalogue.ts';
import { LIMITS } from '../../../core/limits.ts';
import type { Db } from '../../db/client.ts';
import { cardPreferences, members, walletBalances, walletCards } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { CardCatalogue } from './catalogue.ts';

/**
 * The member's wallet and card-holder preferences. Adding a card or a programme locks the member's
 * row first, so two tabs adding at once cannot pass the limits of docs/product/cards.md#wallet
 * together.
 */
export class Wallets {
  constructor(private readonly options: { db: Db; catalogue: CardCatalogue }) {}

  async get(memberId: string): Promise<Wallet> {
    const db = this.options.db;
    const [cards, balances] = await Promise.all([
      db
        .select({ cardId: walletCards.cardId, since: walletCards.since })
        .from(walletCards)
        .where(eq(walletCards.memberId, memberId))
        .orderBy(asc(walletCards.addedAt), asc(walletCards.cardId)),
      db
        .select({ programme: walletBalances.programme, balance: walletBalances.balance })
        .from(walletBalances)
        .where(eq(walletBalances.memberId, memberId))
        .orderBy(asc(walletBalances.addedAt), asc(walletBalances.programme)),
    ]);
    return { cards, balances };
  }

  /** Adds a card held (or changes its month opened); the eleventh is refused. */
  async addCard(memberId: string, card: WalletCard): Promise<Wallet> {
    if (!this.options.catalogue.has(card.cardId))
      throw new AppError('UNKNOWN_CARD', {
        message: 'There is no such card.',
        fields: { cardId: 'unknown card' },
      });
    await this.#locked(memberId, async (tx) => {
      const held = await tx
        .select({ cardId: walletCards.cardId })
        .from(walletCards)
        .where(eq(walletCards.memberId, memberId));
      if (held.some((row) => row.cardId === card.cardId)) {
        await tx
          .update(walletCards)
          .set({ since: card.since })
          .where(and(eq(walletCards.memberId, memberId), eq(walletCards.cardId, card.cardId)));
        return;
      }
      if (held.length >= LIMITS.wallet.maxCards)
        throw new AppError('WALLET_CARDS_FULL', {
          message: `You can keep at most ${LIMITS.wallet.maxCards} cards in your wallet.`,
        });
      await tx.insert(walletCards).values({ memberId, cardId: card.cardId, since: card.since });
    });
    return this.get(memberId);
  }

  async removeCard(memberId: string, cardId: string): Promise<Wallet> {
    await this.options.db
      .delete(walletCards)
      .where(and(eq(walletCards.memberId, memberId), eq(walletCards.cardId, cardId)));
    return this.get(memberId);
  }

  /** Sets a programme's balance, adding the programme if new; a seventh programme is refused. */
  async setBalance(memberId: string, entry: WalletBalance): Promise<Wallet> {
    if (!this.options.catalogue.hasProgramme(entry.programme))
      throw new AppError('UNKNOWN_PROGRAMME', {
        message: 'There is no such programme.',
        fields: { programme: 'unknown programme' },
      });
    await this.#locked(memberId, async (tx) => {
      const kept = await tx
        .select({ programme: walletBalances.programme })
        .from(walletBalances)
        .where(eq(walletBalances.memberId, memberId));
      if (kept.some((row) => row.programme === entry.programme)) {
        await tx
          .update(walletBalances)
          .set({ balance: entry.balance, updatedAt: new Date() })
          .where(
            and(
              eq(walletBalances.memberId, memberId),
              eq(walletBalances.programme, entry.programme),
            ),
          );
        return;
      }
      if (kept.length >= LIMITS.wallet.maxProgrammes)
        throw new AppError('WALLET_PROGRAMMES_FULL', {
          message: `You can keep balances of at most ${LIMITS.wallet.maxProgrammes} programmes.`,
        });
      await tx
        .insert(walletBalances)
        .values({ memberId, programme: entry.programme, balance: entry.balance });
    });
    return this.get(memberId);
  }

  async removeBalance(memberId: string, programme: string): Promise<Wallet> {
    await this.options.db
      .delete(walletBalances)
      .where(and(eq(walletBalances.memberId, memberId), eq(walletBalances.programme, programme)));
    return this.get(memberId);
  }

  /** Runs a change of the wallet in a transaction holding the member's row, one change at a time per member. */
  #locked(memberId: string, change: (tx: Db) => Promise<void>): Promise<void> {
    return this.options.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ${members} where ${members.id} = ${memberId} for update`);
      await change(tx as unknown as Db);
    });
  }

  async preferences(memberId: string): Promise<CardPreferences> {
    const [row] = await this.options.db
      .select()
      .from(cardPreferences)
      .where(eq(cardPreferences.memberId, memberId));
    return row
      ? {
          likedCards: row.likedCards,
          ignoredBanks: row.ignoredBanks,
          promoteBusiness: row.promoteBusiness,
        }
      : DEFAULT_CARD_PREFERENCES;
  }

  /** Saves the preferences whole; liked cards that are not in the catalogue are dropped. */
  async setPreferences(memberId: string, preferences: CardPreferences): Promise<CardPreferences> {
    const values = {
      likedCards: [...new Set(preferences.likedCards)].filter((id) =>
        this.options.catalogue.has(id),
      ),
      ignoredBanks: [...new Set(preferences.ignoredBanks)],
      promoteBusiness: preferences.promoteBusiness,
      updatedAt: new Date(),
    };
    await this.options.db
      .insert(cardPreferences)
      .values({ memberId, ...values })
      .onConflictDoUpdate({ target: cardPreferences.memberId, set: values });
    return this.preferences(memberId);
  }
}
