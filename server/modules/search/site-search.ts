import MiniSearch, { type Query, type SearchResult } from 'minisearch';
import {
  SEARCH_GROUP_SIZE,
  SEARCH_KIND_MAX,
  SEARCH_KINDS,
  SEARCH_SUGGESTIONS,
  type SearchGroup,
  type SearchHit,
  type SearchKind,
  type SiteSearchQuery,
} from '../../../core/search.ts';
import type { SearchDocument, SiteLanguage } from './documents.ts';
import { foldForSearch, highlight, indexTerms, isHan, queryTerms, snippet } from './search-text.ts';
import { SYNONYM_GROUPS } from './vocabulary.ts';

/**
 * A part of the index that changes as a whole: the data files' records (which change with the
 * day, as offers end) or the published articles. `stamp` is cheap and changes whenever the
 * documents would; the index asks it before every search, so a change made by any process (an
 * article published on another app process) is found on the next search, with no restart.
 */
export interface SearchSource {
  name: string;
  stamp(): string | Promise<string>;
  /** Every document, read again whole when the stamp changes. */
  documents?(): SearchDocument[] | Promise<SearchDocument[]>;
  /**
   * Or, for a source of many records (the articles), each document's version by document id and
   * the documents of some ids, so a change reads only the documents that changed.
   */
  versions?(): Promise<Map<string, string>>;
  documentsOf?(ids: readonly string[]): Promise<SearchDocument[]>;
}

interface Indexed {
  id: string;
  names: string;
  codes: string;
  text: string;
  tags: string;
}

/** Each synonym group folded once: its Chinese words (found anywhere) and Latin ones (whole words). */
const GROUPS = SYNONYM_GROUPS.map((words, index) => {
  const folded = words.map(foldForSearch);
  const latin = folded.filter((word) => !isHan(word));
  const escaped = latin.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return {
    tag: `syn${index}`,
    han: folded.filter(isHan),
    latin: latin.length
      ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${escaped.join('|')})(?![\\p{L}\\p{N}])`, 'u')
      : null,
    words: folded,
  };
});

function synonymTags(folded: string): string[] {
  return GROUPS.filter(
    (group) => group.han.some((word) => folded.includes(word)) || group.latin?.test(folded),
  ).map((group) => group.tag);
}

/** Latin words of five letters or more forgive one typing mistake; three or more match as a prefix. */
const fuzzy = (term: string) => (!isHan(term) && /^[a-z]{5,}$/.test(term) ? 1 : false);
const prefix = (term: string) => !isHan(term) && term.length >= 3;
/**
 * What a kind weighs when scores are near: a reader who types a name wants the programme, card or
 * airline before a question that mentions it.
 */
const KIND_WEIGHT: Record<SearchKind, number> = {
  programme: 1.6,
  airline: 1.3,
  card: 1.3,
  transfer: 1.2,
  storefront: 1,
  bank: 1,
  airport: 1,
  faq: 0.7,
  article: 0.8,
};
/** The header box's suggestions show at most this many records of one kind, so several kinds show. */
const SUGGESTIONS_PER_KIND = 2;
/** Below this share of the best score a hit is noise (one common pair shared with a long text). */
const NOISE = 0.08;

/**
 * The site index (docs/search.md): MiniSearch over every source's documents, kept in each process's
 * memory (a few thousand records, built in well under a second) and brought up to date before a
 * search whenever a source's stamp changed.
 */
export class SiteSearch {
  readonly #index = new MiniSearch<Indexed>({
    fields: ['names', 'codes', 'text', 'tags'],
    tokenize: (text, field) => (field === 'tags' ? text.split(' ') : indexTerms(text)),
    searchOptions: { tokenize: (text) => text.split(' ').filter(Boolean) },
  });
  readonly #documents = new Map<string, SearchDocument>();
  readonly #stamps = new Map<string, string>();
  readonly #ids = new Map<string, string[]>();
  readonly #versions = new Map<string, Map<string, string>>();
  #refreshing: Promise<void> | null = null;

  constructor(private readonly sources: readonly SearchSource[]) {}

  /** Brings every changed source up to date; concurrent callers share one refresh. */
  async refresh(): Promise<void> {
    this.#refreshing ??= this.#refresh().finally(() => (this.#refreshing = null));
    return this.#refreshing;
  }

  async #refresh(): Promise<void> {
    for (const source of this.sources) {
      const stamp = await source.stamp();
      if (this.#stamps.get(source.name) === stamp) continue;
      if (source.versions && source.documentsOf) await this.#refreshChanged(source);
      else this.#replace(source.name, (await source.documents?.()) ?? []);
      this.#stamps.set(source.name, stamp);
    }
  }

  /** Replaces a source's documents with these. */
  #replace(name: string, given: readonly SearchDocument[]): void {
    for (const id of this.#ids.get(name) ?? []) this.#discard(id);
    // One record per id: a later one of the same id (a data mistake) is left out, not fatal.
    const documents = [...new Map([...given].reverse().map((one) => [one.id, one])).values()];
    for (const document of documents) this.#add(document);
    this.#ids.set(
      name,
      documents.map((document) => document.id),
    );
  }

  /** Reads again only the documents whose version changed; drops those no longer given. */
  async #refreshChanged(source: SearchSource): Promise<void> {
    const versions = await source.versions!();
    const held = this.#versions.get(source.name) ?? new Map<string, string>();
    for (const [id, version] of held) if (versions.get(id) !== version) this.#discard(id);
    const changed = [...versions].filter(([id, version]) => held.get(id) !== version);
    for (const document of await source.documentsOf!(changed.map(([id]) => id)))
      this.#add(document);
    this.#versions.set(source.name, versions);
    this.#ids.set(source.name, [...versions.keys()]);
  }

  #discard(id: string): void {
    if (!this.#documents.delete(id)) return;
    this.#index.discard(id);
  }

  #add(document: SearchDocument): void {
    this.#documents.set(document.id, document);
    const names = foldForSearch(document.names);
    const codes = foldForSearch(document.codes);
    const text = foldForSearch(document.text);
    const tags = synonymTags(`${names} ${codes} ${text}`).join(' ');
    this.#index.add({ id: document.id, names, codes, text, tags });
  }

  /** How many records the index holds, by kind (for the bench and the operations page). */
  size(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const document of this.#documents.values())
      counts[document.kind] = (counts[document.kind] ?? 0) + 1;
    return counts;
  }

  #query(folded: string, combineWith: 'OR' | 'AND'): { query: Query; terms: string[] } | null {
    const terms = queryTerms(folded);
    if (terms.length === 0) return null;
    const tags = synonymTags(folded);
    const words: Query = {
      combineWith,
      queries: [terms.join(' ')],
      fields: ['names', 'codes', 'text'],
    };
    const query: Query =
      tags.length && combineWith === 'OR'
        ? { combineWith: 'OR', queries: [words, { queries: [tags.join(' ')], fields: ['tags'] }] }
        : words;
    return { query, terms };
  }

  #results(query: Query, kind?: SearchKind): SearchResult[] {
    const results = this.#index.search(query, {
      boost: { names: 3, codes: 5, text: 1, tags: 1.5 },
      boostDocument: (id: string) => KIND_WEIGHT[this.#documents.get(id)?.kind ?? 'article'],
      fuzzy,
      prefix,
      ...(kind ? { filter: (result) => this.#documents.get(result.id)?.kind === kind } : {}),
    });
    const best = results[0]?.score ?? 0;
    return results.filter((result) => result.score >= best * NOISE);
  }

  /** The words to mark in a hit: the index words it matched, and the words of a synonym group it matched by. */
  static #marks(result: SearchResult): string[] {
    return result.terms.flatMap((term) => {
      const group = GROUPS.find((candidate) => candidate.tag === term);
      return group ? group.words : [term];
    });
  }

  #hit(result: SearchResult, language: SiteLanguage, withSnippet: boolean): SearchHit {
    const document = this.#documents.get(result.id)!;
    const marks = SiteSearch.#marks(result);
    return {
      kind: document.kind,
      id: document.id,
      href: document.href,
      title: highlight(document.title[language], marks),
      detail: document.detail[language],
      snippet: withSnippet && document.body ? snippet(document.body[language], marks) : [],
    };
  }

  /** `GET /api/search`: the records that match, grouped by kind, the best group first. */
  async search(query: SiteSearchQuery): Promise<SearchGroup[]> {
    await this.refresh();
    const asked = this.#query(foldForSearch(query.q), 'OR');
    if (!asked) return [];
    const byKind = new Map<SearchKind, SearchResult[]>();
    for (const result of this.#results(asked.query, query.kind)) {
      const kind = this.#documents.get(result.id)!.kind;
      byKind.set(kind, [...(byKind.get(kind) ?? []), result]);
    }
    const size = query.kind ? SEARCH_KIND_MAX : SEARCH_GROUP_SIZE;
    return [...byKind]
      .sort(
        ([kindA, a], [kindB, b]) =>
          b[0]!.score - a[0]!.score || SEARCH_KINDS.indexOf(kindA) - SEARCH_KINDS.indexOf(kindB),
      )
      .map(([kind, results]) => ({
        kind,
        total: results.length,
        hits: results.slice(0, size).map((result) => this.#hit(result, query.lang, true)),
      }));
  }

  /** `GET /api/search/suggest`: the few best records of any kind, for the header box. */
  async suggest(q: string, language: SiteLanguage): Promise<SearchHit[]> {
    await this.refresh();
    const asked = this.#query(foldForSearch(q), 'OR');
    if (!asked) return [];
    const shown = new Map<SearchKind, number>();
    return this.#results(asked.query)
      .filter((result) => {
        const kind = this.#documents.get(result.id)!.kind;
        shown.set(kind, (shown.get(kind) ?? 0) + 1);
        return shown.get(kind)! <= SUGGESTIONS_PER_KIND;
      })
      .slice(0, SEARCH_SUGGESTIONS)
      .map((result) => this.#hit(result, language, false));
  }

  /**
   * Articles holding every word of the query, best first, as article ids with their scores: the
   * article search (/searcharticle) reads the one site index too (docs/articles.md#search).
   */
  async matchArticles(q: string): Promise<{ ids: Map<string, number>; terms: string[] }> {
    await this.refresh();
    const asked = this.#query(foldForSearch(q), 'AND');
    if (!asked) return { ids: new Map(), terms: [] };
    const ids = new Map<string, number>();
    for (const result of this.#index.search(asked.query, {
      boost: { names: 3, text: 1 },
      fuzzy,
      prefix,
      filter: (result) => this.#documents.get(result.id)?.kind === 'article',
    }))
      ids.set(String(result.id).slice('article:'.length), result.score);
    return { ids, terms: asked.terms };
  }
}
