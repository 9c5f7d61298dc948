import type { Card } from '../../../core/cards/card.ts';
import type { LibraryEntry, TransferSource } from '../../../core/guides/contract.ts';
import type { ProgrammeGuide } from '../../../core/guides/guide.ts';
import { LANGUAGES } from '../../../core/locale.ts';
import type { SearchKind } from '../../../core/search.ts';
import type { ProgrammeOnSale } from '../../../core/storefront/api-schemas.ts';
import {
  airlines,
  airports,
  metros,
  programmes,
  routes,
  type LocalizedName,
} from '../../../data/reference.ts';
import { serverText } from '../../i18n.ts';
import { CARD_SHORT_NAMES } from './vocabulary.ts';

/** The three languages the site is written in (Japanese pages fall back to English). */
export type SiteLanguage = (typeof LANGUAGES)[number];
const SITE_LANGUAGES = LANGUAGES;
export type Localized = Record<SiteLanguage, string>;

/**
 * One record of the site index (docs/search.md#what-is-indexed): what the index reads (names,
 * codes, text; every language at once, as the folded scripts meet anyway) and what a hit shows
 * (the title, detail line and snippet text in the asked language, and the page it links to).
 */
export interface SearchDocument {
  id: string;
  kind: SearchKind;
  href: string;
  names: string;
  codes: string;
  text: string;
  title: Localized;
  detail: Localized;
  /** The text a snippet is cut from; null for records that are only a name. */
  body: Localized | null;
}

const same = (text: string): Localized => ({ en: text, 'zh-Hant': text, 'zh-Hans': text });
const each = (make: (language: SiteLanguage) => string): Localized =>
  Object.fromEntries(SITE_LANGUAGES.map((language) => [language, make(language)])) as Localized;
const allOf = (text: Localized | LocalizedName) => SITE_LANGUAGES.map((l) => text[l]).join(' ');
const say = (language: SiteLanguage, key: string, values?: Record<string, string | number>) =>
  serverText('search', language, key, values);

/** What the record builders read: the services that own each kind of record. */
export interface ProductRecords {
  cards: () => Card[];
  library: () => LibraryEntry[];
  guide: (id: string) => ProgrammeGuide | null;
  transferSources: () => TransferSource[];
  /** The names of the currencies that transfer into a programme. */
  transfersInto: (programme: string) => LocalizedName[];
  /** The programmes a currency transfers to. */
  transfersFrom: (currency: string) => LocalizedName[];
  storefront: () => ProgrammeOnSale[];
}

export function cardDocuments(records: ProductRecords): SearchDocument[] {
  return records.cards().map((card) => {
    const bank = each((language) => serverText('cards', language, `banks.${card.bank}`));
    const shortNames = CARD_SHORT_NAMES[card.id] ?? [];
    return {
      id: `card:${card.id}`,
      kind: 'card',
      href: `/cardplus/c/${card.id}`,
      names: allOf(card.name),
      codes: [...shortNames, card.network].join(' '),
      text: [allOf(bank), ...card.earn.map((earn) => (earn.note ? allOf(earn.note) : ''))].join(
        ' ',
      ),
      title: each((language) => card.name[language]),
      detail: each((language) =>
        say(language, 'detail.card', { bank: bank[language], country: card.country }),
      ),
      body: null,
    };
  });
}

export function bankDocuments(records: ProductRecords): SearchDocument[] {
  const counts = new Map<string, number>();
  for (const card of records.cards()) counts.set(card.bank, (counts.get(card.bank) ?? 0) + 1);
  return [...counts].map(([bank, cards]) => {
    const name = each((language) => serverText('cards', language, `banks.${bank}`));
    return {
      id: `bank:${bank}`,
      kind: 'bank',
      href: `/cardplus/allcards?bank=${bank}`,
      names: allOf(name),
      codes: bank.replace(/-/g, ' '),
      text: '',
      title: name,
      detail: each((language) => say(language, 'detail.bank', { count: cards })),
      body: null,
    };
  });
}

const ALLIANCE_NAMES: Record<string, LocalizedName> = {
  star: { en: 'Star Alliance', 'zh-Hant': '星空聯盟', 'zh-Hans': '星空联盟' },
  oneworld: { en: 'oneworld', 'zh-Hant': '寰宇一家', 'zh-Hans': '寰宇一家' },
  skyteam: { en: 'SkyTeam', 'zh-Hant': '天合聯盟', 'zh-Hans': '天合联盟' },
};

/** Programmes (their library pages) and the FAQ questions of their guides. */
export function programmeDocuments(records: ProductRecords): SearchDocument[] {
  return records.library().flatMap((entry) => {
    const guide = entry.hasGuide ? records.guide(entry.id) : null;
    const href = `/${entry.kind === 'airline' ? 'rewardslib' : 'hotelslib'}/${entry.id}`;
    const owner = entry.owner;
    const alliance = entry.alliance ? ALLIANCE_NAMES[entry.alliance] : null;
    const programme: SearchDocument = {
      id: `programme:${entry.id}`,
      kind: 'programme',
      href,
      names: [allOf(entry.name), owner ? allOf(owner.name) : ''].join(' '),
      codes: owner?.code ?? '',
      text: guide
        ? [guide.overview, guide.earn, guide.burn, ...guide.sweetSpots].map(allOf).join(' ')
        : alliance
          ? allOf(alliance)
          : '',
      title: each((language) => entry.name[language]),
      detail: each((language) =>
        [owner?.name[language], alliance?.[language]].filter(Boolean).join(' · '),
      ),
      body: guide ? each((language) => guide.overview[language]) : null,
    };
    const questions = (guide?.faq ?? []).map((item, index): SearchDocument => ({
      id: `faq:${entry.id}-${index}`,
      kind: 'faq',
      href: `${href}#faq`,
      names: allOf(item.q),
      codes: '',
      text: allOf(item.a),
      title: each((language) => item.q[language]),
      detail: each((language) => entry.name[language]),
      body: each((language) => item.a[language]),
    }));
    return [programme, ...questions];
  });
}

/** A transfer lookup per currency that transfers out, and per programme points transfer into. */
export function transferDocuments(records: ProductRecords): SearchDocument[] {
  const sources = records.transferSources().map((source): SearchDocument => {
    const partners = records.transfersFrom(source.id);
    return {
      id: `transfer:from-${source.id}`,
      kind: 'transfer',
      href: `/awardplus/transferpartner?from=${source.id}`,
      names: allOf(source.name),
      codes: '',
      text: partners.map(allOf).join(' '),
      title: each((language) =>
        say(language, 'title.transferFrom', { name: source.name[language] }),
      ),
      detail: each((language) => say(language, 'detail.transferFrom', { count: partners.length })),
      body: each((language) => partners.map((name) => name[language]).join('、')),
    };
  });
  const targets = records.library().flatMap((entry): SearchDocument[] => {
    const from = records.transfersInto(entry.id);
    if (from.length === 0) return [];
    return [
      {
        id: `transfer:to-${entry.id}`,
        kind: 'transfer',
        href: `/awardplus/transferpartner?to=${entry.id}`,
        names: [allOf(entry.name), entry.owner ? allOf(entry.owner.name) : ''].join(' '),
        codes: entry.owner?.code ?? '',
        text: from.map(allOf).join(' '),
        title: each((language) =>
          say(language, 'title.transferTo', { name: entry.name[language] }),
        ),
        detail: each((language) => say(language, 'detail.transferTo', { count: from.length })),
        body: each((language) => from.map((name) => name[language]).join('、')),
      },
    ];
  });
  return [...sources, ...targets];
}

export function airlineDocuments(day: string): SearchDocument[] {
  const loyalty = programmes();
  return [...airlines().values()].map((airline) => {
    const programme = airline.programme ? loyalty.get(airline.programme) : undefined;
    const membership = airline.memberships.find(
      (m) => (m.since ?? '') <= day && (m.until === null || m.until >= day),
    );
    const alliance = membership ? ALLIANCE_NAMES[membership.alliance] : null;
    return {
      id: `airline:${airline.iata}`,
      kind: 'airline',
      href: airline.programme
        ? `/rewardslib/${airline.programme}`
        : `/awardplus/redemption/s?flight=${airline.iata}`,
      names: allOf(airline.name),
      codes: `${airline.iata} ${airline.icao}`,
      // Its programme's name too: 'Infinity MileageLands' finds EVA Air.
      text: [alliance ? allOf(alliance) : '', programme ? allOf(programme.name) : ''].join(' '),
      title: each((language) => airline.name[language]),
      detail: each((language) => [airline.iata, alliance?.[language]].filter(Boolean).join(' · ')),
      body: null,
    };
  });
}

/** Airports with Chinese names or on a known route, and metro areas (TYO for Tokyo). */
export function airportDocuments(): SearchDocument[] {
  const served = new Set(routes().flatMap((route) => [route.from, route.to]));
  const found = [...airports().values()]
    .filter((airport) => airport.zh || served.has(airport.iata))
    .map((airport): SearchDocument => {
      const name = {
        en: airport.name,
        ...(airport.zh ?? { 'zh-Hant': airport.name, 'zh-Hans': airport.name }),
      };
      const city = {
        en: airport.city,
        ...(airport.cityZh ?? { 'zh-Hant': airport.city, 'zh-Hans': airport.city }),
      };
      return {
        id: `airport:${airport.iata}`,
        kind: 'airport',
        href: `/awardplus/redemption/s?to=${airport.iata}`,
        names: `${allOf(name)} ${allOf(city)}`,
        codes: airport.iata,
        text: '',
        title: each((language) => `${name[language]} (${airport.iata})`),
        detail: each((language) => `${city[language]} · ${airport.country}`),
        body: null,
      };
    });
  const areas = [...metros().values()].map((metro): SearchDocument => ({
    id: `metro:${metro.code}`,
    kind: 'airport',
    href: `/awardplus/redemption/s?to=${metro.code}`,
    names: allOf(metro.name),
    codes: metro.code,
    text: metro.airports.join(' '),
    title: each((language) => `${metro.name[language]} (${metro.code})`),
    detail: each((language) =>
      say(language, 'detail.metro', { airports: metro.airports.join(', ') }),
    ),
    body: null,
  }));
  return [...areas, ...found];
}

export function storefrontDocuments(records: ProductRecords): SearchDocument[] {
  return records.storefront().map((programme) => ({
    id: `storefront:${programme.id}`,
    kind: 'storefront',
    href: `/storefront/buy/${programme.id}`,
    names: allOf(programme.name),
    codes: '',
    text: allOf(programme.unit),
    title: each((language) => say(language, 'title.buy', { unit: programme.unit[language] })),
    detail: each((language) =>
      say(language, programme.campaign ? 'detail.onSale' : 'detail.storefront', {
        name: programme.name[language],
      }),
    ),
    body: null,
  }));
}

/** The site FAQ's questions (/faq), from the legal catalogs. */
export function siteFaqDocuments(
  faq: (language: SiteLanguage) => Record<string, { q: string; a: string }>,
): SearchDocument[] {
  const english = faq('en');
  return Object.keys(english).map((key) => {
    const q = each((language) => faq(language)[key]?.q ?? english[key]!.q);
    const a = each((language) => faq(language)[key]?.a ?? english[key]!.a);
    return {
      id: `faq:site-${key}`,
      kind: 'faq',
      href: `/faq#${key}`,
      names: allOf(q),
      codes: '',
      text: allOf(a),
      title: q,
      detail: each((language) => say(language, 'detail.siteFaq')),
      body: a,
    };
  });
}

/** A published article: found in the language it is written in, shown as written in every language. */
export function articleDocument(row: {
  id: string;
  slug: string | null;
  title: string;
  text: string;
  author: string | null;
  publishedAt: Date | null;
}): SearchDocument {
  const day = row.publishedAt?.toISOString().slice(0, 10) ?? '';
  return {
    id: `article:${row.id}`,
    kind: 'article',
    href: `/share/article/${encodeURIComponent(row.slug ?? row.id)}`,
    names: row.title,
    codes: '',
    text: row.text,
    title: same(row.title),
    detail: each((language) =>
      row.author ? say(language, 'detail.article', { author: row.author, day }) : day,
    ),
    body: same(row.text),
  };
}
