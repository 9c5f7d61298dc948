import { describe, expect, inject, it } from 'vitest';
import { PAGES } from './browser.ts';
import { pageStrings } from './fixtures.ts';

/**
 * Every page of docs/product/routing.md#routes as the server sends it, in each of the three
 * languages, over plain HTTP: its own heading and title in that language, `<html lang>`, the description and
 * the alternate-language links, and no catalog key in its text. The browser sweeps (page-sweep.ts)
 * open every page with its own content in English (one of the pages still to come and one
 * members-only page, which show a visitor the same frame) and the first page of each area in
 * Chinese, where what the browser adds (hydration, layout at phone width, accessibility) differs
 * by area, not by page.
 */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();

describe.each([
  ['en', 'en'],
  ['zh-Hant', 'zh-hant'],
  ['zh-Hans', 'zh-hans'],
] as const)('every page from the server in %s', (language, parameter) => {
  const strings = pageStrings(language) as Record<string, { title: string; heroTitle?: string }>;

  it.each(PAGES.map((definition) => [definition.path, definition] as const))(
    '%s',
    async (_path, definition) => {
      const url = new URL(definition.sample ?? definition.path, inject('baseUrl'));
      url.searchParams.set('lang', parameter);
      const response = await fetch(url, { redirect: 'manual' });
      expect(response.status).toBe(200);
      const html = await response.text();
      const title = text(/<title[^>]*>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '');
      const main = /<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? '';
      const heading = text(/<h1[\s\S]*?<\/h1>/.exec(main)?.[0] ?? '');
      const expected = strings[definition.id];
      expect(expected).toBeDefined();
      if (definition.sample) {
        // A page of one thing is headed and titled with that thing's name.
        expect(heading.length).toBeGreaterThan(1);
        expect(title).toBe(`${heading} | TripPlus`);
      } else {
        expect(heading).toBe(
          (definition.id === 'home' ? expected?.heroTitle : expected?.title)?.trim(),
        );
        expect(title).toBe(`${expected?.title} | TripPlus`);
      }
      expect(/<html[^>]* lang="([^"]+)"/.exec(html)?.[1]).toBe(language);
      expect(/<meta name="description" content="([^"]*)"/.exec(html)?.[1]?.length).toBeGreaterThan(
        4,
      );
      expect(html.match(/<link rel="alternate" hreflang=/g)?.length).toBe(
        definition.id === 'shareArticleRead' ? 1 : 4,
      );
      expect(text(main)).not.toMatch(
        /\{\{\w+\}\}|\b(pages|common):[a-z]|\b[a-z]+\.[a-z]+[A-Z][a-zA-Z]*\.(title|description)\b/,
      );
    },
  );
});
