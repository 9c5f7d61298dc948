import type { Card } from '../../../core/cards/card.ts';
import type { LibraryEntry, ProgrammePage, TransferSource } from '../../../core/guides/contract.ts';
import type { LocalizedName } from '../../../data/reference.ts';
import type { ProgrammeOnSale } from '../../../core/storefront/api-schemas.ts';
import { serverCatalog } from '../../i18n.ts';
import type { ArticleIndexRow } from '../articles/index.ts';
import {
  airlineDocuments,
  airportDocuments,
  articleDocument,
  bankDocuments,
  cardDocuments,
  programmeDocuments,
  siteFaqDocuments,
  storefrontDocuments,
  transferDocuments,
  type ProductRecords,
} from './documents.ts';
import { SiteSearch } from './site-search.ts';

/** The services whose records the site index holds, as the composition root hands them over. */
export interface SearchedServices {
  /** `revision` moves when staff edit a card: the index reads the records again. */
  cards: { list(filter: object): Card[]; readonly revision: number };
  guides: {
    today(): string;
    /** Moves when staff edit a transfer bonus. */
    readonly revision: number;
    library(kind: 'airline' | 'hotel'): LibraryEntry[];
    programme(id: string): ProgrammePage | null;
    transferSources(): TransferSource[];
    transferPartners(query: {
      from?: string;
      to?: string;
    }): { from: { name: LocalizedName }; to: { name: LocalizedName } }[] | null;
  };
  storefront: { list(): ProgrammeOnSale[] };
  articles: {
    stamp(): Promise<string>;
    versions(): Promise<Map<string, string>>;
    rows(ids: readonly string[]): Promise<ArticleIndexRow[]>;
  };
}

/**
 * The site index over the product's records (docs/search.md): the data files' records, read again
 * each day (offers end, alliances change), and the published articles, read again when their
 * stamp changes. Built on the first search, not at start-up, so a process that never searches
 * (the worker) pays nothing.
 */
export function siteSearchOf(services: SearchedServices): SiteSearch {
  const { cards, guides, storefront, articles } = services;
  const records: ProductRecords = {
    cards: () => cards.list({}),
    library: () => [...guides.library('airline'), ...guides.library('hotel')],
    guide: (id) => guides.programme(id)?.guide ?? null,
    transferSources: () => guides.transferSources(),
    transfersInto: (id) => (guides.transferPartners({ to: id }) ?? []).map((row) => row.from.name),
    transfersFrom: (id) => (guides.transferPartners({ from: id }) ?? []).map((row) => row.to.name),
    storefront: () => storefront.list(),
  };
  const faq = (language: 'en' | 'zh-Hant' | 'zh-Hans') =>
    (serverCatalog('legal', language).faq as { items: Record<string, { q: string; a: string }> })
      .items;
  return new SiteSearch([
    {
      name: 'data',
      stamp: () => `${guides.today()}:${cards.revision}:${guides.revision}`,
      documents: () => [
        ...programmeDocuments(records),
        ...cardDocuments(records),
        ...transferDocuments(records),
        ...airlineDocuments(guides.today()),
        ...airportDocuments(),
        ...storefrontDocuments(records),
        ...bankDocuments(records),
        ...siteFaqDocuments(faq),
      ],
    },
    {
      name: 'articles',
      stamp: () => articles.stamp(),
      // Documents are keyed 'article:<id>'; the articles module knows the bare ids.
      versions: async () =>
        new Map(
          [...(await articles.versions())].map(([id, version]) => [`article:${id}`, version]),
        ),
      documentsOf: async (ids) =>
        (await articles.rows(ids.map((id) => id.slice('article:'.length)))).map(articleDocument),
    },
  ]);
}
