import type { Language } from '../../core/locale.ts';

/**
 * The web app's translator: the catalogs' strings by `namespace:dotted.key`, the plural form for
 * `count`, `{{slot}}` filled from the options, and Japanese falling back to English string by
 * string. It is what the pages used of i18next, written for these catalogs: i18next and its React
 * binding were 17 KB (gzip) of the landing page's script and built Intl plural rules while the
 * page hydrated. translator.test.ts holds it to i18next's output for every string of every
 * catalog, so the text a visitor reads did not change (docs/decisions/008-translator.md).
 */

/** A catalog as its JSON file holds it: strings, lists and groups of them. */
export type CatalogValue = string | readonly CatalogValue[] | Catalog;
export interface Catalog {
  readonly [key: string]: CatalogValue;
}
/** Every catalog the translator holds: language → namespace → catalog. */
export type Resources = Partial<Record<Language, Record<string, Catalog>>>;

export interface TranslateOptions {
  /** Picks the plural form (`key_one`, `key_other`) and fills `{{count}}`. */
  count?: number;
  /** The namespace of a key written without one. */
  ns?: string;
  /** A group or list of strings comes back as it is (its strings filled), instead of as an error. */
  returnObjects?: boolean;
  /** The values of the string's `{{slots}}`. */
  [slot: string]: unknown;
}

export interface TFunction {
  (key: string, options: TranslateOptions & { returnObjects: true }): unknown;
  (key: string, options?: TranslateOptions): string;
}

/** The namespace of keys written without one. */
export const DEFAULT_NAMESPACE = 'common';

/** The CLDR cardinal plural category: English has one and other; Chinese and Japanese only other. */
export function pluralCategory(language: Language, count: number): 'one' | 'other' {
  return language === 'en' && Math.abs(count) === 1 ? 'one' : 'other';
}

/** Japanese catalogs are complete as the others are; a key added to English before its translation still reads in English. */
export function catalogLanguages(language: Language): Language[] {
  return language === 'ja' ? ['ja', 'en'] : [language];
}

const SLOT = /\{\{(.+?)\}\}/g;

function valueAt(data: Record<string, unknown>, path: string): unknown {
  if (Object.prototype.hasOwnProperty.call(data, path)) return data[path];
  let value: unknown = data;
  for (const part of path.split('.')) {
    if (!value || typeof value !== 'object' || !Object.prototype.hasOwnProperty.call(value, part))
      return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/**
 * Fills `{{slot}}` from the options. A slot the options do not name stays as written, so a
 * forgotten value shows rather than vanishing; one named but undefined becomes empty.
 */
function fill(text: string, options: TranslateOptions): string {
  return text.replace(SLOT, (whole, inner: string) => {
    const slot = inner.trim();
    const value = valueAt(options, slot);
    if (value === undefined)
      return Object.prototype.hasOwnProperty.call(options, slot) ? '' : whole;
    return value === null ? '' : String(value);
  });
}

function fillAll(value: CatalogValue, options: TranslateOptions): unknown {
  if (typeof value === 'string') return fill(value, options);
  if (Array.isArray(value)) return value.map((item: CatalogValue) => fillAll(item, options));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, fillAll(item, options)]),
  );
}

export class Translator {
  readonly language: Language;
  private readonly resources: Resources;
  private readonly onMissing: (language: Language, namespace: string, key: string) => void;

  constructor(
    language: Language,
    resources: Resources,
    onMissing?: (language: Language, namespace: string, key: string) => void,
  ) {
    this.language = language;
    this.resources = resources;
    this.onMissing =
      onMissing ??
      ((lng, namespace, key) => {
        // Reported on the console, so the browser tests and the server-rendering tests catch it.
        console.error(`Missing translation: ${lng} ${namespace}:${key}`);
      });
  }

  /** Splits `namespace:key`; a key without one is in the given namespace. */
  private parse(key: string, namespace: string): { namespace: string; key: string } {
    const colon = key.indexOf(':');
    return colon > 0
      ? { namespace: key.slice(0, colon), key: key.slice(colon + 1) }
      : { namespace, key };
  }

  /** The catalog's value for a key, trying each language in turn and, with a count, its plural forms first. */
  private find(
    namespace: string,
    key: string,
    count: number | undefined,
  ): CatalogValue | undefined {
    for (const language of catalogLanguages(this.language)) {
      const catalog = this.resources[language]?.[namespace];
      if (!catalog) continue;
      const candidates =
        count === undefined
          ? [key]
          : [
              ...(count === 0 ? [`${key}_zero`] : []),
              `${key}_${pluralCategory(language, count)}`,
              key,
            ];
      for (const candidate of candidates) {
        let value: CatalogValue | undefined = catalog;
        for (const part of candidate.split('.')) {
          value =
            value && typeof value === 'object' && Object.prototype.hasOwnProperty.call(value, part)
              ? (value as Catalog)[part]
              : undefined;
        }
        if (value !== undefined && value !== null) return value;
      }
    }
    return undefined;
  }

  private translate(rawKey: string, options: TranslateOptions, namespace: string): unknown {
    const { namespace: ns, key } = this.parse(rawKey, options.ns ?? namespace);
    const value = this.find(ns, key, options.count);
    if (value === undefined) {
      this.onMissing(this.language, ns, key);
      return fill(key, options);
    }
    if (typeof value === 'string') return fill(value, options);
    if (options.returnObjects) return fillAll(value, options);
    this.onMissing(this.language, ns, `${key} (a group of strings, asked for as one)`);
    return key;
  }

  /**
   * The translate function of one namespace (its keys need no prefix): a key's string with its
   * slots filled; a missing key is reported and shows as the key.
   */
  fixedT(namespace: string): TFunction {
    return ((rawKey: string, options: TranslateOptions = {}) =>
      this.translate(rawKey, options, namespace)) as TFunction;
  }

  /** The translate function of the default namespace. */
  readonly t: TFunction = this.fixedT(DEFAULT_NAMESPACE);

  /** Whether a key has a string (or group) in the catalogs, in this language or its fallback. */
  exists(rawKey: string, options: TranslateOptions = {}): boolean {
    const { namespace, key } = this.parse(rawKey, options.ns ?? DEFAULT_NAMESPACE);
    return this.find(namespace, key, options.count) !== undefined;
  }

  /** Adds a catalog to a namespace; one namespace may come in parts (the page strings, by area). */
  addCatalog(language: Language, namespace: string, catalog: Catalog): void {
    const catalogs = (this.resources[language] ??= {});
    catalogs[namespace] = { ...catalogs[namespace], ...catalog };
  }
}
