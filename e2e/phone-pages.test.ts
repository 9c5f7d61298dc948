import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PHONE, launchBrowser, newContext, openPage } from './browser.ts';

/**
 * The busiest pages on a phone (390 × 844) in Traditional Chinese: a screenshot of each in
 * e2e/screenshots/, nothing wider than the screen (wide tables scroll inside their own box, with a
 * hint that they do), and
 * on a list the first item on the first screen (filters fold behind one button).
 */

const PAGES = [
  { name: 'card-list', path: '/cardplus/s', first: '[data-testid="card-tile"]' },
  { name: 'library', path: '/rewardslib', first: '[data-testid="library-entry"]' },
  { name: 'programme', path: '/rewardslib/eva-infinity', scrolls: true },
  { name: 'card', path: '/cardplus/c/chase-sapphire-preferred' },
  { name: 'transfer-partners', path: '/awardplus/transferpartner', scrolls: true },
  { name: 'compare-tw', path: '/cardplus/compare/rewards-credit-cards-tw' },
] as const;

let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, {
    language: 'zh-Hant',
    viewport: PHONE,
    baseUrl: inject('baseUrl'),
  });
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('the busiest pages on a phone in zh-Hant', () => {
  it.each(PAGES)('$path', async (definition) => {
    await openPage(page, definition.path);
    await page
      .locator('[data-testid="cards-loading"], [data-testid="guides-loading"]')
      .first()
      .waitFor({ state: 'detached' });
    await page.screenshot({
      path: `e2e/screenshots/phone-${definition.name}-zh-Hant.png`,
      fullPage: true,
    });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    // What no source confirms carries the one 'Unverified' mark, not an editor's remark in the text.
    if (definition.name === 'programme')
      expect(
        await page.locator('[data-testid="unverified-mark"][data-part="validity"]').innerText(),
      ).toContain('未經證實');
    // A table wider than the phone scrolls inside its box and says so above it.
    if ('scrolls' in definition) await page.getByTestId('scroll-hint').first().waitFor();
    if ('first' in definition) {
      const first = page.locator(definition.first).first();
      await first.waitFor();
      expect((await first.boundingBox())!.y).toBeLessThan(PHONE.height);
    }
  });
});

describe('the storefront’s price history on a phone', () => {
  it('draws its labels at a readable size, the figure at its own width', async () => {
    await openPage(page, '/storefront/buy/avianca-lifemiles');
    const chart = page.locator('[data-testid="price-history-chart"]');
    await chart.waitFor();
    // The smallest label as drawn on the screen: 720 units scaled to the phone made them 6 px.
    await expect
      .poll(() =>
        chart
          .locator('svg text')
          .evaluateAll((labels) =>
            Math.min(...labels.map((label) => label.getBoundingClientRect().height)),
          ),
      )
      .toBeGreaterThanOrEqual(11);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  });
});
