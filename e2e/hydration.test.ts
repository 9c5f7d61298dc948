import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGES, PHONE, launchBrowser } from './browser.ts';
import { startServer } from './server.ts';

/**
 * Every public page, rendered on the server and hydrated by the development build of React
 * (`npm run build:dev`, which `npm test` runs), which reports what the production build keeps
 * quiet: markup that differs between server and browser, invalid nesting, attribute mismatches.
 * A page passes when the browser says nothing at all on its console.
 */
const DEV_DIST = 'dist/web-dev';
const publicPages = PAGES.filter((page) => !page.membersOnly && !page.noindex && !(page.unlisted && !page.sample)).map((page) => page.sample ?? page.path);
// The pages a visitor lands on from a search, in the two Chinese languages too.
const landingPages = ['/', '/awardplus', '/cardplus/s', '/cardplus/c/chase-sapphire-preferred', '/rewardslib/eva-infinity', '/faq', '/storefront/themes'];

// The pages do not depend on the database, so the suite runs this once: in its embedded-database pass.
const onPostgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
beforeAll(async () => {
  if (onPostgres) return;
  server = await startServer({ WEB_DIST: DEV_DIST });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// One tab per language, as a visitor moving through the site by typing addresses.
const tabs = new Map<string, { page: Page; said: string[] }>();

async function consoleOf(path: string, language: string): Promise<string[]> {
  let tab = tabs.get(language);
  if (!tab) {
    const context = await browser.newContext({ viewport: PHONE });
    await context.addCookies([{ name: 'lang', value: language, domain: '127.0.0.1', path: '/' }]);
    const page = await context.newPage();
    const said: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') said.push(`${message.type()}: ${message.text().slice(0, 400)}`);
    });
    page.on('pageerror', (error) => said.push(`exception: ${error.message}`));
    tab = { page, said };
    tabs.set(language, tab);
  }
  tab.said.length = 0;
  await tab.page.goto(`${server.baseUrl}${path}`, { waitUntil: 'domcontentloaded' });
  await tab.page.locator('html[data-hydrated]').waitFor({ timeout: 30_000 });
  // A moment for effects that run after hydration (the member, stored preferences) to speak up.
  await tab.page.waitForTimeout(200);
  return [...tab.said];
}

describe.skipIf(onPostgres)('server pages hydrate in the browser without a warning (React development build; runs in the embedded-database pass)', () => {
  it.each(publicPages)('%s in English', async (path) => {
    expect(await consoleOf(path, 'en')).toEqual([]);
  });
  for (const language of ['zh-Hant', 'zh-Hans']) {
    it.each(landingPages)(`%s in ${language}`, async (path) => {
      expect(await consoleOf(path, language)).toEqual([]);
    });
  }
});
