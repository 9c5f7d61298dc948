import { LocalizedTextSchema } from '../cards/card-schema.ts';
import { z } from 'zod';
import { hasInvisibleCharacters, memberText } from '../text.ts';

/**
 * Taiwan stores that take (or refuse) US cards, as members share them (docs/product/cards.md#stores-that-take-us-cards;
 * docs/shares.md#stores). A record names the store; each member who paid there
 * adds the cards they tried, and owns those lines.
 */

/** The 12 categories of docs/product/cards.md#stores-that-take-us-cards, in its order. */
export const STORE_CATEGORIES = [
  'supermarket',
  'delivery',
  'convenience',
  'restaurant',
  'travel',
  'transport',
  'gas',
  'insurance',
  'medical',
  'telecom',
  'online-shopping',
  'others',
] as const;
export type StoreCategory = (typeof STORE_CATEGORIES)[number];

export const STORE_TYPES = ['physical', 'online'] as const;
export type StoreType = (typeof STORE_TYPES)[number];

/** How a store can be paid; a US card can be used through the first five. */
export const PAYMENT_METHODS = [
  'credit-card',
  'debit-card',
  'apple-pay',
  'google-pay',
  'samsung-pay',
  'line-pay',
  'jko-pay',
  'taiwan-pay',
  'easycard',
  'ipass',
  'cash',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const US_CARD_SUPPORT = ['support', 'not-support', 'unknown'] as const;
export type UsCardSupport = (typeof US_CARD_SUPPORT)[number];

export const CARD_NETWORKS_TRIED = ['visa', 'mastercard', 'amex', 'discover', 'jcb'] as const;
/** How the card was presented at the till (docs/product/cards.md#stores-that-take-us-cards). */
export const ENTRY_MODES = ['contactless', 'chip', 'swipe', 'mobile-wallet', 'online'] as const;
export const CARD_RESULTS = ['approved', 'declined', 'other-card'] as const;

export const STORE_LIMITS = {
  name: 60,
  cardName: 80,
  acquirer: 60,
  note: 300,
  cards: 10,
  search: 60,
} as const;

export const StoreCardSchema = z
  .object({
    /** A card of our catalogue (data/cards/), or null with `cardName` for another card. */
    cardId: z.string().max(80).nullable(),
    cardName: memberText(STORE_LIMITS.cardName),
    network: z.enum(CARD_NETWORKS_TRIED),
    entry: z.enum(ENTRY_MODES),
    result: z.enum(CARD_RESULTS),
    /** The acquiring bank when the slip names it (中國信託, 國泰世華…). */
    acquirer: memberText(STORE_LIMITS.acquirer),
    note: memberText(STORE_LIMITS.note),
  })
  .strict();
export type StoreCard = z.infer<typeof StoreCardSchema>;

/** What the add-store and edit-store form sends. Required fields are checked by `storeProblem`, in the spec's order. */
export const StoreInputSchema = z
  .object({
    name: memberText(200),
    type: z.enum(STORE_TYPES),
    category: z.enum(STORE_CATEGORIES),
    paymentMethods: z.array(z.enum(PAYMENT_METHODS)).max(PAYMENT_METHODS.length),
    usCardSupport: z.enum(US_CARD_SUPPORT).nullable(),
    cards: z.array(StoreCardSchema).max(STORE_LIMITS.cards),
  })
  .strict();
export type StoreInput = z.infer<typeof StoreInputSchema>;

/** A member's cards on someone else's record: the same lines, without the store's own fields. */
export const StoreCardsInputSchema = z
  // An empty list takes the member's own cards off the record.
  .object({ cards: z.array(StoreCardSchema).max(STORE_LIMITS.cards) })
  .strict();

export type StoreProblem =
  | 'nameMissing'
  | 'nameTooLong'
  | 'nameInvisible'
  | 'paymentMissing'
  | 'supportMissing'
  | 'cardMissing'
  | 'cardNameMissing'
  | 'supportedCardMissing';

/**
 * The first problem of a store share, in the order of docs/product/cards.md#stores-that-take-us-cards: the name, at least one payment method,
 * the US-card support, at least one card (and, for 'support', one that was approved). Null when it
 * can be stored; whether the name is taken is the server's to say.
 */
export function storeProblem(
  input: Pick<StoreInput, 'name' | 'paymentMethods' | 'usCardSupport' | 'cards'>,
): { field: string; problem: StoreProblem } | null {
  const name = input.name.trim();
  if (name === '') return { field: 'name', problem: 'nameMissing' };
  if ([...name].length > STORE_LIMITS.name) return { field: 'name', problem: 'nameTooLong' };
  if (hasInvisibleCharacters(name)) return { field: 'name', problem: 'nameInvisible' };
  if (input.paymentMethods.length === 0)
    return { field: 'paymentMethods', problem: 'paymentMissing' };
  if (input.usCardSupport === null) return { field: 'usCardSupport', problem: 'supportMissing' };
  return cardsProblem(input.cards, input.usCardSupport);
}

/** The cards' part of `storeProblem`: also what a member adding cards to another's record must pass. */
export function cardsProblem(
  cards: readonly StoreCard[],
  support: UsCardSupport,
): { field: string; problem: StoreProblem } | null {
  if (cards.length === 0) return { field: 'cards', problem: 'cardMissing' };
  const unnamed = cards.findIndex((card) => card.cardId === null && card.cardName.trim() === '');
  if (unnamed >= 0) return { field: `cards.${unnamed}.cardName`, problem: 'cardNameMissing' };
  if (support === 'support' && !cards.some((card) => card.result === 'approved'))
    return { field: 'cards', problem: 'supportedCardMissing' };
  return null;
}

export const StoreCardViewSchema = StoreCardSchema.extend({
  // Plain text out: the input's trimming and checks ran when it was stored.
  cardName: z.string(),
  acquirer: z.string(),
  note: z.string(),
  /** A sample's note in every language (docs/shares.md#sample-data); members' are shown as written. */
  noteTranslated: LocalizedTextSchema.nullable(),
  id: z.uuid(),
  mine: z.boolean(),
  sharedBy: z.string(),
  updatedAt: z.string(),
});
export type StoreCardView = z.infer<typeof StoreCardViewSchema>;

export const StoreViewSchema = z.object({
  id: z.uuid(),
  /** The record's address part: /cardplus/uscard-in-tw/<slug>. */
  slug: z.string(),
  name: z.string(),
  type: z.enum(STORE_TYPES),
  category: z.enum(STORE_CATEGORIES),
  paymentMethods: z.array(z.enum(PAYMENT_METHODS)),
  usCardSupport: z.enum(US_CARD_SUPPORT),
  cards: z.array(StoreCardViewSchema),
  sample: z.boolean(),
  mine: z.boolean(),
  saved: z.boolean(),
  /** Times its owner changed it, and when anyone last changed it or its cards. */
  editCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StoreView = z.infer<typeof StoreViewSchema>;

export const StoreListQuerySchema = z.object({
  q: z.string().max(STORE_LIMITS.search).optional(),
  category: z.enum(STORE_CATEGORIES).optional(),
  support: z.enum(US_CARD_SUPPORT).optional(),
});
export type StoreListQuery = z.infer<typeof StoreListQuerySchema>;
