import { and, eq, inArray, sql } from 'drizzle-orm';
import type { MoneyCurrency } from '../../../core/locale.ts';
import { CART_MAX_ITEMS, type CartView } from '../../../core/shop/orders.ts';
import type { Db } from '../../db/client.ts';
import { shopCartItems, shopCarts } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { sha256 } from '../auth/index.ts';
import type { ShopCatalogue } from './catalogue.ts';

/** Whose cart: a member's, or a visitor's by the token in their cart cookie. */
export type CartOwner = { memberId: string } | { visitorToken: string };

/**
 * Carts (docs/shop.md#cart). A visitor's cart is kept under the hash of a random cookie token;
 * when they sign in, the next look at the cart folds it into the member's (quantities added,
 * within stock and the per-order limit) and forgets the visitor's. Prices are never kept: a cart
 * is priced when it is shown, in the buyer's currency.
 */
export class ShopCarts {
  constructor(private readonly options: { db: Db; catalogue: ShopCatalogue }) {}

  async #cartId(
    owner: CartOwner,
    create: boolean,
    db: Db = this.options.db,
  ): Promise<string | null> {
    const where =
      'memberId' in owner
        ? eq(shopCarts.memberId, owner.memberId)
        : eq(shopCarts.visitorTokenHash, sha256(owner.visitorToken));
    const [found] = await db.select({ id: shopCarts.id }).from(shopCarts).where(where);
    if (found || !create) return found?.id ?? null;
    const [made] = await db
      .insert(shopCarts)
      .values(
        'memberId' in owner
          ? { memberId: owner.memberId }
          : { visitorTokenHash: sha256(owner.visitorToken) },
      )
      .onConflictDoNothing()
      .returning({ id: shopCarts.id });
    return made?.id ?? (await this.#cartId(owner, false, db));
  }

  async #items(cartId: string | null, db: Pick<Db, 'select'> = this.options.db) {
    if (!cartId) return [];
    return db
      .select()
      .from(shopCartItems)
      .where(eq(shopCartItems.cartId, cartId))
      .orderBy(shopCartItems.addedAt);
  }

  /**
   * Sets how many of a variant the cart holds (0 takes it out), or adds to it. Refuses a product we
   * do not sell, more than one order may hold, and more than is in stock, naming what can be had.
   */
  async put(
    owner: CartOwner,
    variantId: string,
    quantity: number,
    how: 'set' | 'add',
  ): Promise<void> {
    const found = this.options.catalogue.variant(variantId);
    if (!found) throw new AppError('NOT_FOUND', { message: 'We do not sell this item.' });
    const cartId = (await this.#cartId(owner, quantity > 0))!;
    if (!cartId) return;
    const current =
      (await this.#items(cartId)).find((item) => item.variantId === variantId)?.quantity ?? 0;
    const wanted = how === 'add' ? current + quantity : quantity;
    if (wanted <= 0) {
      await this.options.db
        .delete(shopCartItems)
        .where(and(eq(shopCartItems.cartId, cartId), eq(shopCartItems.variantId, variantId)));
      return;
    }
    const max = found.product.maxPerOrder;
    if (wanted > max)
      throw new AppError('SHOP_QUANTITY', {
        message: `At most ${max} of this item in one order.`,
        fields: { quantity: 'over the limit per order' },
        details: { max },
      });
    const available = (await this.options.catalogue.available([variantId])).get(variantId);
    if (available !== null && available !== undefined && wanted > available)
      throw new AppError('SHOP_OUT_OF_STOCK', {
        message:
          available === 0
            ? 'This item is out of stock.'
            : `Only ${available} of this item are in stock.`,
        fields: { quantity: 'more than is in stock' },
        details: { available },
      });
    if (current === 0 && (await this.#items(cartId)).length >= CART_MAX_ITEMS)
      throw new AppError('SHOP_CART_FULL', {
        message: `A cart holds at most ${CART_MAX_ITEMS} different items.`,
      });
    await this.options.db
      .insert(shopCartItems)
      .values({ cartId, variantId, quantity: wanted })
      .onConflictDoUpdate({
        target: [shopCartItems.cartId, shopCartItems.variantId],
        set: { quantity: wanted },
      });
    await this.options.db
      .update(shopCarts)
      .set({ updatedAt: sql`now()` })
      .where(eq(shopCarts.id, cartId));
  }

  /**
   * Folds a visitor's cart into the member's who just signed in: quantities added, each within
   * the per-order limit; the visitor's cart is then gone. Answers whether there was one.
   */
  async merge(visitorToken: string, memberId: string): Promise<boolean> {
    return this.options.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const visitorCart = await this.#cartId({ visitorToken }, false, db);
      if (!visitorCart) return false;
      const visiting = await this.#items(visitorCart, db);
      if (visiting.length > 0) {
        const memberCart = (await this.#cartId({ memberId }, true, db))!;
        const held = new Map(
          (await this.#items(memberCart, db)).map((item) => [item.variantId, item.quantity]),
        );
        for (const item of visiting) {
          const found = this.options.catalogue.variant(item.variantId);
          if (!found) continue;
          const quantity = Math.min(
            (held.get(item.variantId) ?? 0) + item.quantity,
            found.product.maxPerOrder,
          );
          await db
            .insert(shopCartItems)
            .values({ cartId: memberCart, variantId: item.variantId, quantity })
            .onConflictDoUpdate({
              target: [shopCartItems.cartId, shopCartItems.variantId],
              set: { quantity },
            });
        }
      }
      await db.delete(shopCarts).where(eq(shopCarts.id, visitorCart));
      return true;
    });
  }

  /**
   * The cart priced in a currency. A line keeps what the buyer asked for even when less is now in
   * stock: the page shows what is left, and the confirmation step refuses it until it is changed.
   * A product we no longer sell leaves the cart.
   */
  async view(owner: CartOwner, currency: MoneyCurrency): Promise<CartView> {
    const { catalogue, db } = this.options;
    const cartId = await this.#cartId(owner, false);
    const items = await this.#items(cartId);
    const stock = await catalogue.available(items.map((item) => item.variantId));
    const lines: CartView['lines'] = [];
    for (const item of items) {
      const found = catalogue.variant(item.variantId);
      if (!found) {
        await db
          .delete(shopCartItems)
          .where(
            and(eq(shopCartItems.cartId, cartId!), eq(shopCartItems.variantId, item.variantId)),
          );
        continue;
      }
      const { product, variant } = found;
      lines.push({
        product: product.id,
        variant: variant.id,
        title: product.title,
        choices: catalogue.choices(product, variant),
        image: catalogue.image(product, variant),
        delivery: product.delivery,
        unitPrice: catalogue.unitPrice(product, variant, currency),
        quantity: item.quantity,
        available: stock.get(item.variantId) ?? null,
        maxPerOrder: product.maxPerOrder,
      });
    }
    return {
      currency,
      lines,
      subtotal: lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0),
      needsShipping: lines.some((line) => line.delivery === 'shipped'),
    };
  }

  /** Takes what an order bought out of the member's cart (in the transaction that marks it paid). */
  async removeBought(tx: Db, memberId: string, variantIds: string[]): Promise<void> {
    const cartId = await this.#cartId({ memberId }, false, tx);
    if (cartId && variantIds.length > 0)
      await tx
        .delete(shopCartItems)
        .where(and(eq(shopCartItems.cartId, cartId), inArray(shopCartItems.variantId, variantIds)));
  }
}
