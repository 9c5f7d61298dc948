import { z } from 'zod';
import { IdSchema, IsoDateSchema, LocalizedTextSchema } from '../cards/card-schema.ts';
import { MONEY_CURRENCIES, type MoneyCurrency } from '../locale.ts';

/**
 * What the shop sells (docs/product/shop.md): merchandise we ship and travel products we deliver
 * at once (an eSIM or lounge-pass code, a handbook to download), each with its variants, and the
 * shipping and tax rules per destination. Both are our own records in data/shop/, checked against
 * these schemas when the server starts. Stock lives in the database (staff count it); the file's
 * `stock` is what a fresh install starts with.
 */

/** A price in every money currency, in major units as the file writes it (690 = NT$690). */
export const ShopPriceSchema = z
  .object(
    Object.fromEntries(MONEY_CURRENCIES.map((currency) => [currency, z.number().positive()])) as {
      [K in MoneyCurrency]: z.ZodNumber;
    },
  )
  .strict();
export type ShopPrice = z.infer<typeof ShopPriceSchema>;

/** Where the record comes from and when it was last checked (data/README.md). */
const RecordSourceSchema = z.object({ source: z.string().min(1), checked: IsoDateSchema }).strict();

export const SHOP_KINDS = ['merchandise', 'travel'] as const;
export type ShopKind = (typeof SHOP_KINDS)[number];
/** How a product reaches the buyer: by post, as a code in the e-mail and profile, or as a signed download link. */
export const SHOP_DELIVERIES = ['shipped', 'code', 'download'] as const;
export type ShopDelivery = (typeof SHOP_DELIVERIES)[number];

const OptionSchema = z
  .object({
    id: IdSchema,
    label: LocalizedTextSchema,
    values: z.array(z.object({ id: IdSchema, label: LocalizedTextSchema }).strict()).min(1),
  })
  .strict();

const VariantSchema = z
  .object({
    id: IdSchema,
    /** The value of each of the product's options this variant is. */
    options: z.record(z.string(), z.string()),
    price: ShopPriceSchema,
    /** The price before a shop discount; the discount runs until `saleUntil` (inclusive, Taipei day). */
    compareAt: ShopPriceSchema.optional(),
    /** Stock a fresh install starts with (sample codes, for a `code` product); a download has no stock. */
    stock: z.number().int().min(0).optional(),
    /** The file a download delivers (data/shop/files/), for a `download` product. */
    file: z
      .string()
      .regex(/^[A-Za-z0-9-]+\.pdf$/)
      .optional(),
    /** Shipping weight in grams, for a `shipped` product. */
    grams: z.number().int().positive().optional(),
  })
  .strict();

export const ShopProductSchema = z
  .object({
    id: IdSchema,
    kind: z.enum(SHOP_KINDS),
    delivery: z.enum(SHOP_DELIVERIES),
    title: LocalizedTextSchema,
    summary: LocalizedTextSchema,
    /** Paragraphs. */
    description: z.array(LocalizedTextSchema).min(1),
    /** Points the page lists: what is in the box, how the code works. */
    details: z.array(LocalizedTextSchema),
    /** Pictures in web/public/images/shop/ (our own, scripts/shop-assets.ts); the first leads. */
    images: z
      .array(
        z
          .object({
            file: z.string().regex(/^[a-z0-9-]+\.webp$/),
            alt: LocalizedTextSchema,
            /** The option value it shows (a colour), so choosing it shows its picture. */
            shows: z.string().optional(),
          })
          .strict(),
      )
      .min(1),
    featured: z.boolean(),
    options: z.array(OptionSchema),
    variants: z.array(VariantSchema).min(1),
    /** Largest quantity of one variant in one order. */
    maxPerOrder: z.number().int().min(1).max(20),
    /** The last day (Taipei) of a shop discount given by `compareAt`. */
    saleUntil: IsoDateSchema.optional(),
    /** Codes of this install come from a simulated supplier: said on the page and in the e-mail. */
    simulatedSupplier: z.boolean().optional(),
  })
  .merge(RecordSourceSchema)
  .strict()
  .superRefine((product, context) => {
    product.variants.forEach((variant, index) => {
      const download = product.delivery === 'download';
      if (download !== (variant.file !== undefined) || download === (variant.stock !== undefined))
        context.addIssue({
          code: 'custom',
          path: ['variants', index],
          message: 'a download names its file and has no stock; anything else has stock',
        });
      if ((product.delivery === 'shipped') !== (variant.grams !== undefined))
        context.addIssue({
          code: 'custom',
          path: ['variants', index, 'grams'],
          message: 'a shipped variant, and only one, has its weight',
        });
      const chosen = product.options.map((option) => variant.options[option.id]);
      if (
        Object.keys(variant.options).length !== product.options.length ||
        product.options.some(
          (option, at) => !option.values.some((value) => value.id === chosen[at]),
        )
      )
        context.addIssue({
          code: 'custom',
          path: ['variants', index, 'options'],
          message: 'a variant takes one value of each of its product’s options',
        });
    });
    if (product.variants.some((variant) => variant.compareAt) !== (product.saleUntil !== undefined))
      context.addIssue({
        code: 'custom',
        path: ['saleUntil'],
        message: 'a discount (compareAt) has its last day, and a last day its discount',
      });
  });
export type ShopProduct = z.infer<typeof ShopProductSchema>;
export type ShopVariant = ShopProduct['variants'][number];

/** How tax applies in a country: included in the price (Taiwan's business tax), or not collected by us. */
const TaxRuleSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('included'), percent: z.number().positive().max(30) }).strict(),
  z.object({ mode: z.literal('not-collected') }).strict(),
]);
export type TaxRule = z.infer<typeof TaxRuleSchema>;

export const SHIP_COUNTRIES = ['TW', 'US'] as const;
export type ShipCountry = (typeof SHIP_COUNTRIES)[number];

const DestinationSchema = z
  .object({
    country: z.enum(SHIP_COUNTRIES),
    /** Shipping of one parcel. */
    fee: ShopPriceSchema,
    /** Free shipping from this subtotal on. */
    freeFrom: ShopPriceSchema,
    carrier: LocalizedTextSchema,
    /** Business days from shipping to delivery, as the carrier states them. */
    days: z.object({ min: z.number().int().min(1), max: z.number().int().min(1) }).strict(),
    tax: TaxRuleSchema,
    /** What the buyer should know (duties charged on delivery). */
    note: LocalizedTextSchema.optional(),
  })
  .merge(RecordSourceSchema)
  .strict();
export type ShopDestination = z.infer<typeof DestinationSchema>;

export const ShopProductsFileSchema = z
  .object({ asOf: IsoDateSchema, products: z.array(ShopProductSchema).min(1) })
  .strict();
export const ShopRulesFileSchema = z
  .object({
    asOf: IsoDateSchema,
    destinations: z.array(DestinationSchema).min(1),
    /** Tax on digital goods by the billing country; a country not listed is not collected. */
    digitalTax: z.array(
      z
        .object({ country: z.string().length(2), tax: TaxRuleSchema })
        .merge(RecordSourceSchema)
        .strict(),
    ),
  })
  .strict();
export type ShopRules = z.infer<typeof ShopRulesFileSchema>;
