import { z } from 'zod';
import { PostingHoursSchema } from './limits.ts';
import { LocalizedNameSchema } from '../cards/api-schemas.ts';
import { CardTokenSchema, CheckoutDetailsSchema } from '../payments/checkout-contract.ts';
import { LANGUAGES, MONEY_CURRENCIES } from '../locale.ts';

/**
 * A storefront order's contract (docs/storefront.md#orders): what the checkout sends to
 * price an order and to pay it, and the order as the pages see it. The browser never sends a
 * price: the server prices the order once, holds it for QUOTE_HOLD_MINUTES, and charges that.
 */

/**
 * The order's states: priced and waiting for payment (`quoted`), being paid (`paying`, which
 * counts toward the cap), then `in-review` (a first purchase or a spot check) or straight to
 * `crediting`, then `credited`; a programme that refuses the order makes it `failed`, then
 * `refunded`. A payment that fails leaves the order `payment-failed`, never paid.
 */
export const ORDER_STATUSES = [
  'quoted',
  'paying',
  'payment-failed',
  'in-review',
  'crediting',
  'credited',
  'failed',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Orders that count toward an account's annual cap: paid or being paid. */
export const CAP_COUNTED_STATUSES: readonly OrderStatus[] = [
  'paying',
  'in-review',
  'crediting',
  'credited',
];

const text = (max: number) => z.string().trim().max(max);

/** `POST /api/storefront/orders`: price an order for a programme account (the checkout's first step). */
export const OrderRequestSchema = z.object({
  programme: z.string().max(60),
  quantity: z.number().int('a whole number of miles').positive('a whole number of miles'),
  account: z.object({
    /** Spaces and hyphens are dropped and letters made upper case before the programme's pattern is checked. */
    number: text(40).min(1, 'the programme account is required'),
    name: text(80).min(1, 'the name on the programme account is required'),
  }),
  details: CheckoutDetailsSchema.omit({ termsAgreed: true }),
  language: z.enum(LANGUAGES).default('en'),
});
export type OrderRequest = z.infer<typeof OrderRequestSchema>;

/** `POST /api/storefront/orders/:id/pay`: pay the priced order (the confirmation step). */
export const OrderPaySchema = z.object({
  /** Made by the page once per checkout; a repeated request pays once. */
  checkoutId: z.uuid(),
  card: CardTokenSchema,
  termsAgreed: z.literal(true, 'agree to the terms before paying'),
});
export type OrderPay = z.infer<typeof OrderPaySchema>;

/** A programme account number as the programme writes it: no spaces or hyphens, upper case. */
export function normalizeAccountNumber(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

export const OrderViewSchema = z.object({
  id: z.string(),
  number: z.string(),
  programme: z.string(),
  programmeName: LocalizedNameSchema,
  unit: LocalizedNameSchema,
  accountNumber: z.string(),
  accountName: z.string(),
  quantity: z.number().int(),
  bonus: z.number().int(),
  total: z.number().int(),
  amount: z.number().int().describe('Minor units charged'),
  currency: z.enum(MONEY_CURRENCIES),
  campaignId: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  quoteExpiresAt: z.string(),
  /** A first purchase is reviewed before crediting: the page says so before paying. */
  firstPurchase: z.boolean(),
  reviewReason: z.enum(['first-purchase', 'spot-check']).nullable(),
  reviewUntil: z.string().nullable(),
  postingHours: PostingHoursSchema,
  /** What the account may still buy this calendar year after this order (null: no cap). */
  capRemaining: z.number().int().nullable(),
  failure: z.string().nullable(),
  paymentId: z.string().nullable(),
  /** Left at the bank's page while its price still holds: the payment to go back and finish. */
  resumePayment: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  paidAt: z.string().nullable(),
  creditedAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderView = z.infer<typeof OrderViewSchema>;

/** An order as staff see it in the console: with who paid. */
export const StaffOrderViewSchema = OrderViewSchema.extend({
  payer: z.object({ name: z.string(), email: z.string() }),
  /** Staff's notes on the order, oldest first (docs/storefront.md#staff). */
  notes: z.array(z.object({ at: z.string(), staffEmail: z.string(), note: z.string() })),
});

/** A staff note on an order: what was checked, what the buyer said. */
export const OrderNoteSchema = z.object({ note: z.string().trim().min(1).max(1000) }).strict();
export type StaffOrderView = z.infer<typeof StaffOrderViewSchema>;

/** `POST /api/storefront/alerts`: tell me when this programme's price per 1,000 falls to `target` (minor units of its currency). */
export const PriceAlertRequestSchema = z.object({
  programme: z.string().max(60),
  target: z.number().int('a price in cents').positive('a price above zero').max(1_000_000),
  language: z.enum(LANGUAGES).default('en'),
});
export type PriceAlertRequest = z.infer<typeof PriceAlertRequestSchema>;

export const PriceAlertViewSchema = z.object({
  id: z.string(),
  programme: z.string(),
  target: z.number().int(),
  currency: z.enum(MONEY_CURRENCIES),
  notifiedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PriceAlertView = z.infer<typeof PriceAlertViewSchema>;
