import type { Cabin } from '../../../core/awards/simulated-schedule.ts';
import type { SpendCategory } from '../../../core/cards/card.ts';
import { foldForSearch, SYNONYM_GROUPS } from '../search/index.ts';

/**
 * Reading a question (docs/assistant.md#understanding): what it names (points currencies,
 * programmes, places, a cabin, a spending category) and what it asks (a transfer, an award's
 * price, a card, a sale, a definition), in English and in either Chinese script. Names are found
 * by their folded forms, longest first, so 國泰世華 (a bank) is not read as 國泰 (an airline).
 */

export type EntityKind = 'currency' | 'programme' | 'place';
export interface Entity {
  kind: EntityKind;
  id: string;
}

/** A name as a question may write it, and what it names. */
export interface Alias {
  /** As typed: folded before use. Latin aliases match whole words. */
  text: string;
  entity: Entity;
  /** Codes (BR, TPE) count only when typed in capitals, so 'as' and 'to' stay words. */
  code?: boolean;
}

const HAN = /\p{Script=Han}/u;
const WORD = /[\p{L}\p{N}]/u;

interface Prepared {
  folded: string;
  latin: boolean;
  entity: Entity;
  code: boolean;
}

export class Vocabulary {
  readonly #aliases: Prepared[];

  constructor(aliases: readonly Alias[]) {
    const seen = new Set<string>();
    this.#aliases = aliases
      .map((alias) => {
        const folded = foldForSearch(alias.text).trim();
        return {
          folded: alias.code ? alias.text.trim() : folded,
          latin: !HAN.test(folded),
          entity: alias.entity,
          code: alias.code === true,
        };
      })
      .filter((alias) => {
        const key = `${alias.folded}|${alias.entity.kind}|${alias.entity.id}`;
        if (alias.folded.length < 2 || seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .sort((a, b) => b.folded.length - a.folded.length);
  }

  /** The entities a question names, in the order they appear; overlapping names go to the longest. */
  find(question: string): Entity[] {
    const folded = foldForSearch(question);
    const plain = question.normalize('NFKC');
    const taken: [number, number, Entity][] = [];
    const free = (start: number, end: number) =>
      taken.every(([from, to]) => end <= from || start >= to);
    for (const alias of this.#aliases) {
      const text = alias.code ? plain : folded;
      let from = 0;
      for (;;) {
        const at = text.indexOf(alias.folded, from);
        if (at < 0) break;
        const end = at + alias.folded.length;
        from = at + 1;
        const whole =
          !alias.latin ||
          ((at === 0 || !WORD.test(text[at - 1]!) || HAN.test(text[at - 1]!)) &&
            (end === text.length || !WORD.test(text[end]!) || HAN.test(text[end]!)));
        if (whole && free(at, end)) taken.push([at, end, alias.entity]);
      }
    }
    const ordered = taken.sort((a, b) => a[0] - b[0]).map(([, , entity]) => entity);
    return ordered.filter(
      (entity, index) =>
        ordered.findIndex((other) => other.kind === entity.kind && other.id === entity.id) ===
        index,
    );
  }
}

/** The words of a synonym group holding `word` (folded), for aliases that spread to the group. */
export function synonymsOf(word: string): string[] {
  const folded = foldForSearch(word);
  const group = SYNONYM_GROUPS.find((words) => words.some((w) => foldForSearch(w) === folded));
  return group ? [...group] : [];
}

// ---------------------------------------------------------------------------------------------
// What a question asks. Word lists in their folded (Simplified, lower case) forms.

const has = (folded: string, words: readonly string[]) =>
  words.some((word) =>
    HAN.test(word) ? folded.includes(word) : new RegExp(`(^|[^a-z])${word}`).test(folded),
  );

const TRANSFER_WORDS = ['转', 'transfer', 'convert', 'ratio', '比例', '兑换比'];
const SALE_WORDS = [
  '促销',
  '优惠',
  '特价',
  '折扣',
  '打折',
  '在卖',
  '开卖',
  '购买',
  '买',
  'sale',
  'discount',
  'promo',
  'buy',
  'purchase',
];
const PRICE_WORDS = ['多少', '几', 'how many', 'how much', 'cost', 'price', 'miles', 'points'];
const CARD_WORDS = ['卡', 'card'];

const CABINS: [Cabin, string[]][] = [
  ['premium', ['豪华经济', '超级经济', '特选经济', 'premium economy', 'premium']],
  ['first', ['头等', 'first class', 'first']],
  ['business', ['商务', '公务', 'business']],
  ['economy', ['经济', 'economy', 'coach']],
];

const CATEGORIES: [SpendCategory, string[]][] = [
  ['dining', ['餐', '吃饭', '外食', 'dining', 'restaurant', 'food']],
  ['groceries', ['超市', '生鲜', '杂货', 'grocer', 'supermarket']],
  ['gas', ['加油', '油钱', 'gas', 'fuel']],
  ['flights', ['机票', 'airfare', 'flights']],
  ['hotels', ['饭店', '酒店', '住宿', 'hotel']],
  ['overseas', ['海外', '国外', '出国', 'overseas', 'foreign', 'abroad']],
  ['online-shopping', ['网购', '线上购物', 'online shopping', 'online']],
  ['transit', ['交通', '通勤', 'transit', 'commute']],
  ['streaming', ['串流', '影音', 'streaming']],
  ['drugstores', ['药妆', '药局', 'drugstore', 'pharmacy']],
];

const LOUNGE_WORDS = ['贵宾室', '休息室', 'lounge', 'priority pass'];
const NO_FEE_WORDS = [
  '免年费',
  '无年费',
  '没有年费',
  '不用年费',
  'no annual fee',
  'no fee',
  'no-fee',
  '$0',
  'free',
];
const FEE_WORDS = ['年费', 'annual fee'];

export interface CardWish {
  category: SpendCategory | null;
  noFee: boolean;
  lounge: boolean;
  fee: boolean;
}

export type Reading =
  | {
      intent: 'award';
      origin: string;
      destination: string;
      cabin: Cabin | null;
      programme: string | null;
    }
  | { intent: 'transfer'; currency: string | null; programme: string | null }
  | { intent: 'storefront'; programme: string | null }
  | { intent: 'card'; wish: CardWish }
  | { intent: 'guide' };

/** What the question asks, from its words and the entities it names. */
export function readQuestion(question: string, entities: readonly Entity[]): Reading {
  const folded = foldForSearch(question);
  const ids = (kind: EntityKind) => entities.filter((e) => e.kind === kind).map((e) => e.id);
  const places = ids('place');
  const programmes = ids('programme');
  const currencies = ids('currency');
  const cabin = CABINS.find(([, words]) => has(folded, words))?.[0] ?? null;
  if (places.length >= 2 && (cabin || has(folded, PRICE_WORDS) || programmes.length > 0))
    return {
      intent: 'award',
      origin: places[0]!,
      destination: places[1]!,
      cabin,
      programme: programmes[0] ?? null,
    };
  if (has(folded, TRANSFER_WORDS) && (currencies.length > 0 || programmes.length > 0))
    return {
      intent: 'transfer',
      currency: currencies[0] ?? null,
      programme: programmes[0] ?? null,
    };
  if (currencies.length > 0 && programmes.length > 0 && !has(folded, CARD_WORDS))
    return { intent: 'transfer', currency: currencies[0]!, programme: programmes[0]! };
  if (has(folded, SALE_WORDS) && !has(folded, CARD_WORDS))
    return { intent: 'storefront', programme: programmes[0] ?? null };
  const wish: CardWish = {
    category: CATEGORIES.find(([, words]) => has(folded, words))?.[0] ?? null,
    noFee: has(folded, NO_FEE_WORDS),
    lounge: has(folded, LOUNGE_WORDS),
    fee: has(folded, FEE_WORDS),
  };
  if (has(folded, CARD_WORDS) && (wish.category || wish.noFee || wish.lounge))
    return { intent: 'card', wish };
  // Definitions ('什麼是 Avios?') and everything else: the closest guide passages.
  return { intent: 'guide' };
}
