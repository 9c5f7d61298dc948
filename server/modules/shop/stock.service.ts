import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { shopCodes, shopStock } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { recordChange, type Actor } from '../staff/index.ts';
import type { ShopCatalogue } from './catalogue.ts';

/**
 * Staff's stock (docs/shop.md#stock): a shipped variant's count, and the codes a supplier sends
 * for a code variant (each new code adds one to its stock). Every change is in the audit log.
 */
export class ShopStock {
  constructor(private readonly options: { db: Db; catalogue: ShopCatalogue; now: () => Date }) {}

  /** Every variant's stock row, by product. */
  async rows() {
    await this.options.catalogue.seed();
    return this.options.db
      .select()
      .from(shopStock)
      .orderBy(shopStock.productId, shopStock.variantId);
  }

  /** Staff: count a shipped variant's stock (never below what buyers hold). */
  async setStock(variantId: string, onHand: number, actor: Actor): Promise<void> {
    const found = this.options.catalogue.variant(variantId);
    if (!found || found.product.delivery !== 'shipped')
      throw new AppError('NOT_FOUND', {
        message: 'No such shipped item; codes are counted by adding them.',
      });
    await this.options.catalogue.seed();
    await this.options.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(shopStock)
        .where(eq(shopStock.variantId, variantId))
        .for('update');
      if (!before || onHand < before.reserved)
        throw new AppError('INVALID_INPUT', {
          message: `Buyers hold ${before?.reserved ?? 0} of this item; stock cannot be set below that.`,
          fields: { onHand: 'below what buyers hold' },
        });
      await tx
        .update(shopStock)
        .set({ onHand, updatedAt: this.options.now() })
        .where(eq(shopStock.variantId, variantId));
      await recordChange(tx, actor, {
        action: 'shop.stock',
        subject: `shop-variant:${variantId}`,
        before: { onHand: before.onHand },
        after: { onHand },
      });
    });
  }

  /** Staff: codes from the supplier for a code variant; each new one adds one to its stock. Answers how many were new. */
  async addCodes(variantId: string, codes: string[], actor: Actor): Promise<number> {
    const found = this.options.catalogue.variant(variantId);
    if (!found || found.product.delivery !== 'code')
      throw new AppError('NOT_FOUND', { message: 'No such item sold by code.' });
    await this.options.catalogue.seed();
    return this.options.db.transaction(async (tx) => {
      const added = await tx
        .insert(shopCodes)
        .values([...new Set(codes)].map((code) => ({ variantId, code })))
        .onConflictDoNothing()
        .returning({ id: shopCodes.id });
      await tx
        .update(shopStock)
        .set({ onHand: sql`${shopStock.onHand} + ${added.length}`, updatedAt: this.options.now() })
        .where(eq(shopStock.variantId, variantId));
      await recordChange(tx, actor, {
        action: 'shop.codes',
        subject: `shop-variant:${variantId}`,
        before: null,
        after: { added: added.length },
      });
      return added.length;
    });
  }
}
