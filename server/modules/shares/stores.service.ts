import { and, asc, desc, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import {
  cardsProblem,
  storeProblem,
  type StoreCard,
  type StoreInput,
  type StoreListQuery,
  type StoreView,
  type UsCardSupport,
} from '../../../core/shares/stores.ts';
import { sampleTranslation } from './sample-data.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { savedStores, sharedStores, shareRevisions, storeCards } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { assertOwner, invalidShare } from './share-errors.ts';
import { storeNameKey, storeSlug } from './store-names.ts';
import { escapeLike } from '../../db/like.ts';

type StoreRow = typeof sharedStores.$inferSelect;
type CardRow = typeof storeCards.$inferSelect;
const LIST_LIMIT = 200;

/**
 * Taiwan stores and the US cards members tried there (docs/shares.md#stores). One record per store:
 * a name that folds to a registered one is refused with the record to edit instead. The owner
 * changes the store's fields and their own cards; other members add and change their own cards.
 */
export class Stores {
  constructor(private readonly options: { db: Db; now: () => Date }) {}

  #view(store: StoreRow, cards: CardRow[], viewerId: string | null, saved: boolean): StoreView {
    const latest = cards.reduce(
      (latest, card) => (card.updatedAt > latest ? card.updatedAt : latest),
      store.updatedAt,
    );
    return {
      id: store.id,
      slug: store.slug,
      name: store.name,
      type: store.type,
      category: store.category,
      paymentMethods: store.paymentMethods,
      usCardSupport: store.usCardSupport,
      cards: cards
        .filter((card) => card.hiddenAt === null)
        .map((card) => ({
          ...card.card,
          id: card.id,
          mine: viewerId !== null && card.memberId === viewerId,
          sharedBy: card.sample ? 'sample' : card.memberId === store.memberId ? 'owner' : 'member',
          noteTranslated: card.sample ? sampleTranslation(card.card.note) : null,
          updatedAt: card.updatedAt.toISOString(),
        })),
      sample: store.sample,
      mine: viewerId !== null && store.memberId === viewerId,
      saved,
      editCount: store.editCount,
      createdAt: store.createdAt.toISOString(),
      updatedAt: latest.toISOString(),
    };
  }

  async #views(stores: StoreRow[], viewerId: string | null): Promise<StoreView[]> {
    if (stores.length === 0) return [];
    const ids = stores.map((store) => store.id);
    const [cards, saved] = await Promise.all([
      this.options.db
        .select()
        .from(storeCards)
        .where(inArray(storeCards.storeId, ids))
        .orderBy(asc(storeCards.createdAt), asc(storeCards.position)),
      viewerId
        ? this.options.db
            .select({ storeId: savedStores.storeId })
            .from(savedStores)
            .where(and(eq(savedStores.memberId, viewerId), inArray(savedStores.storeId, ids)))
        : Promise.resolve([]),
    ]);
    const savedIds = new Set(saved.map((row) => row.storeId));
    return stores.map((store) =>
      this.#view(
        store,
        cards.filter((card) => card.storeId === store.id),
        viewerId,
        savedIds.has(store.id),
      ),
    );
  }

  /** The list: searched by name (either script, any width or case), filtered, newest update first. */
  async list(query: StoreListQuery, viewerId: string | null): Promise<StoreView[]> {
    const conditions = [isNull(sharedStores.hiddenAt)];
    const search = query.q?.trim();
    if (search) {
      const key = storeNameKey(search);
      const like = `%${escapeLike(search)}%`;
      conditions.push(
        key
          ? (or(
              ilike(sharedStores.name, like),
              sql`position(${key} in ${sharedStores.nameKey}) > 0`,
            ) as ReturnType<typeof eq>)
          : ilike(sharedStores.name, like),
      );
    }
    if (query.category) conditions.push(eq(sharedStores.category, query.category));
    if (query.support) conditions.push(eq(sharedStores.usCardSupport, query.support));
    const stores = await this.options.db
      .select()
      .from(sharedStores)
      .where(and(...conditions))
      .orderBy(desc(sharedStores.updatedAt), asc(sharedStores.name))
      .limit(LIST_LIMIT);
    const views = await this.#views(stores, viewerId);
    return views.sort(
      (a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.name.localeCompare(b.name),
    );
  }

  async get(slug: string, viewerId: string | null): Promise<StoreView | null> {
    const [store] = await this.options.db
      .select()
      .from(sharedStores)
      .where(and(eq(sharedStores.slug, slug), isNull(sharedStores.hiddenAt)));
    if (!store) return null;
    const [view] = await this.#views([store], viewerId);
    return view ?? null;
  }

  /** The record's own columns from a checked share. */
  #fields(input: StoreInput) {
    return {
      name: input.name,
      nameKey: storeNameKey(input.name),
      type: input.type,
      category: input.category,
      paymentMethods: input.paymentMethods,
      usCardSupport: input.usCardSupport as UsCardSupport,
    };
  }

  #check(input: StoreInput): void {
    const found = storeProblem(input);
    if (found) throw invalidShare(found);
  }

  /** The record a name folds to, if any (a hidden one too: staff decide about it, not a second record). */
  async #holderOf(name: string, exceptId?: string): Promise<StoreRow | null> {
    const key = storeNameKey(name);
    const [row] = await this.options.db
      .select()
      .from(sharedStores)
      .where(
        exceptId
          ? and(eq(sharedStores.nameKey, key), ne(sharedStores.id, exceptId))
          : eq(sharedStores.nameKey, key),
      );
    return row ?? null;
  }

  #taken(holder: StoreRow, memberId: string): AppError {
    return new AppError('STORE_NAME_TAKEN', {
      message: `This store is already registered as "${holder.name}". Edit that record instead.`,
      fields: { name: 'taken' },
      details: {
        slug: holder.hiddenAt ? null : holder.slug,
        name: holder.name,
        mine: holder.memberId === memberId ? 'yes' : 'no',
      },
    });
  }

  async create(memberId: string, input: StoreInput): Promise<StoreView> {
    this.#check(input);
    const holder = await this.#holderOf(input.name);
    if (holder) throw this.#taken(holder, memberId);
    try {
      const store = await this.options.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(sharedStores)
          .values({ ...this.#fields(input), slug: storeSlug(input.name), memberId })
          .returning();
        const created = row as StoreRow;
        await tx.insert(storeCards).values(
          input.cards.map((card, position) => ({
            storeId: created.id,
            memberId,
            position,
            card,
          })),
        );
        return created;
      });
      return (await this.get(store.slug, memberId)) as StoreView;
    } catch (error) {
      // Two members registering one store at the same moment: the unique name key lets one through.
      if (!isUniqueViolation(error)) throw error;
      const winner = await this.#holderOf(input.name);
      if (winner) throw this.#taken(winner, memberId);
      throw error;
    }
  }

  async #store(id: string): Promise<StoreRow> {
    const [row] = await this.options.db
      .select()
      .from(sharedStores)
      .where(and(eq(sharedStores.id, id), isNull(sharedStores.hiddenAt)));
    if (!row) throw new AppError('NOT_FOUND', { message: 'No such store.' });
    return row;
  }

  /** The owner's edit of the record and their own cards; the version before it is kept. */
  async update(memberId: string, id: string, input: StoreInput): Promise<StoreView> {
    const before = await this.#store(id);
    assertOwner(before.memberId, memberId);
    this.#check(input);
    const holder = await this.#holderOf(input.name, id);
    if (holder) throw this.#taken(holder, memberId);
    const [beforeView] = await this.#views([before], null);
    try {
      await this.options.db.transaction(async (tx) => {
        await tx
          .insert(shareRevisions)
          .values({ kind: 'store', recordId: id, memberId, before: beforeView });
        const [updated] = await tx
          .update(sharedStores)
          .set({
            ...this.#fields(input),
            editCount: before.editCount + 1,
            updatedAt: this.options.now(),
          })
          .where(and(eq(sharedStores.id, id), eq(sharedStores.editCount, before.editCount)))
          .returning({ id: sharedStores.id });
        if (!updated)
          throw new AppError('RECORD_CHANGED', {
            message: 'This store was changed meanwhile. Reload and try again.',
          });
        await this.#replaceCards(tx, id, memberId, input.cards);
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const winner = await this.#holderOf(input.name, id);
      if (winner) throw this.#taken(winner, memberId);
      throw error;
    }
    return (await this.get(before.slug, memberId)) as StoreView;
  }

  async #replaceCards(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    storeId: string,
    memberId: string,
    cards: readonly StoreCard[],
  ): Promise<void> {
    await tx
      .delete(storeCards)
      .where(and(eq(storeCards.storeId, storeId), eq(storeCards.memberId, memberId)));
    if (cards.length > 0)
      await tx.insert(storeCards).values(
        cards.map((card, position) => ({
          storeId,
          memberId,
          position,
          card,
          updatedAt: this.options.now(),
        })),
      );
  }

  /** Another member's cards on a record they do not own (or none, to take theirs off). */
  async setMyCards(memberId: string, id: string, cards: readonly StoreCard[]): Promise<StoreView> {
    const store = await this.#store(id);
    if (cards.length > 0) {
      // A member's own lines report what happened to them: a declined card is as useful as an approved one.
      const found = cardsProblem(cards, 'unknown');
      if (found) throw invalidShare(found);
    }
    // The owner's cards are part of the record: they change with the record's own form.
    if (store.memberId === memberId && cards.length === 0)
      throw invalidShare({ field: 'cards', problem: 'cardMissing' });
    await this.options.db.transaction(async (tx) => {
      await this.#replaceCards(tx, id, memberId, cards);
      // The record's latest update is the latest of its cards too: it moves up the list.
      await tx
        .update(sharedStores)
        .set({ updatedAt: this.options.now() })
        .where(eq(sharedStores.id, id));
    });
    return (await this.get(store.slug, memberId)) as StoreView;
  }

  async remove(memberId: string, id: string): Promise<void> {
    const store = await this.#store(id);
    assertOwner(store.memberId, memberId);
    await this.options.db.transaction(async (tx) => {
      await tx
        .delete(shareRevisions)
        .where(and(eq(shareRevisions.kind, 'store'), eq(shareRevisions.recordId, id)));
      await tx
        .delete(sharedStores)
        .where(and(eq(sharedStores.id, id), eq(sharedStores.memberId, memberId)));
    });
  }

  async setSaved(memberId: string, id: string, saved: boolean): Promise<void> {
    await this.#store(id);
    if (saved)
      await this.options.db
        .insert(savedStores)
        .values({ memberId, storeId: id })
        .onConflictDoNothing();
    else
      await this.options.db
        .delete(savedStores)
        .where(and(eq(savedStores.memberId, memberId), eq(savedStores.storeId, id)));
  }

  /** The stores a member keeps, the latest kept first (/collections/store). */
  async saved(memberId: string): Promise<StoreView[]> {
    const rows = await this.options.db
      .select({ store: sharedStores })
      .from(savedStores)
      .innerJoin(sharedStores, eq(sharedStores.id, savedStores.storeId))
      .where(and(eq(savedStores.memberId, memberId), isNull(sharedStores.hiddenAt)))
      .orderBy(desc(savedStores.savedAt));
    return this.#views(
      rows.map((row) => row.store),
      memberId,
    );
  }

  /** A shown record: anyone can see it, so anyone signed in may report it. */
  async reportableBy(id: string): Promise<boolean> {
    const [row] = await this.options.db
      .select({ id: sharedStores.id })
      .from(sharedStores)
      .where(and(eq(sharedStores.id, id), isNull(sharedStores.hiddenAt)));
    return Boolean(row);
  }

  async exists(id: string): Promise<boolean> {
    const [row] = await this.options.db
      .select({ id: sharedStores.id })
      .from(sharedStores)
      .where(eq(sharedStores.id, id));
    return Boolean(row);
  }

  async setHidden(id: string, hidden: boolean): Promise<void> {
    await this.options.db
      .update(sharedStores)
      .set({ hiddenAt: hidden ? this.options.now() : null })
      .where(eq(sharedStores.id, id));
  }

  /** What members say of a chain (the convenience-store file's support state): the record whose name folds to one of `names`. */
  async supportOf(names: readonly string[]): Promise<UsCardSupport | null> {
    const keys = names.map(storeNameKey);
    const [row] = await this.options.db
      .select({ support: sharedStores.usCardSupport })
      .from(sharedStores)
      .where(and(inArray(sharedStores.nameKey, keys), isNull(sharedStores.hiddenAt)))
      .orderBy(desc(sharedStores.updatedAt))
      .limit(1);
    return row?.support ?? null;
  }

  /**
   * Brings every record's stored name key up to `storeNameKey` as it is now (run at start): a
   * record keyed before look-alike letters were folded gets today's key. Two records that now fold
   * to one name both stay, the later keeping its old key; those are returned (the start logs how many)
   * for staff to merge.
   */
  async rekeyNames(): Promise<{ rekeyed: number; alike: string[] }> {
    const rows = await this.options.db
      .select({ id: sharedStores.id, name: sharedStores.name, nameKey: sharedStores.nameKey })
      .from(sharedStores)
      .orderBy(asc(sharedStores.createdAt), asc(sharedStores.slug));
    const used = new Set(rows.map((row) => row.nameKey));
    const result = { rekeyed: 0, alike: [] as string[] };
    for (const row of rows) {
      const key = storeNameKey(row.name);
      if (key === row.nameKey) continue;
      if (used.has(key)) {
        result.alike.push(row.name);
        continue;
      }
      await this.options.db
        .update(sharedStores)
        .set({ nameKey: key })
        .where(eq(sharedStores.id, row.id));
      used.delete(row.nameKey);
      used.add(key);
      result.rekeyed += 1;
    }
    return result;
  }
}
