import { z } from 'zod';
import { LocalizedTextSchema } from '../cards/card-schema.ts';
import { LANGUAGES, MONEY_CURRENCIES } from '../locale.ts';
import { CardTokenSchema, CheckoutDetailsSchema } from '../payments/checkout-contract.ts';
import { SHIP_COUNTRIES, SHOP_DELIVERIES } from './catalogue-schema.ts';

/**
 * The shop's cart, checkout and orders as the pages and the API share them
 * (docs/product/shop.md). Amounts are minor units; the server prices everything, a body never
 * names an amount.
 */

/** How long stock is held for a buyer between the confirmation step and paying. */
export const SHOP_HOLD_MINUTES = 15;
/** How long a download link in an e-mail or the profile works. */
export const DOWNLOAD_LINK_DAYS = 7;
/** Different items a cart may hold. */
export const CART_MAX_ITEMS = 30;

/**
 * paid → packed → shipped → delivered for a parcel; a digital-only order is delivered when paid.
 * `reserved` holds the stock, `paying` while the card is charged or verified; `expired` and
 * `payment-failed` let the stock go; `cancelled` (by staff) is refunded.
 */
export const SHOP_ORDER_STATUSES = [
  'reserved',
  'paying',
  'payment-failed',
  'expired',
  'paid',
  'packed',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
] as const;
export type ShopOrderStatus = (typeof SHOP_ORDER_STATUSES)[number];

/** The states a member sees as an order (earlier ones are a checkout that did not finish). */
export const SHOP_PLACED_STATUSES = [
  'paid',
  'packed',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
] as const satisfies readonly ShopOrderStatus[];

export const CartItemRequestSchema = z
  .object({
    variant: z.string().max(80),
    quantity: z.number().int('a whole number').min(0).max(20, 'at most 20'),
  })
  .strict();
export type CartItemRequest = z.infer<typeof CartItemRequestSchema>;

/** US states and territories a parcel can go to (postal abbreviations). */
export const US_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
  'PR',
] as const;

const text = (max: number) => z.string().trim().max(max);
const PHONE: Record<(typeof SHIP_COUNTRIES)[number], RegExp> = {
  // A mobile (09…) or a landline with its area code (02…, 07…), as Taiwan writes them.
  TW: /^0\d{8,9}$/,
  US: /^1?\d{10}$/,
};
const POSTAL: Record<(typeof SHIP_COUNTRIES)[number], RegExp> = {
  TW: /^\d{3}(\d{2,3})?$/,
  US: /^\d{5}(-\d{4})?$/,
};

/** Where a parcel goes; checked the way the country writes an address. */
export const ShippingAddressSchema = z
  .object({
    name: text(60).min(1, 'the recipient is required'),
    phone: text(20).min(1, 'the phone number is required'),
    country: z.enum(SHIP_COUNTRIES, 'we ship to Taiwan and the United States'),
    line1: text(120).min(1, 'the street address is required'),
    line2: text(120).default(''),
    city: text(60).min(1, 'the city is required'),
    region: text(60).default(''),
    postalCode: text(12).min(1, 'the postal code is required'),
  })
  .superRefine((address, context) => {
    const digits = address.phone.replace(/[\s()+-]/g, '');
    if (address.phone && !PHONE[address.country].test(digits))
      context.addIssue({
        code: 'custom',
        path: ['phone'],
        message: 'the phone number is not valid',
      });
    if (address.postalCode && !POSTAL[address.country].test(address.postalCode))
      context.addIssue({
        code: 'custom',
        path: ['postalCode'],
        message: 'the postal code is not valid',
      });
    if (
      address.country === 'US' &&
      !(US_STATES as readonly string[]).includes(address.region.toUpperCase())
    )
      context.addIssue({ code: 'custom', path: ['region'], message: 'choose a state' });
  });
export type ShippingAddress = z.infer<typeof ShippingAddressSchema>;

/** `POST /api/shop/orders` (the confirmation step): the cart as it is becomes an order, its stock held. */
export const ShopOrderRequestSchema = z
  .object({
    currency: z.enum(MONEY_CURRENCIES),
    /** Required when the cart holds something to ship. */
    shipping: ShippingAddressSchema.nullable(),
    details: CheckoutDetailsSchema.omit({ termsAgreed: true }),
    language: z.enum(LANGUAGES).default('en'),
  })
  .strict();
export type ShopOrderRequest = z.infer<typeof ShopOrderRequestSchema>;

export const ShopOrderPaySchema = z
  .object({
    checkoutId: z.uuid(),
    card: CardTokenSchema,
    termsAgreed: z.literal(true, 'agree to the terms before paying'),
  })
  .strict();
export type ShopOrderPay = z.infer<typeof ShopOrderPaySchema>;

const TotalsSchema = z.object({
  currency: z.enum(MONEY_CURRENCIES),
  subtotal: z.number().int(),
  shipping: z.number().int().nullable(),
  tax: z.number().int(),
  taxMode: z.enum(['included', 'not-collected']),
  taxPercent: z.number().nullable(),
  total: z.number().int(),
});

export const CartLineViewSchema = z.object({
  product: z.string(),
  variant: z.string(),
  title: LocalizedTextSchema,
  /** The variant's option values ("Navy", "M"). */
  choices: z.array(LocalizedTextSchema),
  image: z.string(),
  delivery: z.enum(SHOP_DELIVERIES),
  unitPrice: z.number().int(),
  quantity: z.number().int(),
  /** What can still be bought now (stock less what others hold); null for a download, which never runs out. */
  available: z.number().int().nullable(),
  maxPerOrder: z.number().int(),
});
export type CartLineView = z.infer<typeof CartLineViewSchema>;

export const CartViewSchema = z.object({
  currency: z.enum(MONEY_CURRENCIES),
  lines: z.array(CartLineViewSchema),
  subtotal: z.number().int(),
  needsShipping: z.boolean(),
});
export type CartView = z.infer<typeof CartViewSchema>;

export const ShopOrderLineViewSchema = z.object({
  id: z.string(),
  product: z.string(),
  variant: z.string(),
  title: LocalizedTextSchema,
  choices: z.array(LocalizedTextSchema),
  image: z.string(),
  delivery: z.enum(SHOP_DELIVERIES),
  unitPrice: z.number().int(),
  quantity: z.number().int(),
  /** The codes a `code` line delivered (once paid). */
  codes: z.array(z.string()),
  /** A signed link that works for DOWNLOAD_LINK_DAYS (once paid). */
  download: z.object({ url: z.string(), expiresAt: z.string() }).nullable(),
  simulatedSupplier: z.boolean(),
});

export const ShopOrderViewSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(SHOP_ORDER_STATUSES),
  lines: z.array(ShopOrderLineViewSchema),
  totals: TotalsSchema,
  shipping: z
    .object({
      name: z.string(),
      phone: z.string(),
      country: z.enum(SHIP_COUNTRIES),
      line1: z.string(),
      line2: z.string(),
      city: z.string(),
      region: z.string(),
      postalCode: z.string(),
    })
    .nullable(),
  holdUntil: z.string(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  paymentId: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  failure: z.string().nullable(),
  paidAt: z.string().nullable(),
  packedAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ShopOrderView = z.infer<typeof ShopOrderViewSchema>;

/** Staff's moves on an order (/admin/shop). */
export const ShopShipSchema = z
  .object({
    carrier: text(40).min(1, 'the carrier is required'),
    trackingNumber: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{6,40}$/, 'a tracking number is 6–40 letters and digits'),
  })
  .strict();
export const ShopStockSchema = z
  .object({ onHand: z.number().int('a whole number').min(0).max(100_000) })
  .strict();
export const ShopCodesSchema = z
  .object({
    codes: z
      .array(z.string().trim().min(4).max(200))
      .min(1, 'paste at least one code')
      .max(500, 'at most 500 codes at a time'),
  })
  .strict();

/** An order as staff see it at /admin/shop: with who paid. */
export const StaffShopOrderViewSchema = ShopOrderViewSchema.extend({
  payer: z.object({ name: z.string(), email: z.string() }),
});
export type StaffShopOrderView = z.infer<typeof StaffShopOrderViewSchema>;

export const ShopStockViewSchema = z.object({
  variant: z.string(),
  product: z.string(),
  title: LocalizedTextSchema,
  choices: z.array(LocalizedTextSchema),
  delivery: z.enum(SHOP_DELIVERIES),
  onHand: z.number().int(),
  reserved: z.number().int(),
  /** Codes of a code variant that are samples (a fresh install's). */
  sampleCodes: z.number().int(),
});
export type ShopStockView = z.infer<typeof ShopStockViewSchema>;
