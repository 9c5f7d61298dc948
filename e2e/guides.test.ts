import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ExplorerAnswer } from '../core/guides/contract.ts';
import { milesFor, type TransferPartnerRow } from '../core/guides/transfers.ts';
import { DESKTOP, PHONE, launchBrowser, newContext, watchPage } from './browser.ts';
import { catalogText, signInNewMember } from './fixtures.ts';

/**
 * The guides in the browser: the redeem explorer's messages and its map, drawn with an
 * arc for every destination the API answers; the transfer lookup's arithmetic; a tutorial's link
 * to its terms anchor. Expected figures come from the API or the shared arithmetic, so the test
 * holds whatever bonus or sale runs on the day it runs.
 */
const en = catalogText('en', 'guides');
const enCommon = catalogText('en', 'common');
const eventually = { timeout: 15_000 };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function visitor(
  language = 'en',
): Promise<{ context: BrowserContext; page: Page; complaints: string[] }> {
  const context = await newContext(browser, {
    language,
    viewport: DESKTOP,
    baseUrl: inject('baseUrl'),
  });
  const page = await context.newPage();
  return { context, page, complaints: watchPage(page).list };
}

/** Asks the explorer what 80,000 Chase Ultimate Rewards points reach from Taipei. */
async function exploreChaseFromTaipei(page: Page) {
  await page.goto('/awardplus/redemption/e');
  await page.getByTestId('explorer-amount').fill('80,000');
  await page.getByRole('combobox', { name: en('explorer.source') }).click();
  await page.getByRole('option', { name: 'Chase Ultimate Rewards', exact: true }).click();
  await page.getByRole('combobox', { name: en('explorer.origin') }).fill('TPE');
  // The city (all its airports) comes before the airport of the same code.
  await page.getByTestId('explorer-origin-field-option-TPE').first().click();
  await page.getByTestId('explorer-submit').click();
}

describe('the redeem explorer', () => {
  it('names the missing amount and points system (docs/product/guides.md#redeem-explorer) and asks nothing of the server', async () => {
    const { context, page, complaints } = await visitor();
    await page.goto('/awardplus/redemption/e');
    await page.getByTestId('explorer-submit').click();
    // No popup: each field says what is wrong under itself, and the first has the focus.
    await page.getByText(en('explorer.errors.amount-required')).waitFor();
    expect(await page.getByTestId('message-popup').count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('explorer-amount');
    // The fields say what is wrong, and no question went into the address.
    const form = await page.getByTestId('explorer-form').innerText();
    for (const code of ['amount-required', 'source-required', 'origin-required'])
      expect(form).toContain(en(`explorer.errors.${code}`));
    expect(new URL(page.url()).search).toBe('');
    expect(complaints).toEqual([]);
    await context.close();
  });

  it('draws an arc on the world map for every destination the points reach, and shows the way to one', async () => {
    const { context, page, complaints } = await visitor();
    await exploreChaseFromTaipei(page);

    await page.getByTestId('explorer-map').waitFor({ state: 'visible', timeout: 30_000 });
    const search = new URL(page.url()).searchParams;
    expect(Object.fromEntries(search)).toMatchObject({
      amount: '80000',
      source: 'chase-ur',
      origin: 'TPE',
      cabin: 'economy',
    });
    const answer = (await (
      await page.request.get(`/api/explorer?${search.toString()}`)
    ).json()) as ExplorerAnswer;
    const reachable = answer.result.destinations.filter((destination) => destination.reachable);
    expect(reachable.length).toBeGreaterThan(50);

    // One arc per destination, each a drawn great-circle path ending at a dot.
    await expect
      .poll(() => page.getByTestId('explorer-arc').count(), eventually)
      .toBe(answer.result.destinations.length);
    const arc = page.locator('[data-testid="explorer-arc"][data-airport="HKG"]');
    expect(await arc.locator('path').getAttribute('d')).toMatch(/^M[\d.,-]+/);
    expect(await arc.locator('circle').count()).toBe(1);
    expect(await page.getByTestId('explorer-origin').count()).toBe(1);
    expect(await page.getByTestId('explorer-summary').innerText()).toContain(
      String(reachable.length),
    );

    // The list's row for Hong Kong, and its path from points to miles needed.
    const hongKong = answer.result.destinations.find(
      (destination) => destination.airport === 'HKG',
    )!;
    const row = page.locator('[data-testid="explorer-row"][data-airport="HKG"]');
    // A programme that prices by demand shows its usual lowest level as an estimate ("from about …").
    const miles = hongKong.option.miles.toLocaleString('en-US');
    expect(await row.getByTestId('explorer-miles').innerText()).toBe(
      hongKong.option.estimate ? en('explorer.aboutMiles', { miles }) : miles,
    );
    await row.getByRole('button', { name: en('explorer.showPath') }).click();
    const path = await page.getByTestId('explorer-path').innerText();
    expect(path).toContain(
      hongKong.option.estimate ? `Miles needed: from about ${miles}` : `Miles needed: ${miles}`,
    );
    expect(path).toContain(
      `${hongKong.use![0]!.points.toLocaleString('en-US')} Chase Ultimate Rewards`,
    );

    // The main destinations are named on the map, and a row opens the award search for its route.
    expect(await page.getByTestId('explorer-label').count()).toBe(
      Math.min(8, answer.result.destinations.length),
    );
    await row.getByTestId('explorer-search').click();
    await page.waitForURL(/\/awardplus\/redemption\/s\?/);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({
      from: 'TPE',
      to: 'HKG',
      cabin: 'economy',
    });
    expect(complaints).toEqual([]);
    await context.close();
  });

  it('remembers the points and the origin on this browser and starts the next visit, and the award search, from them', async () => {
    const { context, page, complaints } = await visitor();
    await exploreChaseFromTaipei(page);
    await page.waitForURL(/origin=TPE/);
    const cookies = Object.fromEntries(
      (await context.cookies()).map((cookie) => [cookie.name, decodeURIComponent(cookie.value)]),
    );
    expect(cookies.ffp).toBe('chase-ur');
    expect(JSON.parse(cookies.mileage_records ?? '{}')).toEqual({ 'chase-ur': 80_000 });
    expect(JSON.parse(cookies.origin_city ?? '{}')).toMatchObject({ countryCode: 'TW' });

    // A new visit without a question in the address starts from what was kept.
    await page.goto('/awardplus/redemption/e');
    await expect.poll(() => page.getByTestId('explorer-amount').inputValue()).toBe('80000');
    await expect
      .poll(() => page.getByRole('combobox', { name: en('explorer.source') }).inputValue())
      .toBe('Chase Ultimate Rewards');
    await expect
      .poll(() => page.getByRole('combobox', { name: en('explorer.origin') }).inputValue())
      .toContain('Taipei');
    // So does the award search's origin, before any award search was made.
    await page.goto('/awardplus');
    await expect
      .poll(() => page.getByTestId('search-origin').inputValue(), eventually)
      .toContain('Taipei');
    expect(complaints).toEqual([]);
    await context.close();
  });

  it('starts from the city a member says they are in, chosen on their account page', async () => {
    const { context, page, complaints } = await visitor();
    await signInNewMember(context, { baseUrl: inject('baseUrl') });
    await page.goto('/profilepage/account');
    const city = page.getByRole('combobox', { name: enCommon('auth.profile.city') });
    await city.fill('Tokyo');
    // Chosen from the keyboard: the metro area (all its airports) is the first suggestion.
    await page.getByTestId('profile-city-option-TYO').first().waitFor({ state: 'attached' });
    await city.press('ArrowDown');
    await city.press('Enter');
    await page.getByText(enCommon('auth.profile.citySaved')).waitFor();
    const kept = (await context.cookies()).find((cookie) => cookie.name === 'current_city');
    expect(JSON.parse(decodeURIComponent(kept?.value ?? '{}'))).toMatchObject({
      asciiName: 'Tokyo',
      countryCode: 'JP',
    });
    await page.goto('/awardplus/redemption/e');
    await expect
      .poll(
        () => page.getByRole('combobox', { name: en('explorer.origin') }).inputValue(),
        eventually,
      )
      .toContain('Tokyo');
    expect(complaints).toEqual([]);
    await context.close();
  });

  it('opens on the origin’s region on a phone, and can show the whole world', async () => {
    const context = await newContext(browser, {
      language: 'zh-Hant',
      viewport: PHONE,
      baseUrl: inject('baseUrl'),
    });
    const page = await context.newPage();
    await page.goto(
      '/awardplus/redemption/e?amount=80000&source=chase-ur&origin=TPE&cabin=economy',
    );
    const map = page.getByTestId('explorer-map');
    await map.waitFor({ state: 'visible', timeout: 30_000 });
    await expect.poll(() => map.getAttribute('data-zoomed'), eventually).toBe('true');
    const zoomedBox = (await map.getAttribute('viewBox'))!.split(' ').map(Number);
    expect(zoomedBox[2]).toBeLessThan(960 / 2);
    await page.getByTestId('explorer-zoom').click();
    expect(await map.getAttribute('viewBox')).toBe('0 0 960 500');
    await context.close();
  });

  it('in buy-miles mode marks the places a purchase would reach with dashed arcs and their cost', async () => {
    const { context, page, complaints } = await visitor();
    await page.goto('/storefront/awardmap?amount=20000&source=citi-typ&origin=TPE&cabin=economy');
    await page.getByTestId('explorer-map').waitFor({ state: 'visible', timeout: 30_000 });
    const answer = (await (
      await page.request.get(
        '/api/explorer?amount=20000&source=citi-typ&origin=TPE&cabin=economy&buy=1',
      )
    ).json()) as ExplorerAnswer;
    const bought = answer.result.destinations.filter((destination) => !destination.reachable);
    expect(bought.length).toBeGreaterThan(0);
    await expect
      .poll(
        () => page.locator('[data-testid="explorer-arc"][data-reachable="false"]').count(),
        eventually,
      )
      .toBe(bought.length);
    expect(
      await page
        .locator('[data-testid="explorer-arc"][data-reachable="false"] path')
        .first()
        .getAttribute('stroke-dasharray'),
    ).toBe('4 3');
    expect(complaints).toEqual([]);
    await context.close();
  });
});

describe('a programme’s award chart', () => {
  it('explains its region codes with the countries named in the reader’s language (zh-Hant)', async () => {
    const { context, page, complaints } = await visitor('zh-Hant');
    await page.goto('/rewardslib/united-mileageplus');
    const regions = page.getByTestId('chart-regions');
    await regions.waitFor();
    const text = await regions.innerText();
    expect(text).toContain(catalogText('zh-Hant', 'guides')('library.regionsLead'));
    expect(text).toMatch(/USCA — 美國、加拿大/);
    expect(complaints).toEqual([]);
    await context.close();
  });
});

describe('the transfer-partner lookup', () => {
  it('shows what a number of points becomes at each partner, and looks back from a programme', async () => {
    const { context, page, complaints } = await visitor();
    await page.goto('/awardplus/transferpartner?from=capital-one-miles');
    const api = (await (
      await page.request.get('/api/transfer-partners?from=capital-one-miles')
    ).json()) as { partners: TransferPartnerRow[] };
    const rows = page.locator('[data-testid="transfer-table"] tbody tr');
    await expect.poll(() => rows.count(), eventually).toBe(api.partners.length);

    await page.getByLabel(en('transfers.points')).fill('10050');
    const eva = api.partners.find((row) => row.to.id === 'eva-infinity')!;
    // 2 : 1.5 in steps of 100: 10,050 moves 10,000 (with any bonus running today).
    const expected = milesFor(
      10_050,
      {
        ratio: eva.ratio,
        minimum: eva.minimum ?? undefined,
        increment: eva.increment ?? undefined,
      },
      eva.bonus?.status === 'confirmed' ? eva.bonus.percent : 0,
    );
    await expect
      .poll(
        () =>
          page
            .locator('tr[data-partner="eva-infinity"] [data-testid="transfer-received"]')
            .innerText(),
        eventually,
      )
      .toBe(expected.toLocaleString('en-US'));

    await page.locator('label', { hasText: en('transfers.toMode') }).click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('to'), eventually)
      .toBe('eva-infinity');
    const back = (await (
      await page.request.get('/api/transfer-partners?to=eva-infinity')
    ).json()) as { partners: TransferPartnerRow[] };
    await expect.poll(() => rows.count(), eventually).toBe(back.partners.length);
    expect(await page.locator('tr[data-partner="citi-typ"]').count()).toBe(1);

    // A ratio that changed on a date says since when, and links the page that states it.
    await page.goto('/awardplus/transferpartner?from=amex-mr');
    const asiaMiles = page.locator('tr[data-partner="asia-miles"]');
    await expect
      .poll(() => asiaMiles.getByTestId('ratio-source').getAttribute('href'), eventually)
      .toMatch(/^https:\/\/.+/);
    expect(await asiaMiles.getByTestId('ratio-dates').innerText()).toMatch(/2026/);
    expect(complaints).toEqual([]);
    await context.close();
  });
});

describe('the tutorials', () => {
  it('link to their section of the storefront terms, which quotes the programme’s rules', async () => {
    const { context, page, complaints } = await visitor();
    await page.goto('/storefront/lifemiles/tutorial');
    await page.getByTestId('tutorial-terms-link').click();
    await page.waitForURL(/\/storefront\/tos#lifemiles$/);
    const section = page.getByTestId('terms-lifemiles');
    await expect.poll(() => section.innerText(), eventually).toContain('150,000');
    const text = await section.innerText();
    expect(text).toContain('24');
    expect(text).toContain('14');
    expect(text).toContain('$12.50');
    expect(complaints).toEqual([]);
    await context.close();
  });
});

describe('the FAQ', () => {
  it('opens the question its address names, in the visitor’s language, and links on to the page that answers more', async () => {
    const zh = catalogText('zh-Hant', 'legal');
    const { context, page, complaints } = await visitor('zh-Hant');
    await page.goto('/faq#bonuses');
    const bonuses = page.getByTestId('faq-bonuses');
    await expect
      .poll(() => bonuses.getByText(zh('faq.items.bonuses.a')).isVisible(), eventually)
      .toBe(true);
    expect(
      await page.getByRole('heading', { level: 2, name: zh('faq.groups.transfers') }).isVisible(),
    ).toBe(true);
    // Only the named question is open.
    expect(await page.getByText(zh('faq.items.reverse.a')).isVisible()).toBe(false);
    await page.getByTestId('faq-reverse').locator('summary').click();
    await expect
      .poll(() => page.getByText(zh('faq.items.reverse.a')).isVisible(), eventually)
      .toBe(true);

    await bonuses.getByRole('link', { name: zh('faq.items.bonuses.link') }).click();
    await page.waitForURL('**/awardplus/transferpartner');
    expect(complaints).toEqual([]);
    await context.close();
  });
});
