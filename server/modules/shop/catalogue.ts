import { inArray, sql } from 'drizzle-orm';
import type { LocalizedText } from '../../../core/cards/card.ts';
import type { MoneyCurrency } from '../../../core/locale.ts';
import type { ShopProduct, ShopVariant } from '../../../core/shop/catalogue-schema.ts';
import type { ShopProductView } from '../../../core/shop/catalogue-view.ts';
import { minor, variantPrice } from '../../../core/shop/pricing.ts';
import type { ShopData } from '../../../data/shop.ts';
import type { Db } from '../../db/client.ts';
import { shopCodes, shopStock } from '../../db/schema/index.ts';
import { randomCode } from '../auth/index.ts';

/** Sample codes a fresh install gives each code variant, so a checkout can be tried end to end. */
const SAMPLE_PREFIX = 'SAMPLE';

/**
 * The shop's products (data/shop/) and their live stock (the database). The database is seeded
 * from the file once: a variant staff have counted keeps staff's number.
 */
export class ShopCatalogue {
  readonly #byProduct = new Map<string, ShopProduct>();
  readonly #byVariant = new Map<string, { product: ShopProduct; variant: ShopVariant }>();
  #seeded: Promise<void> | null = null;

  constructor(
    private readonly options: {
      db: Db;
      data: ShopData;
      now: () => Date;
      /**
       * A fresh install gets sample codes for its code products (a simulated supplier); a real
       * site (production without DEMO_MODE) gets none: its stock is the codes staff load.
       */
      sampleCodes: boolean;
    },
  ) {
    for (const product of options.data.products) {
      this.#byProduct.set(product.id, product);
      for (const variant of product.variants) this.#byVariant.set(variant.id, { product, variant });
    }
  }

  get rules() {
    return this.options.data.rules;
  }

  products(): ShopProduct[] {
    return this.options.data.products;
  }

  product(id: string): ShopProduct | null {
    return this.#byProduct.get(id) ?? null;
  }

  variant(id: string): { product: ShopProduct; variant: ShopVariant } | null {
    return this.#byVariant.get(id) ?? null;
  }

  /** Whether a product's codes here come from the simulated supplier (said on its page and in its e-mail). */
  simulated(product: ShopProduct): boolean {
    return this.options.sampleCodes && (product.simulatedSupplier ?? false);
  }

  /** A variant's unit price today in a currency, in minor units. */
  unitPrice(product: ShopProduct, variant: ShopVariant, currency: MoneyCurrency): number {
    return minor(variantPrice(product, variant, this.options.now()).price, currency);
  }

  /** The variant's option values, in the product's order of options ("Navy", "M"). */
  choices(product: ShopProduct, variant: ShopVariant): LocalizedText[] {
    return product.options.map(
      (option) => option.values.find((value) => value.id === variant.options[option.id])!.label,
    );
  }

  /** The picture of a variant: the one showing its option value (its colour), else the product's first. */
  image(product: ShopProduct, variant: ShopVariant): string {
    const values = new Set(Object.values(variant.options));
    return (
      product.images.find((image) => image.shows && values.has(image.shows)) ?? product.images[0]!
    ).file;
  }

  /** Stock rows and sample codes for a database that lacks them (once per process). */
  seed(): Promise<void> {
    this.#seeded ??= this.#seed().catch((error: unknown) => {
      this.#seeded = null;
      throw error;
    });
    return this.#seeded;
  }

  async #seed(): Promise<void> {
    const { db } = this.options;
    await db.transaction(async (tx) => {
      // One seeding at a time across processes; the second finds the rows there.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shop-seed'))`);
      const known = new Set(
        (await tx.select({ id: shopStock.variantId }).from(shopStock)).map((row) => row.id),
      );
      for (const product of this.options.data.products) {
        for (const variant of product.variants) {
          if (variant.stock === undefined || known.has(variant.id)) continue;
          const samples = product.delivery === 'code' && this.options.sampleCodes;
          // A code product's stock is its codes: none until staff load them on a real site.
          const onHand = product.delivery === 'code' && !samples ? 0 : variant.stock;
          await tx
            .insert(shopStock)
            .values({ variantId: variant.id, productId: product.id, onHand });
          if (samples && variant.stock > 0)
            await tx.insert(shopCodes).values(
              Array.from({ length: variant.stock }, () => ({
                variantId: variant.id,
                code: `${SAMPLE_PREFIX}-${randomCode(4)}-${randomCode(4)}-${randomCode(4)}`,
                sample: true,
              })),
            );
        }
      }
    });
  }

  /** What can be bought now of each variant: on hand less held; null for a download (never runs out). */
  async available(variantIds: readonly string[], db: Pick<Db, 'select'> = this.options.db) {
    await this.seed();
    const rows =
      variantIds.length === 0
        ? []
        : await db
            .select()
            .from(shopStock)
            .where(inArray(shopStock.variantId, [...variantIds]));
    const byId = new Map(rows.map((row) => [row.variantId, row.onHand - row.reserved]));
    return new Map(
      variantIds.map((id) => [
        id,
        this.variant(id)?.variant.stock === undefined ? null : (byId.get(id) ?? 0),
      ]),
    );
  }

  /** A product as its page shows it: every language, today's prices, what is in stock. */
  async view(product: ShopProduct): Promise<ShopProductView> {
    const stock = await this.available(product.variants.map((variant) => variant.id));
    return this.#view(product, stock);
  }

  /** Products of a kind (or all), with their stock, in the file's order. */
  async list(kind?: ShopProduct['kind']): Promise<ShopProductView[]> {
    const products = this.products().filter((product) => !kind || product.kind === kind);
    const stock = await this.available(
      products.flatMap((product) => product.variants.map((variant) => variant.id)),
    );
    return products.map((product) => this.#view(product, stock));
  }

  #view(product: ShopProduct, stock: Map<string, number | null>): ShopProductView {
    const now = this.options.now();
    return {
      id: product.id,
      kind: product.kind,
      delivery: product.delivery,
      title: product.title,
      summary: product.summary,
      description: product.description,
      details: product.details,
      images: product.images,
      featured: product.featured,
      options: product.options,
      maxPerOrder: product.maxPerOrder,
      simulatedSupplier: this.simulated(product),
      saleUntil: product.saleUntil ?? null,
      variants: product.variants.map((variant) => {
        const { price, compareAt } = variantPrice(product, variant, now);
        return {
          id: variant.id,
          options: variant.options,
          price: priceInMinor(price),
          compareAt: compareAt ? priceInMinor(compareAt) : null,
          available: stock.get(variant.id) ?? null,
        };
      }),
    };
  }
}

function priceInMinor(price: ShopVariant['price']): Record<MoneyCurrency, number> {
  return Object.fromEntries(
    (Object.keys(price) as MoneyCurrency[]).map((currency) => [currency, minor(price, currency)]),
  ) as Record<MoneyCurrency, number>;
}
