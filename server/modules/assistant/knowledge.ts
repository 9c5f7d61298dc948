import type { Cabin } from '../../../core/awards/simulated-schedule.ts';
import type { Card } from '../../../core/cards/card.ts';
import { returnShare } from '../../../core/cards/finder.ts';
import type { CardReference } from '../../../core/cards/reference.ts';
import type { LibraryEntry, TransferSource } from '../../../core/guides/contract.ts';
import type { ChartOption } from '../../../core/guides/explorer-routes.ts';
import type { TransferPartnerRow } from '../../../core/guides/transfers.ts';
import type { SearchGroup, SiteSearchQuery } from '../../../core/search.ts';
import type { ProgrammeOnSale } from '../../../core/storefront/api-schemas.ts';
import { airlines, airports, metros, routes } from '../../../data/reference.ts';
import { serverText } from '../../i18n.ts';
import { placeOf } from '../awards/index.ts';
import type { Knowledge } from './answers.ts';

type Named = Record<(typeof LANGUAGES)[number], string>;
import { synonymsOf, Vocabulary, type Alias } from './understanding.ts';

const LANGUAGES = ['en', 'zh-Hant', 'zh-Hans'] as const;

/** The services the assistant reads, as the composition root hands them over. */
export interface AssistantSources {
  guides: {
    today(): string;
    library(kind: 'airline' | 'hotel'): LibraryEntry[];
    transferSources(): TransferSource[];
    transferPartners(query: { from?: string; to?: string }): TransferPartnerRow[] | null;
    awardOptions(origin: string, destination: string, cabin: Cabin): ChartOption[] | null;
    chart(id: string): { checked?: string } | null;
  };
  cards: {
    list(filter: object): Card[];
    reference(): CardReference;
    currencyOf(card: Card): { cents: number } | null;
  };
  storefront: { list(): ProgrammeOnSale[] };
  search: { search(query: SiteSearchQuery): Promise<SearchGroup[]> };
}

/** Words in programme names too common to name one programme ('Miles', 'Club'). */
const COMMON_WORDS = new Set([
  'miles',
  'mileage',
  'club',
  'rewards',
  'reward',
  'plus',
  'points',
  'airlines',
  'airways',
  'air',
  'honors',
  'privilege',
  'frequent',
  'flyer',
  'programme',
  'program',
  'bonus',
  'smiles',
]);

/**
 * The ways a name is written short: without its bracketed part ('國泰世華小樹點（信用卡）'), its
 * Chinese or its Latin half alone ('凱悅天地 World of Hyatt'), a bank without 'Bank' or 銀行.
 */
export function nameVariants(name: string, bank = false): string[] {
  const bare = name.replace(/[（(][^）)]*[）)]/g, ' ').trim();
  const han = bare.match(/\p{Script=Han}+/gu) ?? [];
  const latin = bare
    .replace(/\p{Script=Han}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const variants = [name, bare, ...han.filter((part) => part.length >= 2 && !GENERIC.has(part))];
  if (han.length && latin.length >= 4 && !COMMON_WORDS.has(latin.toLowerCase()))
    variants.push(latin);
  if (bank)
    for (const variant of [...variants]) {
      const withoutBank = variant.replace(/(銀行|银行|\s+Bank)$/u, '').trim();
      if (withoutBank.length >= 2) variants.push(withoutBank);
    }
  return [...new Set(variants.filter(Boolean))];
}

/** Chinese words of many names ('哩程', '積分'): never a name on their own. */
const GENERIC = new Set([
  '哩程',
  '里程',
  '點數',
  '点数',
  '積分',
  '积分',
  '航空',
  '銀行',
  '银行',
  '信用卡',
]);

/** The names the assistant recognises (docs/assistant.md#understanding), read from the data. */
export function vocabularyOf(sources: AssistantSources): Vocabulary {
  const aliases: Alias[] = [];
  const add = (text: string, kind: Alias['entity']['kind'], id: string, code = false) =>
    aliases.push({ text, entity: { kind, id }, ...(code ? { code } : {}) });

  // Programmes: their names, their airline's names and code, the synonyms of either, and a
  // word of the name no other programme has (KrisFlyer, Aeroplan).
  const library = [...sources.guides.library('airline'), ...sources.guides.library('hotel')];
  const wordCounts = new Map<string, number>();
  const distinctive = (entry: LibraryEntry) =>
    entry.name.en
      .toLowerCase()
      .split(/[^a-z0-9&+]+/)
      .filter((word) => word.length >= 5 && !COMMON_WORDS.has(word));
  for (const entry of library)
    for (const word of new Set(distinctive(entry)))
      wordCounts.set(word, (wordCounts.get(word) ?? 0) + 1);
  for (const entry of library) {
    const names = [entry.name, ...(entry.owner ? [entry.owner.name] : [])];
    for (const name of names)
      for (const language of LANGUAGES)
        for (const variant of nameVariants(name[language])) {
          add(variant, 'programme', entry.id);
          for (const synonym of synonymsOf(variant)) add(synonym, 'programme', entry.id);
        }
    if (entry.owner?.code) {
      add(entry.owner.code, 'programme', entry.id, true);
      for (const synonym of synonymsOf(entry.owner.code)) add(synonym, 'programme', entry.id);
    }
    for (const word of distinctive(entry))
      if (wordCounts.get(word) === 1) add(word, 'programme', entry.id);
  }
  add('avios', 'programme', 'ba-avios');

  // Points currencies: their names, and their bank's names for the currency most of its cards earn.
  const transferring = new Set(sources.guides.transferSources().map((source) => source.id));
  for (const source of sources.guides.transferSources())
    for (const language of LANGUAGES)
      for (const variant of nameVariants(source.name[language]))
        add(variant, 'currency', source.id);
  const earnedBy = new Map<string, Map<string, number>>();
  for (const card of sources.cards.list({})) {
    if (!transferring.has(card.earns)) continue;
    const counts = earnedBy.get(card.bank) ?? new Map<string, number>();
    counts.set(card.earns, (counts.get(card.earns) ?? 0) + 1);
    earnedBy.set(card.bank, counts);
  }
  for (const [bank, counts] of earnedBy) {
    const currency = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
    for (const language of LANGUAGES) {
      for (const name of nameVariants(serverText('cards', language, `banks.${bank}`), true)) {
        add(name, 'currency', currency);
        for (const synonym of synonymsOf(name)) add(synonym, 'currency', currency);
      }
    }
  }

  // Places: city areas first (東京 is Tokyo, not Narita), then airports with Chinese names or on a route.
  for (const metro of metros().values()) {
    add(metro.code, 'place', metro.code, true);
    for (const language of LANGUAGES) add(metro.name[language], 'place', metro.code);
  }
  const served = new Set(routes().flatMap((route) => [route.from, route.to]));
  for (const airport of airports().values()) {
    if (!airport.zh && !served.has(airport.iata)) continue;
    add(airport.iata, 'place', airport.iata, true);
    if (airport.zh) for (const name of Object.values(airport.zh)) add(name, 'place', airport.iata);
    if (airport.cityZh)
      for (const name of Object.values(airport.cityZh)) add(name, 'place', airport.iata);
    add(airport.city, 'place', airport.iata);
  }
  return new Vocabulary(dedupeTexts(aliases));
}

/** One meaning per written name: the first added wins (a metro before its airports). */
function dedupeTexts(aliases: Alias[]): Alias[] {
  const seen = new Map<string, Alias['entity']>();
  return aliases.filter((alias) => {
    const key = `${alias.code ? 'code:' : ''}${alias.code ? alias.text : alias.text.toLowerCase()}`;
    const held = seen.get(key);
    if (held) return held.kind === alias.entity.kind && held.id === alias.entity.id;
    seen.set(key, alias.entity);
    return true;
  });
}

/** What the answers read, from the services (answers.ts#Knowledge). */
export function knowledgeOf(sources: AssistantSources): Knowledge {
  const { guides, cards, storefront, search } = sources;
  // Names by id, read once a day (the library's entries carry the day's alliances), not per answer line.
  let names: {
    day: string;
    programmes: Map<string, Named>;
    currencies: Map<string, Named>;
  } | null = null;
  const named = () => {
    const day = guides.today();
    if (names?.day !== day) {
      const library = [...guides.library('airline'), ...guides.library('hotel')];
      names = {
        day,
        programmes: new Map(library.map((entry) => [entry.id, entry.name])),
        currencies: new Map(guides.transferSources().map((source) => [source.id, source.name])),
      };
    }
    return names;
  };
  return {
    today: () => guides.today(),
    currencyName: (id) => named().currencies.get(id) ?? named().programmes.get(id) ?? null,
    programmeName: (id) => named().programmes.get(id) ?? null,
    placeName: (code, language) => {
      const place = placeOf(code, language);
      return place ? (place.kind === 'metro' ? place.city : place.name) : null;
    },
    airlineName: (code, language) => airlines().get(code)?.name[language] ?? null,
    partnersFrom: (currency) => guides.transferPartners({ from: currency }),
    partnersTo: (programme) => guides.transferPartners({ to: programme }),
    awardOptions: (origin, destination, cabin) => guides.awardOptions(origin, destination, cabin),
    chartChecked: (programme) => {
      return guides.chart(programme)?.checked ?? null;
    },
    cards: () => cards.list({}),
    returnOf: (card, rate) => {
      // A currency with no value in the data counts a point as one cent, as the card finder does.
      const cents = cards.currencyOf(card)?.cents ?? 1;
      return returnShare(card, rate, cents, cards.reference().rates);
    },
    storefront: () => storefront.list(),
    search: (q, language) => search.search({ q, lang: language }),
  };
}
