import { z } from 'zod';
import type { WalletBalanceSchema, WalletCardSchema, WalletSchema } from './wallet-schema.ts';
import {
  CARD_BANKS,
  CARD_COUNTRIES,
  CARD_TYPES,
  COUNTRY_CURRENCY,
  cardTypes,
  type Card,
  type CardBank,
  type CardListItem,
  type CardCountry,
} from './card.ts';
import { convert, type Rates } from './finder.ts';
import type { PointsCurrency } from './points-currency.ts';

/**
 * The card list's filters and order, the card-holder preferences
 * (docs/product/cards.md#card-preferences) and the member's wallet (docs/product/cards.md#wallet).
 * The list page and `GET /api/cards` filter with the same function.
 */

/** Annual-fee bands, in each country's own money: a US$95 and an NT$1,800 fee are both "low". */
export const FEE_BANDS = ['none', 'low', 'mid', 'high'] as const;
export type FeeBand = (typeof FEE_BANDS)[number];
const FEE_LIMITS: Record<CardCountry, { low: number; mid: number }> = {
  US: { low: 100, mid: 400 },
  TW: { low: 3_000, mid: 10_000 },
};

export function feeBand(card: Pick<Card, 'country' | 'annualFee'>): FeeBand {
  const limits = FEE_LIMITS[card.country];
  if (card.annualFee === 0) return 'none';
  if (card.annualFee <= limits.low) return 'low';
  return card.annualFee <= limits.mid ? 'mid' : 'high';
}

export const CARD_ORDERS = ['featured', 'name', 'fee-low', 'fee-high', 'bonus'] as const;
export type CardOrder = (typeof CARD_ORDERS)[number];

const many = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
    z.array(z.enum(values)).optional(),
  );

/** The list's filters, as query parameters of the page and of `GET /api/cards` (comma-separated lists). */
export const CardFilterSchema = z.object({
  country: z.enum(CARD_COUNTRIES).optional(),
  bank: many(CARD_BANKS),
  type: many(CARD_TYPES),
  fee: many(FEE_BANDS),
  /** Currency earned: a points-currency or programme id, or `cash`. */
  earns: z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
    z.array(z.string().max(60)).max(20).optional(),
  ),
  /** `business` or `personal` (the "business or personal" filter; also accepts true/false). */
  business: z.preprocess(
    (value) => (value === 'true' ? 'business' : value === 'false' ? 'personal' : value),
    z.enum(['business', 'personal']).optional(),
  ),
  /** A programme the card's points reach (earned directly or by transfer). */
  partner: z.string().max(60).optional(),
  q: z.string().max(80).optional(),
  sort: z.enum(CARD_ORDERS).optional(),
});
export type CardFilter = z.infer<typeof CardFilterSchema>;

/** Programmes a card's points reach: the one it earns, and every transfer partner of its currency. */
export function reachableProgrammes(
  card: Pick<Card, 'earns'>,
  currencies: ReadonlyMap<string, PointsCurrency>,
): string[] {
  const currency = currencies.get(card.earns);
  return [card.earns, ...(currency?.transfers.map((transfer) => transfer.to) ?? [])];
}

/** A card's money in US dollars, so US and Taiwan cards order together. */
const inUsd = (card: Pick<Card, 'country'>, amount: number, perUsd: Rates['perUsd']) =>
  convert(amount, COUNTRY_CURRENCY[card.country], 'USD', { perUsd });

/** The current welcome bonus in US cents, to order by it (cash bonuses at face value). */
export function bonusCents(
  card: Pick<Card, 'country' | 'earns' | 'welcomeBonus'>,
  currencies: ReadonlyMap<string, PointsCurrency>,
  perUsd: Rates['perUsd'],
): number {
  // An unconfirmed offer is shown with its label and never counted in a value.
  if (!card.welcomeBonus || card.welcomeBonus.status !== 'confirmed') return 0;
  if (card.earns === 'cash') return inUsd(card, card.welcomeBonus.amount, perUsd) * 100;
  return card.welcomeBonus.amount * (currencies.get(card.earns)?.cents ?? 1);
}

export function filterCards<C extends CardListItem>(
  cards: readonly C[],
  filter: CardFilter,
  currencies: ReadonlyMap<string, PointsCurrency>,
  perUsd: Rates['perUsd'],
): C[] {
  const words = filter.q?.trim().toLowerCase().split(/\s+/).filter(Boolean) ?? [];
  const matches = cards.filter(
    (card) =>
      (!filter.country || card.country === filter.country) &&
      (!filter.bank?.length || filter.bank.includes(card.bank)) &&
      (!filter.type?.length || cardTypes(card).some((type) => filter.type!.includes(type))) &&
      (!filter.fee?.length || filter.fee.includes(feeBand(card))) &&
      (!filter.earns?.length || filter.earns.includes(card.earns)) &&
      (!filter.business || card.business === (filter.business === 'business')) &&
      (!filter.partner || reachableProgrammes(card, currencies).includes(filter.partner)) &&
      words.every((word) =>
        Object.values(card.name).some((name) => name.toLowerCase().includes(word)),
      ),
  );
  const order = filter.sort ?? 'featured';
  if (order === 'featured') return matches;
  const sorted = [...matches];
  if (order === 'name') sorted.sort((a, b) => a.name.en.localeCompare(b.name.en));
  if (order === 'fee-low')
    sorted.sort((a, b) => inUsd(a, a.annualFee, perUsd) - inUsd(b, b.annualFee, perUsd));
  if (order === 'fee-high')
    sorted.sort((a, b) => inUsd(b, b.annualFee, perUsd) - inUsd(a, a.annualFee, perUsd));
  if (order === 'bonus')
    sorted.sort((a, b) => bonusCents(b, currencies, perUsd) - bonusCents(a, currencies, perUsd));
  return sorted;
}

/** Card-holder preferences (docs/product/cards.md#card-preferences): stored for members, in local storage for visitors. */
export const CardPreferencesSchema = z
  .object({
    likedCards: z.array(z.string().min(1).max(80)).max(200),
    ignoredBanks: z.array(z.enum(CARD_BANKS)).max(CARD_BANKS.length),
    promoteBusiness: z.boolean(),
  })
  .strict();
export type CardPreferences = z.infer<typeof CardPreferencesSchema>;
export const DEFAULT_CARD_PREFERENCES: CardPreferences = {
  likedCards: [],
  ignoredBanks: [],
  promoteBusiness: false,
};

/**
 * Preferences applied to a list or a ranking: cards of ignored banks go; business cards stay but
 * come after personal ones unless promoted (the finder and advisor leave them out then);
 * liked cards come first.
 */
export function applyPreferences<T extends Pick<Card, 'id' | 'bank' | 'business'>>(
  cards: readonly T[],
  preferences: CardPreferences,
  mode: 'list' | 'recommend',
): T[] {
  const ignored = new Set<CardBank>(preferences.ignoredBanks);
  const liked = new Set(preferences.likedCards);
  const kept = cards.filter(
    (card) =>
      !ignored.has(card.bank) && (mode === 'list' || preferences.promoteBusiness || !card.business),
  );
  if (mode === 'recommend') return kept;
  const rank = (card: T) =>
    (liked.has(card.id) ? 0 : 2) + (card.business && !preferences.promoteBusiness ? 1 : 0);
  // A stable sort keeps each group in its incoming order (featured or by value).
  return [...kept].sort((a, b) => rank(a) - rank(b));
}

/** The member's wallet (its schemas are in wallet-schema.ts, which only the server loads). */
export type Wallet = z.infer<typeof WalletSchema>;
export type WalletCard = z.infer<typeof WalletCardSchema>;
export type WalletBalance = z.infer<typeof WalletBalanceSchema>;
