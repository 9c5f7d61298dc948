import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, openPage, watchPage, type Complaints } from './browser.ts';

const pages = (language: string) => JSON.parse(readFileSync(`locales/${language}/pages.json`, 'utf8'));

let browser: Browser;
let context: BrowserContext;
let page: Page;
let complaints: Complaints;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
beforeEach(async () => {
  context = await newContext(browser, { baseUrl: inject('baseUrl') });
  page = await context.newPage();
  complaints = watchPage(page);
});
afterEach(async () => {
  expect(complaints.list).toEqual([]);
  await context.close();
});

const pathOf = (p: Page) => new URL(p.url()).pathname + new URL(p.url()).search;

describe('redirects to the landing page', () => {
  it.each(['/no/such/page', '/awardplus/nothing-here', '/lifemiles'])('sends %s home', async (path) => {
    await openPage(page, path);
    expect(pathOf(page)).toBe('/');
    expect(await page.locator('main h1').innerText()).toBe(pages('en').home.heroTitle);
  });
});

describe('frame rules', () => {
  const header = () => page.locator('[data-testid="site-header"]');

  it.each(['/profilepage', '/profilepage/account', '/storefront/checkout', '/storefront/checkout/payment', '/enterprise/checkout/confirm', '/shop/checkout'])(
    'hides the site header on %s',
    async (path) => {
      await openPage(page, path);
      expect(await header().count()).toBe(0);
      expect(await page.locator('[data-testid="campaign-banner"]').count()).toBe(0);
    },
  );

  it.each(['/', '/cardplus', '/storefront', '/shop', '/enterprise', '/awardplus/scraping/alert'])('shows the site header on %s', async (path) => {
    await openPage(page, path);
    await expect(header().isVisible()).resolves.toBe(true);
  });

  it('gives checkout pages a slim bar with a way back to their area', async () => {
    await openPage(page, '/enterprise/checkout/payment');
    const bar = page.locator('[data-testid="checkout-bar"]');
    expect(await bar.innerText()).toContain('Secure checkout');
    await bar.getByRole('link', { name: 'Leave checkout' }).click();
    await page.waitForURL('**/enterprise');
  });

  it.each([
    ['/profilepage/points', 'none'],
    ['/asktripplus', 'none'],
    ['/storefront/tos', 'storefront'],
    ['/storefront/avios/tutorial/', 'storefront'],
    ['/faq/', 'main'],
    ['/cardplus/finder', 'main'],
  ])('on %s uses the %s footer', async (path, kind) => {
    await openPage(page, path);
    expect(await page.locator('[data-testid="site-footer"]').count()).toBe(kind === 'main' ? 1 : 0);
    expect(await page.locator('[data-testid="storefront-footer"]').count()).toBe(kind === 'storefront' ? 1 : 0);
  });

  it('shows the storefront footer with its crediting note', async () => {
    await openPage(page, '/storefront/home');
    expect(await page.locator('[data-testid="storefront-footer"]').innerText()).toContain('24 hours or more');
  });

  it.each([
    ['/', true],
    ['/cardplus/compare', true],
    ['/rewardslib', true],
    ['/storefront', false],
    ['/storefront/event', false],
    ['/asktripplus', false],
  ])('on %s shows the campaign banner: %s', async (path, shown) => {
    await openPage(page, path);
    const banner = page.locator('[data-testid="campaign-banner"]');
    if (shown) {
      await banner.waitFor({ state: 'visible' });
      expect(await banner.innerText()).toContain('Never miss a released award seat');
    } else {
      // Give a banner that should not exist every chance to appear.
      await page.waitForLoadState('networkidle');
      expect(await banner.count()).toBe(0);
    }
  });

  it('shows the banner in the visitor language and lets it be dismissed for the visit', async () => {
    await context.addCookies([{ name: 'lang', value: 'zh-Hans', url: inject('baseUrl') }]);
    await openPage(page, '/');
    const banner = page.locator('[data-testid="campaign-banner"]');
    await banner.waitFor();
    expect(await banner.innerText()).toContain('不再错过');
    await banner.getByRole('button').click();
    expect(await banner.count()).toBe(0);
    await openPage(page, '/cardplus');
    await page.waitForLoadState('networkidle');
    expect(await banner.count()).toBe(0);
  });
});

describe('the card-tools variant', () => {
  it('serves the card tools when the host name contains the card domain', async () => {
    await openPage(page, `http://cardplus.localhost:${inject('port')}/`);
    expect(await page.locator('[data-testid="site-header"]').innerText()).toContain('TripPlus CardPlus');
    expect(await page.locator('main h1').innerText()).toBe(pages('en').cardplus.title);
    expect(await page.locator('header nav').first().innerText()).toContain('Card finder');
  });

  it('serves the main site on other host names', async () => {
    await openPage(page, `http://localhost:${inject('port')}/`);
    expect(await page.locator('[data-testid="site-header"]').innerText()).not.toContain('CardPlus');
    expect(await page.locator('main h1').innerText()).toBe(pages('en').home.heroTitle);
  });
});

describe('the profile back link', () => {
  it('returns to the last page outside the profile area, even after moving inside it', async () => {
    await openPage(page, '/cardplus/finder');
    await page.goto('/profilepage/account');
    const back = page.locator('[data-testid="profile-back"]');
    await back.waitFor();
    expect(await back.getAttribute('href')).toBe('/cardplus/finder');
    await page.locator('[data-testid="profile-bar"]').getByRole('link', { name: 'Transactions' }).click();
    await page.waitForURL('**/profilepage/transaction');
    expect(await back.getAttribute('href')).toBe('/cardplus/finder');
    await back.click();
    await page.waitForURL('**/cardplus/finder');
    await page.locator('main h1', { hasText: pages('en').cardplusFinder.title }).waitFor();
  });

  it('goes home when the profile was opened first', async () => {
    await page.goto('/profilepage');
    const back = page.locator('[data-testid="profile-back"]');
    await back.waitFor();
    expect(await back.getAttribute('href')).toBe('/');
  });
});

describe('?lang= forces the language', () => {
  it.each([
    ['zh-hant', 'zh-Hant'],
    ['zh-hans', 'zh-Hans'],
    ['ja', 'ja'],
    ['en', 'en'],
  ])('?lang=%s reloads the page in %s without the parameter', async (query, language) => {
    await page.goto(`/tos?lang=${query}`);
    await page.waitForURL((url) => !url.search.includes('lang='));
    await page.locator('main h1').waitFor();
    expect(pathOf(page)).toBe('/tos');
    expect(await page.locator('html').getAttribute('lang')).toBe(language);
    expect(await page.locator('main h1').innerText()).toBe(pages(language).tos.title);
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'lang')?.value).toBe(language);

    // The choice sticks on the next visit.
    await openPage(page, '/faq');
    expect(await page.locator('main h1').innerText()).toBe(pages(language).faq.title);
  });

  it('ignores an unknown language but still drops the parameter', async () => {
    await page.goto('/faq?lang=klingon&ref=mail');
    await page.waitForURL((url) => !url.search.includes('lang='));
    await page.locator('main h1').waitFor();
    expect(pathOf(page)).toBe('/faq?ref=mail');
    expect(await page.locator('main h1').innerText()).toBe(pages('en').faq.title);
  });
});
