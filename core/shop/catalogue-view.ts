import { z } from 'zod';
import { LocalizedTextSchema } from '../cards/card-schema.ts';
import { MONEY_CURRENCIES, type MoneyCurrency } from '../locale.ts';
import { SHOP_DELIVERIES, SHOP_KINDS } from './catalogue-schema.ts';

/** A price in minor units in every money currency. */
const MinorPriceSchema = z.object(
  Object.fromEntries(MONEY_CURRENCIES.map((currency) => [currency, z.number().int()])) as {
    [K in MoneyCurrency]: z.ZodNumber;
  },
);

/** A product as the shop's pages show it (docs/product/shop.md#catalogue). */
export const ShopProductViewSchema = z.object({
  id: z.string(),
  kind: z.enum(SHOP_KINDS),
  delivery: z.enum(SHOP_DELIVERIES),
  title: LocalizedTextSchema,
  summary: LocalizedTextSchema,
  description: z.array(LocalizedTextSchema),
  details: z.array(LocalizedTextSchema),
  images: z.array(
    z.object({ file: z.string(), alt: LocalizedTextSchema, shows: z.string().optional() }),
  ),
  featured: z.boolean(),
  options: z.array(
    z.object({
      id: z.string(),
      label: LocalizedTextSchema,
      values: z.array(z.object({ id: z.string(), label: LocalizedTextSchema })),
    }),
  ),
  maxPerOrder: z.number().int(),
  simulatedSupplier: z.boolean(),
  /** The last day (Taipei) of a discount shown by a variant's `compareAt`. */
  saleUntil: z.string().nullable(),
  variants: z.array(
    z.object({
      id: z.string(),
      options: z.record(z.string(), z.string()),
      price: MinorPriceSchema,
      compareAt: MinorPriceSchema.nullable(),
      /** Null: a download, which never runs out. */
      available: z.number().int().nullable(),
    }),
  ),
});
export type ShopProductView = z.infer<typeof ShopProductViewSchema>;

/** Where a product's picture is served (web/public/images/shop/, made by scripts/shop-assets.ts). */
export function shopImagePath(file: string, small = false): string {
  return `/images/shop/${small ? file.replace(/\.webp$/, '-400.webp') : file}`;
}
