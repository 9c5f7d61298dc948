import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { LocalizedText } from '../../../core/cards/card.ts';
import type { ShopDelivery } from '../../../core/shop/catalogue-schema.ts';
import type { CheckoutDetails } from '../../../core/payments/checkout-contract.ts';
import type { ShippingAddress, ShopOrderStatus } from '../../../core/shop/orders.ts';
import type { ShopTotals } from '../../../core/shop/pricing.ts';
import { members } from './members.ts';
import { payments } from './payments.ts';

/**
 * Stock of one variant (docs/shop.md#stock): what is on the shelf, and how much of it buyers hold
 * between the confirmation step and paying. A hold takes `reserved` only while `on_hand - reserved`
 * covers it (one conditional update, so two buyers cannot both hold the last item); paying takes
 * the held quantity off both, once. Variants of a download have no row: they never run out.
 */
export const shopStock = pgTable(
  'shop_stock',
  {
    variantId: text('variant_id').primaryKey(),
    productId: text('product_id').notNull(),
    onHand: integer('on_hand').notNull(),
    reserved: integer('reserved').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('shop_stock_reserved_check', sql`${table.reserved} >= 0`),
    check('shop_stock_on_hand_check', sql`${table.onHand} >= ${table.reserved}`),
  ],
);

/**
 * A cart: a member's, or a visitor's under the hash of the random token in their cart cookie.
 * Signing in folds the visitor's cart into the member's (docs/shop.md#cart).
 */
export const shopCarts = pgTable(
  'shop_carts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'cascade' }),
    visitorTokenHash: text('visitor_token_hash'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('shop_carts_member_idx').on(table.memberId),
    uniqueIndex('shop_carts_visitor_idx').on(table.visitorTokenHash),
    check(
      'shop_carts_owner_check',
      sql`(${table.memberId} is null) <> (${table.visitorTokenHash} is null)`,
    ),
  ],
);

export const shopCartItems = pgTable(
  'shop_cart_items',
  {
    cartId: uuid('cart_id')
      .notNull()
      .references(() => shopCarts.id, { onDelete: 'cascade' }),
    variantId: text('variant_id').notNull(),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.cartId, table.variantId] }),
    check('shop_cart_items_quantity_check', sql`${table.quantity} > 0`),
  ],
);

/**
 * A shop order (docs/shop.md#orders): the cart priced on the server at the confirmation step, its
 * stock held until `hold_until`; then paid, packed, shipped with a carrier and tracking number and
 * delivered (a digital-only order is delivered when paid); or cancelled by staff and refunded.
 * Every move is an update naming the state it leaves.
 */
export const shopOrders = pgTable(
  'shop_orders',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** What the member quotes to support: SH-XXXX-XXXX. */
    number: text('number').notNull().unique(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    status: text('status').$type<ShopOrderStatus>().notNull().default('reserved'),
    currency: text('currency').notNull(),
    totals: jsonb('totals').$type<ShopTotals>().notNull(),
    /** Null for a digital-only order. */
    shipping: jsonb('shipping').$type<ShippingAddress>(),
    billing: jsonb('billing').$type<Omit<CheckoutDetails, 'termsAgreed'>>().notNull(),
    language: text('language').notNull(),
    holdUntil: timestamp('hold_until', { withTimezone: true }).notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    failure: text('failure'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    packedAt: timestamp('packed_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('shop_orders_member_idx').on(table.memberId, table.createdAt),
    index('shop_orders_status_idx').on(table.status, table.holdUntil),
  ],
);

/** One line of an order, with what was sold as it was named and priced then. */
export const shopOrderLines = pgTable(
  'shop_order_lines',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    orderId: uuid('order_id')
      .notNull()
      .references(() => shopOrders.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    variantId: text('variant_id').notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    choices: jsonb('choices').$type<LocalizedText[]>().notNull(),
    image: text('image').notNull(),
    delivery: text('delivery').$type<ShopDelivery>().notNull(),
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (table) => [index('shop_order_lines_order_idx').on(table.orderId)],
);

/**
 * Codes a `code` product delivers (an eSIM's activation code, a lounge pass), loaded by staff from
 * the supplier; a fresh install has sample codes, marked so. Stock of such a variant counts the
 * codes not yet given; paying gives `quantity` of them to the line, once.
 */
export const shopCodes = pgTable(
  'shop_codes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    variantId: text('variant_id').notNull(),
    code: text('code').notNull(),
    sample: boolean('sample').notNull().default(false),
    lineId: uuid('line_id').references(() => shopOrderLines.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('shop_codes_code_idx').on(table.variantId, table.code),
    index('shop_codes_free_idx').on(table.variantId, table.lineId),
  ],
);
