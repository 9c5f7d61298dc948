import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { PHONE, launchBrowser, newContext, openPage, watchPage } from './browser.ts';
import { askEngineForDays, choosePlace, type FoundDays } from './award-helpers.ts';
import { activationCodeFor, catalogText, pageText, uniqueEmail } from './fixtures.ts';

/**
 * Issue 22's walk, as a visitor on a phone in Traditional Chinese: from the home page to a search,
 * signing up in the dialog the search opens, the results of the search they typed (not typed
 * again), the calendar beside the results, another day picked there, how to get the miles for
 * one result, and a tracking of that flight. Nowhere a page frame, a not-found page or an error.
 * And the same walk to a day with no award seats: the 'no award on the date' state offers the
 * days nearby that have seats, and one of them searched shows its flights.
 *
 * The days are asked of the engine (a day with seats, a day without), never counted from today.
 */

const LANGUAGE = 'zh-Hant';
const awards = catalogText(LANGUAGE, 'awards');
const common = catalogText(LANGUAGE, 'common');

const ROUTE = { origin: 'TPE', destination: 'LAX', cabin: 'business', stops: 1 } as const;

let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
});
beforeEach(async () => {
  context = await newContext(browser, {
    language: LANGUAGE,
    viewport: PHONE,
    baseUrl: inject('baseUrl'),
  });
  page = await context.newPage();
});
afterEach(async () => {
  await context?.close();
});
afterAll(async () => {
  await browser?.close();
});

/** Neither a page whose feature has not landed, nor a not-found or error screen. */
async function expectARealPage() {
  expect(
    await page
      .locator('[data-planned="true"], [data-testid="not-found"], [data-testid="route-error"]')
      .count(),
  ).toBe(0);
}

/**
 * From the home page as a visitor: the award panel, a search typed for `day` (business, up to
 * `stops` stops), the dialog asking to sign up, sign-up and activation in it, and the results page
 * of the search typed, run by itself.
 */
async function searchAsVisitorThenSignUp(day: string, stops: 0 | 1 = 1) {
  await openPage(page, '/');
  await page.getByRole('link', { name: pageText(LANGUAGE, 'home', 'ctaSearch') }).click();
  await page.waitForURL(/\/awardplus$/);
  await expectARealPage();
  // Before the first search the visitor is told searching needs a free account.
  expect(await page.locator('[data-testid="search-visitor-note"]').innerText()).toBe(
    awards('panel.visitorNote'),
  );

  await choosePlace(page, 'origin', '台北', 'TPE');
  await choosePlace(page, 'destination', '洛杉磯', 'LAX');
  await page.locator('[data-testid="search-cabin"]').selectOption('business');
  if (stops === 0)
    await page
      .locator('[data-testid="search-stops"]')
      .selectOption({ label: awards('stops.max0') });
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
  expect(
    await panel.getByRole('tab', { name: common('auth.signup') }).getAttribute('aria-selected'),
  ).toBe('true');
  await page.locator('[data-testid="auth-nickname"]').fill('小美');
  await page.locator('[data-testid="auth-email"]').fill(email);
  await page.locator('[data-testid="auth-password"]').fill('a long password');
  await page.locator('[data-testid="captcha-checkbox"]').check();
  await page.locator('[data-testid="auth-submit"]').click();
  const activation = page.locator('[data-testid="activation-dialog"]').getByRole('dialog');
  await activation.waitFor();
  await page.locator('[data-testid="activation-code"]').fill(await activationCodeFor(email));
  await activation
    .getByRole('button', { name: common('auth.activation.activate'), exact: true })
    .click();
  await page.locator('[data-testid="activation-login-now"]').click();

  // Signed in, the search they typed runs by itself, to its end: results, or no award on the date.
  await page.waitForURL(/\/awardplus\/redemption\/s\/result\?id=/, { timeout: 30_000 });
  await page
    .locator('[data-testid="results-page"][data-phase="done"]')
    .waitFor({ timeout: 60_000 });
  await expectARealPage();
  const summary = await page.locator('[data-testid="query-summary"]').innerText();
  expect(summary).toContain('TPE');
  expect(summary).toContain('LAX');
}

describe('first use on a phone in Traditional Chinese', () => {
  it('home → search → sign up in the dialog → results of the typed search → another day from the calendar → how to get the miles → track that flight', async () => {
    const complaints = watchPage(page);
    // A day with seats, and another of the next two in its month with seats, to pick from the calendar.
    const otherDays = ({ dates, found }: FoundDays) =>
      dates
        .slice(1)
        .filter((date) => date.slice(0, 7) === dates[0]!.slice(0, 7) && (found.get(date) ?? 0) > 0);
    const asked = await askEngineForDays(
      browser,
      inject('baseUrl'),
      ROUTE,
      (days) => (days.found.get(days.dates[0]!) ?? 0) > 0 && otherDays(days).length > 0,
    );
    const day = asked.dates[0]!;
    await searchAsVisitorThenSignUp(day);
    await page.locator('[data-testid="results"]').waitFor();
    const firstUrl = page.url();

    // The calendar folds above the results on a phone; a day cell is named by its date and price.
    await page.locator('[data-testid="calendar-toggle"]').click();
    const calendar = page.locator('[data-testid="award-calendar"][data-loaded="true"]');
    await calendar.waitFor({ timeout: 60_000 });
    expect(
      await calendar
        .locator(`[data-testid="calendar-day"][data-date="${day}"]`)
        .getAttribute('aria-pressed'),
    ).toBe('true');
    const otherDate = otherDays(asked)[0]!;
    const other = calendar.locator(`[data-testid="calendar-day"][data-date="${otherDate}"]`);
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
    expect(await sources.count()).toBe(
      await result.locator('[data-testid="redeem-option"]').count(),
    );
    await result.locator('[data-testid="get-miles-partner"]').first().waitFor();
    expect(await result.locator('[data-testid="get-miles-partner"]').first().innerText()).toMatch(
      /\d : [\d.]+ · /,
    );
    expect(
      await sources.first().locator('[data-testid="get-miles-guide"]').getAttribute('href'),
    ).toMatch(/^\/rewardslib\/[a-z-]+$/);
    await result.screenshot({ path: 'e2e/screenshots/first-use-result-zh-Hant-phone.png' });

    // Track that flight: the form keeps the flight, its day, the cabin, seats and stops.
    const flightNumber = (await result.getAttribute('data-flight')) ?? '';
    await result.locator('[data-testid="track-flight"]').click();
    await page.waitForURL(/\/awardplus\/scraping\/alert\?/);
    await expectARealPage();
    await expect
      .poll(() => page.locator('[data-testid="search-flight"]').inputValue())
      .toBe(flightNumber);
    expect(await page.locator('[data-testid="search-start"]').inputValue()).toBe(otherDate);
    expect(await page.locator('[data-testid="search-cabin"]').inputValue()).toBe('business');
    await page.locator('[data-testid="search-submit"]').click();
    await expect
      .poll(async () => {
        const answer = (await (await page.request.get('/api/trackings')).json()) as {
          trackings: {
            query: { flightNumber: string | null; cabin: string; dates: { from: string } };
          }[];
        };
        return answer.trackings.map(
          (tracking) =>
            `${tracking.query.flightNumber} ${tracking.query.cabin} ${tracking.query.dates.from}`,
        );
      })
      .toEqual([`${flightNumber} business ${otherDate}`]);
    await page.screenshot({
      path: 'e2e/screenshots/first-use-tracking-zh-Hant-phone.png',
      fullPage: true,
    });
    expect(complaints.list).toEqual([]);
  });

  it('home → search a day with no award seats → sign up in the dialog → no award on the date, with the days nearby that have seats → one of them searched', async () => {
    const complaints = watchPage(page);
    // Three days, one without nonstop seats and one with: nonstops are few, so both kinds come
    // soon on any day of the year (a one-stop search finds seats nearly every day).
    const withSeats = ({ dates, found }: FoundDays) =>
      dates.filter((date) => (found.get(date) ?? 0) > 0);
    const asked = await askEngineForDays(
      browser,
      inject('baseUrl'),
      { ...ROUTE, stops: 0 },
      (days) => days.dates.some((date) => !days.found.has(date)) && withSeats(days).length > 0,
    );
    const day = asked.dates.find((date) => !asked.found.has(date))!;
    await searchAsVisitorThenSignUp(day, 0);

    // The search ended in the spec's state, with its message, and not in an error or a blank page.
    const state = page.locator('[data-testid="search-state"]');
    expect(await state.getAttribute('data-state')).toBe('no-award');
    expect(await state.innerText()).toContain(awards('states.noAward'));
    expect(await page.locator('[data-testid="itinerary"]').count()).toBe(0);

    // The days nearby with seats, each a button naming its date and lowest miles, none the day searched.
    const nearby = page.locator('[data-testid="nearby-days"]');
    await nearby.waitFor({ timeout: 60_000 });
    expect(await nearby.innerText()).toContain(awards('states.nearbyTitle'));
    const offered = await nearby.locator('[data-testid="nearby-day"]').evaluateAll((buttons) =>
      buttons.map((button) => ({
        date: button.getAttribute('data-date') ?? '',
        miles: Number(button.getAttribute('data-miles')),
        label: button.getAttribute('aria-label') ?? '',
      })),
    );
    expect(offered.length).toBeGreaterThan(0);
    for (const { date, miles, label } of offered) {
      expect(date).not.toBe(day);
      expect(Math.abs(Date.parse(date) - Date.parse(day)) / 86_400_000).toBeLessThanOrEqual(7);
      expect(miles).toBeGreaterThan(0);
      expect(label).toContain(new Intl.NumberFormat('zh-TW').format(miles));
      expect(label).toContain(`${Number(date.slice(5, 7))}月${Number(date.slice(8))}日`);
    }
    const pick = withSeats(asked)[0]!;
    expect(offered.map((each) => each.date)).toContain(pick);
    await page.screenshot({
      path: 'e2e/screenshots/first-use-no-award-zh-Hant-phone.png',
      fullPage: true,
    });

    // Picking one searches that day at once, and its flights show.
    const firstUrl = page.url();
    await nearby.locator(`[data-testid="nearby-day"][data-date="${pick}"]`).click();
    await expect.poll(() => page.url(), { timeout: 30_000 }).not.toBe(firstUrl);
    const result = page.locator('[data-testid="itinerary"]').first();
    await expect.poll(() => result.getAttribute('data-date'), { timeout: 60_000 }).toBe(pick);
    expect(await page.locator('[data-testid="search-state"]').count()).toBe(0);
    expect(complaints.list).toEqual([]);
  });
});
