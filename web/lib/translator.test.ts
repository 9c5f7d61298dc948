import { readdirSync } from 'node:fs';
import i18next, { type i18n } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../core/locale.ts';
import { readCatalog } from '../../locales/read-catalog.ts';
import { BASE_NAMESPACES, FEATURE_NAMESPACES, PAGES_NAMESPACE } from './i18n.ts';
import { Trans } from './translation.tsx';
import {
  Translator,
  catalogLanguages,
  pluralCategory,
  type Catalog,
  type CatalogValue,
  type Resources,
  type TranslateOptions,
} from './translator.ts';

/**
 * The translator replaced i18next in the pages. These tests hold it to i18next (configured as the
 * pages had it) for every string, list and group of every web catalog in every language: plain,
 * with each plural count, with its slots filled, with them left out, and by `namespace:key`.
 */
const NAMESPACES = [...BASE_NAMESPACES, ...FEATURE_NAMESPACES, PAGES_NAMESPACE];
const ALL_LANGUAGES: Language[] = [...LANGUAGES, 'ja'];
const load = (language: string, namespace: string) =>
  readCatalog(language, namespace) as Catalog | undefined;

function resourcesOf(language: Language): Resources {
  const resources: Resources = {};
  for (const lng of catalogLanguages(language)) {
    resources[lng] = Object.fromEntries(
      NAMESPACES.flatMap((ns) => (load(lng, ns) ? [[ns, load(lng, ns) as Catalog]] : [])),
    );
  }
  return resources;
}

const missedByI18next: string[] = [];
function i18nextFor(language: Language, resources: Resources): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: language === 'ja' ? 'en' : false,
    supportedLngs: ['en', 'zh-Hant', 'zh-Hans', 'ja'],
    resources: JSON.parse(JSON.stringify(resources)) as Record<string, Record<string, Catalog>>,
    ns: NAMESPACES,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    saveMissing: true,
    missingKeyHandler: (_lngs, ns, key) => missedByI18next.push(`${ns}:${key}`),
  });
  return instance;
}

/** Every key of a catalog that holds a string, list or group, with plural suffixes folded into one key. */
function keysOf(value: CatalogValue, path = ''): { key: string; value: CatalogValue }[] {
  const here = path ? [{ key: path, value }] : [];
  if (typeof value === 'string') return here;
  const children = Array.isArray(value)
    ? value.flatMap((item: CatalogValue, index: number) =>
        keysOf(item, path ? `${path}.${index}` : String(index)),
      )
    : Object.entries(value).flatMap(([key, item]) => keysOf(item, path ? `${path}.${key}` : key));
  return [...here, ...children];
}

const slotsOf = (value: CatalogValue): string[] => [
  ...new Set(
    [...JSON.stringify(value).matchAll(/\{\{\s*([^}]+?)\s*\}\}/g)].map((match) => match[1] ?? ''),
  ),
];

/** The option sets one key is asked with. */
function optionSets(value: CatalogValue, plural: boolean): TranslateOptions[] {
  const slots = slotsOf(value).filter((slot) => slot !== 'count');
  const filled = Object.fromEntries(
    slots.map((slot, index) => [slot, index % 2 ? `«${slot}»` : index * 1234.5]),
  );
  const object = typeof value !== 'string';
  const base: TranslateOptions[] = [
    {},
    filled,
    { ...filled, [slots[0] ?? 'unused']: undefined },
    { ...filled, [slots[0] ?? 'unused']: null },
  ];
  const withCounts =
    plural || slotsOf(value).includes('count')
      ? [0, 1, 2, 5, 21, 1.5, -1].flatMap((count) => base.map((options) => ({ ...options, count })))
      : [];
  return [...base, ...withCounts].map((options) =>
    object ? { ...options, returnObjects: true } : options,
  );
}

describe.each(ALL_LANGUAGES)('the translator in %s', (language) => {
  const resources = resourcesOf(language);
  const ours = new Translator(language, resourcesOf(language), () => {});
  const theirs = i18nextFor(language, resources);

  it.each(NAMESPACES)('writes every string of %s as i18next did', (namespace) => {
    const english = load('en', namespace) ?? {};
    const keys = new Map<string, { value: CatalogValue; plural: boolean }>();
    for (const { key, value } of [...keysOf(english), ...keysOf(load(language, namespace) ?? {})]) {
      const plural = /_(zero|one|two|few|many|other)$/.exec(key);
      const base = plural ? key.slice(0, plural.index) : key;
      keys.set(base, { value, plural: Boolean(plural) || keys.get(base)?.plural === true });
    }
    expect(keys.size).toBeGreaterThan(0);
    const oursT = ours.fixedT(namespace);
    const theirsT = theirs.getFixedT(language, namespace);
    let compared = 0;
    for (const [key, { value, plural }] of keys) {
      for (const options of optionSets(value, plural)) {
        const expected = theirsT(key, options as never) as unknown;
        expect({ key, options, text: oursT(key, options) }).toEqual({
          key,
          options,
          text: expected,
        });
        expect({ key, options, text: ours.t(`${namespace}:${key}`, options) }).toEqual({
          key,
          options,
          text: expected,
        });
        compared += 1;
      }
      expect({ key, exists: ours.exists(`${namespace}:${key}`) }).toEqual({
        key,
        exists: theirs.exists(`${namespace}:${key}`),
      });
    }
    expect(compared).toBeGreaterThan(keys.size);
  });

  it('answers a missing key with the key, slots filled, and says so', () => {
    const missed: string[] = [];
    const reporting = new Translator(language, resourcesOf(language), (lng, ns, key) =>
      missed.push(`${lng} ${ns}:${key}`),
    );
    for (const [key, options] of [
      ['no.such.key', {}],
      ['cards:no.such {{name}}', { name: 'x' }],
      ['errors.noSuchError', { count: 2 }],
    ] as const) {
      expect(reporting.t(key, options)).toBe(theirs.t(key, options));
      expect(reporting.exists(key)).toBe(false);
    }
    expect(missed).toEqual([
      `${language} common:no.such.key`,
      `${language} cards:no.such {{name}}`,
      `${language} common:errors.noSuchError`,
    ]);
  });
});

describe('the plural forms', () => {
  it.each(ALL_LANGUAGES)('are those of the CLDR rules in %s', (language) => {
    const rules = new Intl.PluralRules(language);
    for (const count of [
      0, 1, 2, 3, 5, 11, 21, 100, 101, 1000, 1e6, 0.5, 1.5, 2.25, -1, -2, -1.5,
    ]) {
      expect({ count, form: pluralCategory(language, count) }).toEqual({
        count,
        form: rules.select(count),
      });
    }
  });
});

describe('the catalogs', () => {
  it('use only what the translator knows: nested keys, `{{slot}}` and plural forms zero, one and other', () => {
    const offenders: string[] = [];
    for (const language of readdirSync('locales').filter((name) => !name.includes('.'))) {
      for (const namespace of NAMESPACES) {
        const text = JSON.stringify(load(language, namespace) ?? {});
        // Nesting another key, formatted slots, unescaped slots, and plural forms other than these.
        for (const pattern of [/\$t\(/, /\{\{[^}]*,[^}]*\}\}/, /\{\{-/, /_(two|few|many)"/]) {
          if (pattern.test(text)) offenders.push(`${language}/${namespace}: ${pattern.source}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});

describe('Trans', () => {
  it('puts the words between a tag into the element given for it', () => {
    const translator = new Translator('en', {
      en: {
        common: { terms: 'I agree to the <terms>terms of service</terms>, and <b/>to {{what}}.' },
      },
    });
    const t = translator.fixedT('common');
    const html = renderToStaticMarkup(
      createElement(Trans, {
        t,
        i18nKey: 'terms',
        components: { terms: createElement('a', { href: '/tos/' }) },
      }),
    );
    expect(html).toBe('I agree to the <a href="/tos/">terms of service</a>, and to {{what}}.');
  });
});

describe('catalog loading', () => {
  it('loads every namespace in the browser and on the server (the globs list them by name)', async () => {
    const { readFileSync } = await import('node:fs');
    for (const file of ['i18n.ts', 'i18n-server.ts']) {
      const source = readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');
      const globbed = [...source.matchAll(/locales\/\*\/\{([^}]+)\}\.json/g)].map((match) =>
        (match[1] ?? '').split(',').sort(),
      );
      expect(globbed.length, file).toBeGreaterThan(0);
      for (const names of globbed)
        expect(names, file).toEqual([...BASE_NAMESPACES, ...FEATURE_NAMESPACES].sort());
    }
  });
});
