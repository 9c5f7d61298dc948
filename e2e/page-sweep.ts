import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pageStrings } from './fixtures.ts';
import {
  PAGES,
  launchBrowser,
  newContext,
  openPage,
  seriousViolations,
  watchPage,
  type Complaints,
} from './browser.ts';

type PageStrings = Record<string, { title: string; heroTitle?: string }>;

/**
 * Visits the routes of docs/product/routing.md#routes in one language (every page with its own
 * content, or the first page of each area) and checks what a visitor
 * sees: the page's own heading and title in that language, the description meta, alternate-language
 * links, no console error or untranslated key, no sideways scrolling, and no serious axe issue on
 * every page (a shared frame once) or on the first page of each area.
 *
 * With `reactDevelopment`, the sweep runs on the suite's server of React's development build
 * (`npm run build:dev`, which `npm test` runs; e2e/global-setup.ts starts it), which reports what
 * the production build keeps quiet: markup that differs between server and browser, invalid nesting, attribute mismatches.
 * Then a warning on the console fails the page too: every page hydrates without a word.
 */
export function sweepPages(options: {
  language: 'en' | 'zh-Hant' | 'zh-Hans';
  viewport: { width: number; height: number };
  axe: 'every page' | 'first page of each area' | 'none';
  reactDevelopment?: boolean;
  onePerArea?: boolean;
}) {
  const strings = pageStrings(options.language) as PageStrings;
  const brand = 'TripPlus';
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let complaints: Complaints;

  beforeAll(async () => {
    // The development build's server is started by e2e/global-setup.ts when the build is there.
    if (options.reactDevelopment && !inject('devBaseUrl'))
      throw new Error(
        "React's development build is missing: run `npm run build:dev` (npm test does it).",
      );
    browser = await launchBrowser();
    context = await newContext(browser, {
      language: options.language,
      viewport: options.viewport,
      baseUrl: options.reactDevelopment ? inject('devBaseUrl') : inject('baseUrl'),
    });
    page = await context.newPage();
    complaints = watchPage(page, { warnings: options.reactDevelopment });
  });
  afterAll(async () => {
    await browser?.close();
  });

  // What a visitor sees does not depend on the database: the sweeps run in the embedded-database
  // pass only (vitest.config.ts). With `onePerArea`, the sweep opens the first page of each area
  // of the site, and every page with a sample: each area has its own strings and parts.
  const firstOfArea = (definition: (typeof PAGES)[number], index: number) =>
    definition.sample !== undefined ||
    PAGES.findIndex((other) => other.area === definition.area) === index;
  // Pages still to come show one shared frame, and members-only pages show a visitor the same
  // frame and login panel: the browser opens the first of each of those, and every other page
  // (each one's heading, title and head come from the server, e2e/pages-html.test.ts).
  const sharedFrame = (definition: (typeof PAGES)[number]) =>
    definition.planned ? 'planned' : definition.membersOnly ? 'members' : null;
  const ownContent = (definition: (typeof PAGES)[number], index: number) => {
    const frame = sharedFrame(definition);
    return frame === null || PAGES.findIndex((other) => sharedFrame(other) === frame) === index;
  };
  const pages = PAGES.filter(options.onePerArea ? firstOfArea : ownContent);
  const axeOn = new Set(
    options.axe === 'every page'
      ? PAGES.filter(ownContent)
      : options.axe === 'first page of each area'
        ? PAGES.filter(firstOfArea)
        : [],
  );
  describe(`${options.onePerArea ? 'the first page of every area' : 'every page with its own content'} in ${options.language} at ${options.viewport.width} px${options.reactDevelopment ? ", hydrated by React's development build" : ''}`, () => {
    it.each(pages.map((definition) => [definition.path, definition] as const))(
      '%s',
      async (path, definition) => {
        complaints.list.length = 0;
        await openPage(page, definition.sample ?? path);
        const expected = strings[definition.id];
        expect(expected).toBeDefined();

        if (definition.sample) {
          // A page of one thing (a card) is headed and titled with that thing's name, once it has loaded.
          await page
            .locator('[data-testid="cards-loading"], [data-testid="guides-loading"]')
            .first()
            .waitFor({ state: 'detached' });
          const heading = (await page.locator('main h1').first().innerText()).trim();
          expect(heading.length).toBeGreaterThan(3);
          expect(await page.title()).toBe(`${heading} | ${brand}`);
        } else {
          const heading = (await page.locator('main h1').first().innerText()).trim();
          expect(heading).toBe(
            (definition.id === 'home' ? expected?.heroTitle : expected?.title)?.trim(),
          );
          expect(await page.title()).toBe(`${expected?.title} | ${brand}`);
        }
        expect(await page.locator('html').getAttribute('lang')).toBe(options.language);
        expect(
          (await page.locator('meta[name="description"]').getAttribute('content'))?.length,
        ).toBeGreaterThan(4);
        // Every language and x-default; a member's article names only the language it was written in.
        expect(await page.locator('link[rel="alternate"][hreflang]').count()).toBe(
          definition.id === 'shareArticleRead' ? 1 : 4,
        );

        const body = await page.locator('body').innerText();
        // No catalog key or interpolation slot may reach the screen.
        expect(body).not.toMatch(
          /\{\{\w+\}\}|\b(pages|common):[a-z]|\b[a-z]+\.[a-z]+[A-Z][a-zA-Z]*\.(title|description)\b/,
        );

        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);

        if (axeOn.has(definition)) expect(await seriousViolations(page)).toEqual([]);
        expect(complaints.list).toEqual([]);
      },
    );
  });
}
