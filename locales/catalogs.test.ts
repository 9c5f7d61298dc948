import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_NAMES, ERRORS, type ErrorName } from '../core/api.ts';
import { PAGES } from '../web/lib/site-map.ts';
import { catalogFilesOf } from './read-catalog.ts';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const root = new URL('.', import.meta.url).pathname;
// Every catalog file: a namespace (`common.json`), or the page strings of one area (`pages/home.json`).
const NAMESPACES = catalogFilesOf('en');
const load = (language: string, namespace: string): Json =>
  JSON.parse(readFileSync(join(root, language, namespace), 'utf8'));

/** Every string of a catalog by its dotted path; arrays count by index. */
function strings(value: Json, path = ''): Map<string, string> {
  const found = new Map<string, string>();
  if (typeof value === 'string') found.set(path, value);
  else if (Array.isArray(value))
    value.forEach((item, index) =>
      strings(item, `${path}[${index}]`).forEach((v, k) => found.set(k, v)),
    );
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value))
      strings(item, path ? `${path}.${key}` : key).forEach((v, k) => found.set(k, v));
  }
  return found;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

// Characters that exist only in one script: a Simplified catalog must not use the first list,
// a Traditional one must not use the second.
const TRADITIONAL_ONLY = '這們說會為個時對來發後裡國過點關開設網絡帳號碼錄與機選現請輸種體優類記額';
const SIMPLIFIED_ONLY = '这们说会为个时对来发后里国过点关开设网络账号码录与机选现请输种体优类记额';

// Japanese (reached by ?lang=ja, docs/product/README.md#languages) is held to the same.
describe.each(['zh-Hant', 'zh-Hans', 'ja'])('the %s catalogs', (language) => {
  it.each(NAMESPACES)(
    'have every key of English in %s, with the same placeholders',
    (namespace) => {
      const english = strings(load('en', namespace));
      const translated = strings(load(language, namespace));
      const missing = [...english.keys()].filter((key) => !translated.has(key));
      expect(missing).toEqual([]);
      const extra = [...translated.keys()].filter((key) => !english.has(key));
      expect(extra).toEqual([]);
      for (const [key, text] of english) {
        expect({ key, placeholders: placeholders(translated.get(key) ?? '') }).toEqual({
          key,
          placeholders: placeholders(text),
        });
        expect({ key, empty: (translated.get(key) ?? '').trim() === '' }).toEqual({
          key,
          empty: text.trim() === '',
        });
      }
    },
  );
});

describe.each(['zh-Hant', 'zh-Hans'])('the %s catalogs', (language) => {
  it.each(NAMESPACES)('are written in %s in the right script', (namespace) => {
    const forbidden =
      language === 'zh-Hant' ? SIMPLIFIED_ONLY.replace(/[里]/g, '') : TRADITIONAL_ONLY;
    const offenders: string[] = [];
    for (const [key, text] of strings(load(language, namespace))) {
      // Language names are written in their own script on purpose.
      if (key.startsWith('languages.') || key === 'home.heroLead') continue;
      const bad = [...text].filter((char) => forbidden.includes(char));
      if (bad.length) offenders.push(`${key}: ${bad.join('')}`);
    }
    expect(offenders).toEqual([]);
  });
});

describe('Traditional and Simplified catalogs', () => {
  it('differ from each other, not one copied into the other', () => {
    // The page strings count as one catalog: an area's file may be a single short page.
    const catalogs = [
      ...NAMESPACES.filter((file) => !file.startsWith('pages/')),
      NAMESPACES.filter((file) => file.startsWith('pages/')),
    ];
    for (const files of catalogs) {
      const both = (language: string) =>
        new Map(
          [files]
            .flat()
            .flatMap((file) =>
              [...strings(load(language, file))].map(
                ([key, text]) => [`${file}:${key}`, text] as const,
              ),
            ),
        );
      const hant = both('zh-Hant');
      const hans = both('zh-Hans');
      const chinese = [...hant.keys()].filter((key) => /[\u4e00-\u9fff]/.test(hant.get(key) ?? ''));
      const same = chinese.filter((key) => hant.get(key) === hans.get(key));
      expect(same.length / chinese.length).toBeLessThan(0.2);
    }
  });

  it('use Taiwan wording in zh-Hant and mainland wording in zh-Hans', () => {
    const words = (language: string) =>
      ['common.json', ...NAMESPACES.filter((file) => file.startsWith('pages/'))]
        .flatMap((file) => [...strings(load(language, file)).values()])
        .join('\n');
    const hant = words('zh-Hant');
    const hans = words('zh-Hans');
    expect(hant).toMatch(/哩程/);
    expect(hant).not.toMatch(/里程|信息|账号|设置|視頻|網絡/);
    // The site says 你 to a member in Taiwan, and so do its e-mails; a greeting puts no space
    // between a (Chinese) name and 你好.
    const mails = JSON.stringify(load('zh-Hant', 'emails.json'));
    expect(mails).not.toMatch(/您/);
    expect(mails).not.toMatch(/\}\} 你好/);
    expect(hans).toMatch(/里程/);
    expect(hans).not.toMatch(/哩程|资讯|帐号|网路/);
  });
});

describe('the Japanese catalogs', () => {
  // A string copied from English has no Japanese script; one copied from Chinese equals it. Names
  // and bare placeholders ('Star Alliance', '{{rate}}%') may stay as they are.
  const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;
  it.each(NAMESPACES)('are written in Japanese in %s', (namespace) => {
    const english = strings(load('en', namespace));
    const chinese = ['zh-Hant', 'zh-Hans'].map((language) => strings(load(language, namespace)));
    const worded = [...strings(load('ja', namespace))].filter(
      ([key]) =>
        /[a-z]{3,} [a-z]{3,}/.test(english.get(key) ?? '') && !key.startsWith('languages.'),
    );
    const notJapanese = worded
      .filter(
        ([key, text]) =>
          !JAPANESE.test(text) || chinese.some((catalog) => catalog.get(key) === text),
      )
      .map(([key]) => key);
    expect(notJapanese.length).toBeLessThanOrEqual(Math.max(2, worded.length * 0.05));
  });
});

describe('error messages', () => {
  // The table in core/api.ts names each error's message key; errors no browser meets (the
  // payment processor's webhooks, staff's refund tool) name the generic one.
  it.each(['en', 'zh-Hant', 'zh-Hans', 'ja'])(
    'translate the message of every error name in %s',
    (language) => {
      const errors = (load(language, 'common.json') as { errors: Record<string, Json> }).errors;
      const key = (name: ErrorName) => ERRORS[name].message.slice('errors.'.length);
      expect(ERROR_NAMES.filter((name) => typeof errors[key(name)] !== 'string')).toEqual([]);
      expect(ERROR_NAMES.filter((name) => key(name) === 'generic')).toEqual([
        'WEBHOOK_REJECTED',
        'WEBHOOK_MALFORMED',
        'PROCESSOR_REFUSED',
      ]);
    },
  );
});

describe('page strings', () => {
  it.each(['en', 'zh-Hant', 'zh-Hans', 'ja'])(
    'give every page of the site map a title and a description in %s, in the file of its area',
    (language) => {
      for (const page of PAGES) {
        const pages = load(language, `pages/${page.area}.json`) as Record<
          string,
          Record<string, Json>
        >;
        expect({ page: page.id, title: typeof pages[page.id]?.title }).toEqual({
          page: page.id,
          title: 'string',
        });
        expect({
          page: page.id,
          long: String(pages[page.id]?.description ?? '').trim().length > 4,
        }).toEqual({ page: page.id, long: true });
      }
    },
  );

  it('keep in each area’s file only the pages of that area (a page loads its area’s file alone)', () => {
    const misplaced = catalogFilesOf('en')
      .filter((file) => file.startsWith('pages/'))
      .flatMap((file) => {
        const area = file.slice('pages/'.length, -'.json'.length);
        return Object.keys(load('en', file) as object)
          .filter((id) => PAGES.find((page) => page.id === id)?.area !== area)
          .map((id) => `${file}: ${id}`);
      });
    expect(misplaced).toEqual([]);
  });
});
