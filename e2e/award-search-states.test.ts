import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awardQuotaUsage, awardSearches, members } from '../server/db/schema/index.ts';
import { launchBrowser, newContext } from './browser.ts';
import { askEngineForDays, choosePlace } from './award-helpers.ts';
import { signInNewMember } from './fixtures.ts';
import { SMALL_INVENTORY, startServer } from './server.ts';

/**
 * Every state of an award search (docs/product/award-search.md#states-and-messages) on a real
 * server: its settings (maintenance, a simulated alliance outage, a hung source) or its stored quota
 * put it in each state, and the page must say so in the words given there.
 */

type Server = Awaited<ReturnType<typeof startServer>>;
/** A day for the states that do not depend on seats (errors, limits); where seats matter, the engine is asked. */
const dateAfter = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let browser: Browser;
let main: Server;
/**
 * Oneworld's source is down and SkyTeam's hangs past the 3 s source timeout. The timeout leaves
 * Star Alliance's real search room on a loaded machine: at 500 ms it once ran out too in CI, and
 * with no alliance answering the notice never showed. (Not warmed with the landing page: its
 * sample searches would open SkyTeam's circuit breaker before the tests.)
 */
let troubled: Server;
let maintenance: Server;

beforeAll(async () => {
  browser = await launchBrowser();
  [main, troubled, maintenance] = await Promise.all([
    startServer(SMALL_INVENTORY),
    startServer({
      ...SMALL_INVENTORY,
      AWARD_SIMULATION_OUTAGE: 'oneworld',
      AWARD_SIMULATION_SLOW: 'skyteam',
      AWARD_SOURCE_TIMEOUT_MS: 3000,
      AWARD_SEARCH_DEADLINE_MS: 6000,
    }),
    startServer({ ...SMALL_INVENTORY, AWARD_SEARCH_MAINTENANCE: true }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([main?.stop(), troubled?.stop(), maintenance?.stop()]);
});

async function memberOn(
  server: Server,
): Promise<{ context: BrowserContext; page: Page; id: string }> {
  const context = await newContext(browser, { baseUrl: server.baseUrl });
  const { email } = await signInNewMember(context, { baseUrl: server.baseUrl });
  const [row] = await server.app.database.db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.email, email));
  return { context, page: await context.newPage(), id: row?.id ?? '' };
}

async function pick(page: Page, testId: string, option: string): Promise<void> {
  await page.locator(`[data-testid="${testId}"]`).selectOption({ label: option });
}

/** Fills the panel on /awardplus/redemption (English) and submits it. */
async function search(
  page: Page,
  options: {
    origin?: string;
    destination?: string;
    alliance?: string;
    stops?: string;
    day?: string;
  } = {},
): Promise<void> {
  await page.goto('/awardplus/redemption');
  await page.locator('[data-testid="search-panel"]').waitFor();
  await choosePlace(page, 'origin', options.origin ?? 'TPE', options.origin ?? 'TPE');
  await choosePlace(
    page,
    'destination',
    options.destination ?? 'LAX',
    options.destination ?? 'LAX',
  );
  await page.locator('[data-testid="search-start"]').fill(options.day ?? dateAfter(10));
  if (options.alliance) await pick(page, 'search-alliance', options.alliance);
  if (options.stops) await pick(page, 'search-stops', options.stops);
  await page.locator('[data-testid="search-submit"]').click();
}

const state = (page: Page) => page.locator('[data-testid="search-state"]');
const popup = (page: Page) => page.locator('[data-testid="message-popup"]').getByRole('dialog');

describe('award search states', () => {
  it('a visitor can browse, but searching asks them to refresh and log in, or sign up, in one dialog', async () => {
    const context = await newContext(browser, { baseUrl: main.baseUrl });
    const page = await context.newPage();
    await page.goto('/awardplus');
    await page.locator('[data-testid="samples"][data-loaded="true"]').waitFor({ timeout: 60_000 });
    expect(await page.locator('[data-testid="sample"]').count()).toBeGreaterThan(0);
    // An empty form is marked first, before anything is asked of the visitor.
    await page.locator('[data-testid="search-submit"]').click();
    await page.getByText('Choose where you fly from').first().waitFor();
    expect(await page.locator('[data-testid="sign-in-to-search"]').count()).toBe(0);
    await choosePlace(page, 'origin', 'TPE', 'TPE');
    await choosePlace(page, 'destination', 'LAX', 'LAX');
    await page.locator('[data-testid="search-submit"]').click();
    const ask = page.locator('[data-testid="sign-in-to-search"]').getByRole('dialog');
    await ask.waitFor();
    expect(await ask.innerText()).toContain(
      'Please refresh the page and make sure you are logged in.',
    );
    await ask.getByRole('button', { name: 'Log in', exact: true }).click();
    const panel = page.locator('[data-testid="login-panel"]').getByRole('dialog');
    await panel.waitFor();
    expect(await panel.getByRole('tab', { name: 'Log in' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await page.goto('/awardplus/redemption/s/result?id=00000000-0000-0000-0000-000000000000');
    await page.locator('[data-testid="login-needed"]').waitFor();
    await context.close();
  });

  it('no award on the date: a route with no direct flight', async () => {
    const { context, page } = await memberOn(main);
    await search(page, { origin: 'TSA', destination: 'LAX', stops: 'Direct only' });
    await state(page).and(page.locator('[data-state="no-award"]')).waitFor({ timeout: 60_000 });
    expect(await state(page).innerText()).toContain('No award on the date');
    await context.close();
  });

  it('unexpected error: the server answers a failure the page did not expect', async () => {
    const { context, page } = await memberOn(main);
    await page.route(/\/api\/awards\/searches\/[0-9a-f-]{36}\?lang=/, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ ok: false, code: -99, error: 'INTERNAL', message: 'boom' }),
      }),
    );
    await search(page);
    await state(page).and(page.locator('[data-state="error"]')).waitFor({ timeout: 60_000 });
    expect(await state(page).innerText()).toContain(
      'There was something wrong, please try it again...',
    );
    await page.screenshot({ path: 'e2e/screenshots/award-state-error.png' });
    await context.close();
  });

  it('over the usage limit: 60 searches in 24 hours', async () => {
    const { context, page, id } = await memberOn(main);
    const query = {
      origin: 'TPE',
      destination: 'LAX',
      dates: { from: dateAfter(10), to: dateAfter(10) },
    } as never;
    await main.app.database.db.insert(awardSearches).values(
      Array.from({ length: 60 }, () => ({
        memberId: id,
        query,
        days: 1,
        month: new Date().toISOString().slice(0, 7),
        status: 'done' as const,
      })),
    );
    await search(page);
    await popup(page).waitFor();
    expect(await popup(page).innerText()).toContain(
      'Limited resources, currently exceeding usage limit. We recommend waiting for 24 hours before making another inquiry.',
    );
    await context.close();
  });

  it('the month’s search days used up: the quota shows none left, and the message prompts sponsorship', async () => {
    const { context, page, id } = await memberOn(main);
    await main.app.database.db
      .insert(awardQuotaUsage)
      .values({ memberId: id, month: new Date().toISOString().slice(0, 7), daysUsed: 15 });
    await search(page);
    await popup(page).waitFor();
    expect(await popup(page).innerText()).toContain(
      'The search availability for this month has been exhausted.',
    );
    expect(await page.locator('[data-testid="quota-left"]').innerText()).toContain(
      '0 search days left',
    );
    await popup(page).getByRole('button', { name: 'Become a sponsor' }).click();
    await page.waitForURL(/\/support-tripplus$/);
    await context.close();
  });

  it('one alliance down: the others’ results show with the notice', async () => {
    const { context, page } = await memberOn(troubled);
    // A day the working alliance has seats on, asked of that alliance alone: each search that
    // asks SkyTeam's hung source counts towards its breaker (three open it), and the timeout
    // test below needs it closed. How many days the engine is asked depends on today's date.
    const { dates } = await askEngineForDays(
      browser,
      troubled.baseUrl,
      { origin: 'TPE', destination: 'LAX', cabin: 'business', stops: 1, alliance: 'star' },
      ({ dates, found }) => found.has(dates[0]!),
      { span: 1 },
    );
    await search(page, { day: dates[0]! });
    await page.locator('[data-testid="notice-alliance-down"]').waitFor({ timeout: 60_000 });
    const notice = await page.locator('[data-testid="notice-alliance-down"]').innerText();
    expect(notice).toContain('oneworld');
    expect(notice).toContain('SkyTeam');
    expect(await page.locator('[data-testid="progress-oneworld"]').count()).toBe(0);
    expect(await page.locator('[data-testid="itinerary"]').count()).toBeGreaterThan(0);
    await page.screenshot({ path: 'e2e/screenshots/award-state-alliance-down.png' });
    await context.close();
  });

  it('unstable connection: the only alliance asked is down', async () => {
    const { context, page } = await memberOn(troubled);
    await search(page, { alliance: 'oneworld' });
    await state(page).and(page.locator('[data-state="unstable"]')).waitFor({ timeout: 60_000 });
    expect(await state(page).innerText()).toContain(
      'Sorry, the scraping system connection is unstable. Please try again later.',
    );
    await context.close();
  });

  it('timeout: the only alliance asked never answers in time', async () => {
    const { context, page } = await memberOn(troubled);
    await search(page, { alliance: 'SkyTeam' });
    await state(page).and(page.locator('[data-state="timeout"]')).waitFor({ timeout: 60_000 });
    expect(await state(page).innerText()).toContain(
      'Please reduce the dates of award search and try it again.',
    );
    await context.close();
  });

  it('maintenance: the setting answers every search with the maintenance message', async () => {
    const { context, page } = await memberOn(maintenance);
    await search(page);
    await popup(page).waitFor();
    expect(await popup(page).innerText()).toContain('Maintaining, please come back later.');
    await context.close();
  });

  it('the live scan is behind the closed-beta gate until the account is enabled', async () => {
    const visitor = await newContext(browser, { baseUrl: main.baseUrl });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto('/awardplus/scraping');
    await visitorPage.locator('[data-testid="closed-beta-notice"]').waitFor();
    await visitor.close();

    // A member who has not asked is not told they are on a list: they can ask, and the request is kept.
    const { context, page, id } = await memberOn(main);
    await page.goto('/awardplus/scraping');
    await page.locator('[data-testid="closed-beta-request"]').waitFor();
    expect(await page.locator('[data-testid="closed-beta-pending"]').count()).toBe(0);
    await page.locator('[data-testid="live-scan-request"]').click();
    await page.locator('[data-testid="closed-beta-pending"]').waitFor();
    const [asked] = await main.app.database.db
      .select({ at: members.scrapingRequestedAt })
      .from(members)
      .where(eq(members.id, id));
    expect(asked?.at).toBeInstanceOf(Date);
    // The request is remembered on the next visit and on the results address.
    await page.goto('/awardplus/scraping/result?id=00000000-0000-0000-0000-000000000000');
    await page.locator('[data-testid="closed-beta-pending"]').waitFor();
    await main.app.database.db
      .update(members)
      .set({ scrapingEnabled: true })
      .where(eq(members.id, id));
    const { dates } = await askEngineForDays(
      browser,
      main.baseUrl,
      { origin: 'TPE', destination: 'LAX', cabin: 'business', stops: 1 },
      ({ dates, found }) => found.has(dates[0]!),
      { span: 1 },
    );
    await page.goto('/awardplus/scraping');
    await choosePlace(page, 'origin', 'TPE', 'TPE');
    await choosePlace(page, 'destination', 'LAX', 'LAX');
    await page.locator('[data-testid="search-start"]').fill(dates[0]!);
    await page.locator('[data-testid="search-submit"]').click();
    await page.waitForURL(/\/awardplus\/scraping\/result\?id=/);
    await page.locator('[data-testid="results"]').waitFor({ timeout: 60_000 });
    await context.close();
  });
});
