/**
 * The card data of CardPlus: cards in data/cards/, what they earn in
 * data/points-currencies/, hotel programmes, savings accounts and the exchange rates the finder
 * uses. Every file is checked against its schema when read, and every reference between files
 * (a card's currency, a transfer's programme) must resolve; `checkCardData` lists what does not.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { Card } from '../core/cards/card.ts';
import { CardSchema, IsoDateSchema as IsoDate } from '../core/cards/card-schema.ts';
import { PointsCurrencySchema, type PointsCurrency } from '../core/cards/points-currency.ts';
import {
  HotelProgrammeSchema,
  SavingsAccountSchema,
  type ExchangeRates,
  type HotelProgramme,
  type SavingsAccount,
} from '../core/cards/reference.ts';
import { MONEY_CURRENCIES } from '../core/locale.ts';
import { programmes } from './reference.ts';

const Sourced = {
  description: z.string(),
  source: z.string(),
  asOf: IsoDate,
  notes: z.array(z.string()).default([]),
};

const CardFileSchema = z.object({ ...Sourced, cards: z.array(CardSchema) }).strict();
const CurrencyFileSchema = z
  .object({ ...Sourced, currencies: z.array(PointsCurrencySchema) })
  .strict();

const HotelFileSchema = z
  .object({ ...Sourced, programmes: z.array(HotelProgrammeSchema) })
  .strict();

const SavingsFileSchema = z
  .object({ ...Sourced, accounts: z.array(SavingsAccountSchema) })
  .strict();

const RatesFileSchema = z
  .object({ ...Sourced, perUsd: z.record(z.enum(MONEY_CURRENCIES), z.number().positive()) })
  .strict();

function read(path: string): unknown {
  return JSON.parse(readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8'));
}

/** A file of this folder that does not match its schema is reported to `problems`, or stops the load when there is none. */
export function readFile<T>(path: string, schema: z.ZodType<T>, problems?: string[]): T | null {
  let parsed;
  try {
    parsed = schema.safeParse(read(path));
  } catch (error) {
    if (!problems) throw error;
    problems.push(`${path}: ${(error as Error).message}`);
    return null;
  }
  if (parsed.success) return parsed.data;
  const problem = `${path}: ${z.prettifyError(parsed.error)}`;
  if (!problems) throw new Error(problem);
  problems.push(problem);
  return null;
}

function readFolder<T>(folder: string, schema: z.ZodType<T>, problems?: string[]): T[] {
  return readdirSync(fileURLToPath(new URL(folder, import.meta.url)))
    .filter((file) => file.endsWith('.json'))
    .sort()
    .flatMap((file) => readFile(`${folder}${file}`, schema, problems) ?? []);
}

/** The list's "featured" order: the files' order, US cards first. */
export function featuredOrder(cards: Card[]): Card[] {
  return [...cards].sort((a, b) => (a.country === b.country ? 0 : a.country === 'US' ? -1 : 1));
}

/** One file of data/cards/: its header (what it covers, where from, when checked) and its cards, in order. */
export interface CardFile {
  /** Under data/, e.g. `cards/tw.json`. */
  path: string;
  header: Omit<z.infer<typeof CardFileSchema>, 'cards'>;
  cards: Card[];
}

/** The card files as they are, in order: the seed of the database's cards, and the frame an export writes into. */
export function cardFiles(): CardFile[] {
  const folder = './cards/';
  return readdirSync(fileURLToPath(new URL(folder, import.meta.url)))
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const { cards, ...header } = readFile(`${folder}${file}`, CardFileSchema)!;
      return { path: `cards/${file}`, header, cards };
    });
}

/** Each file of data/points-currencies/ as it is: its header and its currencies, in order. */
export function currencyFiles(): {
  path: string;
  header: Omit<z.infer<typeof CurrencyFileSchema>, 'currencies'>;
  currencies: PointsCurrency[];
}[] {
  const folder = './points-currencies/';
  return readdirSync(fileURLToPath(new URL(folder, import.meta.url)))
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const { currencies, ...header } = readFile(`${folder}${file}`, CurrencyFileSchema)!;
      return { path: `points-currencies/${file}`, header, currencies };
    });
}

export interface CardData {
  cards: Card[];
  currencies: Map<string, PointsCurrency>;
  hotelProgrammes: Map<string, HotelProgramme>;
  savingsAccounts: SavingsAccount[];
  rates: ExchangeRates;
}

function load(problems?: string[]): CardData {
  const cards = featuredOrder(
    readFolder('./cards/', CardFileSchema, problems).flatMap((file) => file.cards),
  );
  const currencies = new Map(
    readFolder('./points-currencies/', CurrencyFileSchema, problems).flatMap((file) =>
      file.currencies.map((currency) => [currency.id, currency] as const),
    ),
  );
  const hotels = readFile('./hotel-programmes.json', HotelFileSchema, problems);
  const savings = readFile('./high-yield-accounts.json', SavingsFileSchema, problems);
  const rates = readFile('./exchange-rates.json', RatesFileSchema, problems);
  return {
    cards,
    currencies,
    hotelProgrammes: new Map(
      (hotels?.programmes ?? []).map((programme) => [programme.id, programme]),
    ),
    savingsAccounts: savings?.accounts ?? [],
    rates: {
      perUsd: rates?.perUsd ?? { USD: 1, TWD: 0, CAD: 0, HKD: 0, CNY: 0 },
      asOf: rates?.asOf ?? '',
      source: rates?.source ?? '',
    },
  };
}

/** Problems between files: duplicate ids, unknown currencies or programmes. Empty when all is well. */
export function checkCardData(data: CardData): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const card of data.cards) {
    if (seen.has(card.id)) problems.push(`card ${card.id}: listed twice`);
    seen.add(card.id);
    if (card.earns !== 'cash' && !data.currencies.has(card.earns))
      problems.push(`card ${card.id}: earns unknown currency ${card.earns}`);
  }
  const airline = programmes();
  for (const currency of data.currencies.values()) {
    if (currency.kind === 'airline' && !airline.has(currency.id))
      problems.push(`currency ${currency.id}: not a programme of data/programmes.json`);
    if (currency.kind === 'hotel' && !data.hotelProgrammes.has(currency.id))
      problems.push(`currency ${currency.id}: not in data/hotel-programmes.json`);
    for (const transfer of currency.transfers) {
      if (!airline.has(transfer.to) && !data.hotelProgrammes.has(transfer.to))
        problems.push(`currency ${currency.id}: transfers to unknown programme ${transfer.to}`);
    }
  }
  return problems;
}

let cached: CardData | null = null;
/** The card data, read and checked once; a broken reference stops the server at start. */
export function cardData(): CardData {
  if (!cached) {
    const data = load();
    const problems = checkCardData(data);
    if (problems.length > 0) throw new Error(`card data:\n${problems.join('\n')}`);
    cached = data;
  }
  return cached;
}

/** For scripts/check-card-data.ts: whatever data reads, and every problem found, without stopping at the first. */
export function loadCardDataWithProblems(): { data: CardData; problems: string[] } {
  const problems: string[] = [];
  const data = load(problems);
  return { data, problems: [...problems, ...checkCardData(data)] };
}
