import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PHONE, launchBrowser, newContext, openPage, watchPage } from './browser.ts';
import { choosePlace } from './award-helpers.ts';
import { activationCodeFor, catalogText, pageText, uniqueEmail } from './fixtures.ts';

/**
 * Issue 22's walk, as a visitor on a phone in Traditional Chinese: from the home page to a search,
 * signing up in the dialog the search opens, the results of the search they typed (not typed
 * again), the calendar beside the results, another day picked there, how to get the miles for
 * one result, and a tracking of that flight. Nowhere a page frame, a not-found page or an error.
 */

const LANGUAGE = 'zh-Hant';
const awards = catalogText(LANGUAGE, 'awards');
const common = catalogText(LANGUAGE, 'common');
const dateAfter = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, { language: LANGUAGE, viewport: PHONE, baseUrl: inject('baseUrl') });
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** Neither a page whose feature has not landed, nor a not-found or error screen. */
async function expectARealPage() {
  expect(await page.locator('[data-planned="true"], [data-testid="not-found"], [data-testid="route-error"]').count()).toBe(0);
}

describe('first use on a phone in Traditional Chinese', () => {
  it('home → search → sign up in the dialog → results of the typed search → another day from the calendar → how to get the miles → track that flight', async () => {
    const complaints = watchPage(page);
    await openPage(page, '/');
    await page.getByRole('link', { name: pageText(LANGUAGE, 'home', 'ctaSearch') }).click();
    await page.waitForURL(/\/awardplus$/);
    await expectARealPage();
    // Before the first search the visitor is told searching needs a free account.
    expect(await page.locator('[data-testid="search-visitor-note"]').innerText()).toBe(awards('panel.visitorNote'));

    const day = dateAfter(20);
    await choosePlace(page, 'origin', '台北', 'TPE');
    await choosePlace(page, 'destination', '洛杉磯', 'LAX');
    await page.locator('[data-testid="search-cabin"]').selectOption('business');
    await page.locator('[data-testid="search-start"]').fill(day);
    await page.locator('[data-testid="search-submit"]').click();

    // One dialog: the spec's message and both ways on.
    const ask = page.locator('[data-testid="sign-in-to-search"]').getByRole('dialog');
    await ask.waitFor();
    expect(await ask.innerText()).toContain(common('errors.NOT_SIGNED_IN'));
    expect(await ask.getByRole('button', { name: common('auth.login') }).count()).toBe(1);
    await ask.getByRole('button', { name: awards('panel.signUpFree') }).click();

    const email = uniqueEmail('firstuse');
    const panel = page.locator('[data-testid="login-panel"]').getByRole('dialog');
    await panel.waitFor();
    expect(await panel.getByRole('tab', { name: common('auth.signup') }).getAttribute('aria-selected')).toBe('true');
    await page.locator('[data-testid="auth-nickname"]').fill('小美');
    await page.locator('[data-testid="auth-email"]').fill(email);
    await page.locator('[data-testid="auth-password"]').fill('a long password');
    await page.locator('[data-testid="captcha-checkbox"]').check();
    await page.locator('[data-testid="auth-submit"]').click();
    const activation = page.locator('[data-testid="activation-dialog"]').getByRole('dialog');
    await activation.waitFor();
    await page.locator('[data-testid="activation-code"]').fill(await activationCodeFor(email));
    await activation.getByRole('button', { name: common('auth.activation.activate'), exact: true }).click();
    await page.locator('[data-testid="activation-login-now"]').click();

    // Signed in, the search they typed runs by itself.
    await page.waitForURL(/\/awardplus\/redemption\/s\/result\?id=/, { timeout: 30_000 });
    await page.locator('[data-testid="results"]').waitFor({ timeout: 60_000 });
    await expectARealPage();
    const summary = await page.locator('[data-testid="query-summary"]').innerText();
    expect(summary).toContain('TPE');
    expect(summary).toContain('LAX');
    const firstUrl = page.url();

    // The calendar folds above the results on a phone; a day cell is named by its date and price.
    await page.locator('[data-testid="calendar-toggle"]').click();
    const calendar = page.locator('[data-testid="award-calendar"][data-loaded="true"]');
    await calendar.waitFor({ timeout: 60_000 });
    expect(await calendar.locator(`[data-testid="calendar-day"][data-date="${day}"]`).getAttribute('aria-pressed')).toBe('true');
    const other = calendar.locator(`[data-testid="calendar-day"]:not([data-date="${day}"]):not([data-miles=""])`).first();
    const otherDate = (await other.getAttribute('data-date')) ?? '';
    const miles = Number(await other.getAttribute('data-miles'));
    const name = (await other.getAttribute('aria-label')) ?? '';
    expect(name).toContain(new Intl.NumberFormat('zh-TW').format(miles));
    expect(name).toContain(`${Number(otherDate.slice(5, 7))}月${Number(otherDate.slice(8))}日`);
    await other.click();
    await expect.poll(() => page.url(), { timeout: 30_000 }).not.toBe(firstUrl);
    expect(page.url()).toMatch(/\/awardplus\/redemption\/s\/result\?id=/);
    const result = page.locator('[data-testid="itinerary"]').first();
    await expect.poll(() => result.getAttribute('data-date'), { timeout: 60_000 }).toBe(otherDate);

    // How to get the miles: per programme, its transfer partners (ratio and time) and its guide.
    await result.locator('[data-testid="get-miles-toggle"]').click();
    const sources = result.locator('[data-testid="get-miles-programme"]');
    await sources.first().waitFor();
    expect(await sources.count()).toBe(await result.locator('[data-testid="redeem-option"]').count());
    await result.locator('[data-testid="get-miles-partner"]').first().waitFor();
    expect(await result.locator('[data-testid="get-miles-partner"]').first().innerText()).toMatch(/\d : [\d.]+ · /);
    expect(await sources.first().locator('[data-testid="get-miles-guide"]').getAttribute('href')).toMatch(/^\/rewardslib\/[a-z-]+$/);
    await result.screenshot({ path: 'e2e/screenshots/first-use-result-zh-Hant-phone.png' });

    // Track that flight: the form keeps the flight, its day, the cabin, seats and stops.
    const flightNumber = (await result.getAttribute('data-flight')) ?? '';
    await result.locator('[data-testid="track-flight"]').click();
    await page.waitForURL(/\/awardplus\/scraping\/alert\?/);
    await expectARealPage();
    await expect.poll(() => page.locator('[data-testid="search-flight"]').inputValue()).toBe(flightNumber);
    expect(await page.locator('[data-testid="search-start"]').inputValue()).toBe(otherDate);
    expect(await page.locator('[data-testid="search-cabin"]').inputValue()).toBe('business');
    await page.locator('[data-testid="search-submit"]').click();
    await expect
      .poll(async () => {
        const answer = (await (await page.request.get('/api/trackings')).json()) as { trackings: { query: { flightNumber: string | null; cabin: string; dates: { from: string } } }[] };
        return answer.trackings.map((tracking) => `${tracking.query.flightNumber} ${tracking.query.cabin} ${tracking.query.dates.from}`);
      })
      .toEqual([`${flightNumber} business ${otherDate}`]);
    await page.screenshot({ path: 'e2e/screenshots/first-use-tracking-zh-Hant-phone.png', fullPage: true });
    expect(complaints.list).toEqual([]);
  });
});
