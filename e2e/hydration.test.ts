import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { PAGES, PHONE, launchBrowser, onPostgres } from './browser.ts';
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

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
beforeAll(async () => {
  if (onPostgres()) return;
  server = await startServer({ WEB_DIST: DEV_DIST });
  browser = await launchBrowser();
  // The award landing's samples wait for the simulated inventory the first time.
  await fetch(`${server.baseUrl}/awardplus`);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// One browser context per language; each page opens in its own tab.
const contexts = new Map<string, Promise<BrowserContext>>();

function contextFor(language: string): Promise<BrowserContext> {
  let context = contexts.get(language);
  if (!context) {
    context = browser.newContext({ viewport: PHONE }).then(async (created) => {
      await created.addCookies([{ name: 'lang', value: language, domain: '127.0.0.1', path: '/' }]);
      return created;
    });
    contexts.set(language, context);
  }
  return context;
}

async function consoleOf(path: string, language: string): Promise<string[]> {
  const page = await (await contextFor(language)).newPage();
  const said: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') said.push(`${message.type()}: ${message.text().slice(0, 400)}`);
  });
  page.on('pageerror', (error) => said.push(`exception: ${error.message}`));
  try {
    await page.goto(`${server.baseUrl}${path}`, { waitUntil: 'domcontentloaded' });
    await page.locator('html[data-hydrated]').waitFor({ timeout: 30_000 });
    // A moment for effects that run after hydration (the member, stored preferences) to speak up.
    await page.waitForTimeout(200);
  } finally {
    await page.close();
  }
  return said;
}

// The pages do not depend on the database, so the suite runs this once: in its embedded-database pass.
describe.skipIf(onPostgres())('server pages hydrate in the browser without a warning (React development build; runs in the embedded-database pass)', () => {
  it.for(publicPages)('%s in English', async (path, { expect }) => {
    expect(await consoleOf(path, 'en')).toEqual([]);
  });
  for (const language of ['zh-Hant', 'zh-Hans']) {
    it.for(landingPages)(`%s in ${language}`, async (path, { expect }) => {
      expect(await consoleOf(path, language)).toEqual([]);
    });
  }
});
