import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardOn } from '../core/cards/card.ts';
import { filterCards } from '../core/cards/catalogue.ts';
import { currencyOn } from '../core/cards/points-currency.ts';
import { dayOf } from '../core/dated.ts';
import { rankCards } from '../core/cards/finder.ts';
import { CARD_GOALS, cardsForGoal } from '../core/cards/collections.ts';
import { formatMoney } from '../core/payments/money.ts';
import { LIMITS } from '../core/limits.ts';
import { cardData } from '../data/cards.ts';
import { members, walletBalances, walletCards } from '../server/db/schema/index.ts';
import { DESKTOP, PHONE, launchBrowser, newContext, watchPage } from './browser.ts';
import { catalogText, signInNewMember } from './fixtures.ts';
import { startServer } from './server.ts';

/**
 * CardPlus in the browser: the list's filters and preferences, comparison, a card's
 * bonus history, the finder's ranking against the same arithmetic, and the wallet's limits.
 */
type Server = Awaited<ReturnType<typeof startServer>>;
const catalog = (language: string) => catalogText(language, 'cards');

// Rendering a hundred cards on a busy CI machine takes longer than expect.poll's one second.
const eventually = { timeout: 15_000 };
const data = cardData();
let browser: Browser;
let server: Server;

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function visitor(
  language = 'en',
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page; complaints: string[] }> {
  const context = await newContext(browser, { language, viewport, baseUrl: server.baseUrl });
  const page = await context.newPage();
  return { context, page, complaints: watchPage(page).list };
}

/** Picks an option of a labelled segmented control by its visible text. */
const segment = (page: Page, labelledBy: string, option: string) =>
  page.locator(`[aria-labelledby="${labelledBy}"] label`, { hasText: option }).click();
const tiles = (page: Page) => page.locator('[data-testid="card-tile"]');
const count = (page: Page) => page.locator('[data-testid="card-count"]');
/** Draws the whole list: it arrives with the first screen of cards and draws more as the reader scrolls or asks. */
async function allTiles(page: Page) {
  const more = page.locator('[data-testid="more-cards"]');
  // Bringing the button into view draws the next cards by itself, which moves or removes the
  // button under the click: a click that misses is tried again while the button is there.
  while ((await more.count()) > 0) await more.click({ timeout: 2_000 }).catch(() => undefined);
  return tiles(page);
}
const en = catalog('en');

describe('the card list', () => {
  it('filters by country, bank and type, keeps the filters in the address, and clears them', async () => {
    const { context, page, complaints } = await visitor();
    await page.goto('/cardplus/s');
    await expect.poll(() => count(page).innerText(), eventually).toBe(`${data.cards.length} cards`);
    // The page arrives with the first screen of cards; the rest are drawn on the way down.
    expect(await tiles(page).count()).toBeLessThan(data.cards.length);
    expect(await (await allTiles(page)).count()).toBe(data.cards.length);

    await segment(page, 'filter-country', 'US cards');
    const us = filterCards(data.cards, { country: 'US' }, data.currencies, data.rates.perUsd);
    await expect.poll(() => count(page).innerText(), eventually).toBe(`${us.length} cards`);

    await page.getByTestId('show-more-filters').click();
    await page.getByRole('combobox', { name: 'Bank', exact: true }).click();
    await page.getByRole('option', { name: 'Chase' }).click();
    await page.keyboard.press('Escape');
    await page
      .locator('[aria-labelledby="filter-type"]')
      .getByText('Business', { exact: true })
      .click();
    const chaseBusiness = filterCards(
      data.cards,
      { country: 'US', bank: ['chase'], type: ['business'] },
      data.currencies,
      data.rates.perUsd,
    );
    expect(chaseBusiness.length).toBeGreaterThan(1);
    await expect
      .poll(
        () =>
          tiles(page).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-card'))),
        eventually,
      )
      .toEqual(chaseBusiness.map((card) => card.id));
    expect(new URL(page.url()).searchParams.get('bank')).toBe('chase');
    expect(new URL(page.url()).searchParams.get('type')).toBe('business');

    // The address alone brings the same list back.
    await page.reload();
    await expect.poll(() => tiles(page).count(), eventually).toBe(chaseBusiness.length);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => count(page).innerText(), eventually).toBe(`${data.cards.length} cards`);
    expect(await (await allTiles(page)).count()).toBe(data.cards.length);
    expect(complaints).toEqual([]);
    await context.close();
  });

  it('leaves out ignored banks and keeps a visitor’s preferences on the device', async () => {
    const { context, page } = await visitor();
    await page.goto('/cardplus/s?country=US');
    await page.getByText('Your card preferences').click();
    await page.getByRole('combobox', { name: 'Banks to ignore' }).click();
    await page.getByRole('option', { name: 'American Express' }).click();
    await page.keyboard.press('Escape');
    const amex = data.cards.filter((card) => card.country === 'US' && card.bank === 'amex').length;
    await expect
      .poll(() => count(page).innerText(), eventually)
      .toContain(`${amex} hidden by your ignored banks`);
    expect(
      await page
        .locator('[data-testid="card-tile"]', { hasText: 'American Express' })
        .filter({ has: page.getByText('American Express', { exact: true }) })
        .count(),
    ).toBe(0);
    await page.reload();
    await expect
      .poll(() => count(page).innerText(), eventually)
      .toContain(`${amex} hidden by your ignored banks`);
    expect(await (await allTiles(page)).count()).toBe(
      data.cards.filter((card) => card.country === 'US').length - amex,
    );
    await context.close();
  });
});

describe('comparison', () => {
  it('puts two to four cards side by side, and a card can be taken out', async () => {
    const { context, page, complaints } = await visitor();
    await page.goto('/cardplus/s?country=TW');
    const picked = filterCards(
      data.cards,
      { country: 'TW' },
      data.currencies,
      data.rates.perUsd,
    ).slice(0, 4);
    for (const card of picked)
      await page
        .locator(`[data-card="${card.id}"]`)
        .getByRole('checkbox', { name: 'Compare' })
        .check({ force: true });
    await expect
      .poll(() => page.locator('[data-testid="compare-tray"]').innerText(), eventually)
      .toContain('4 of 4 cards picked to compare');
    // A fifth cannot be picked.
    const fifth = filterCards(
      data.cards,
      { country: 'TW' },
      data.currencies,
      data.rates.perUsd,
    )[4]!;
    expect(
      await page
        .locator(`[data-card="${fifth.id}"]`)
        .getByRole('checkbox', { name: 'Compare' })
        .isDisabled(),
    ).toBe(true);

    await page.getByRole('link', { name: 'Compare side by side' }).click();
    await page.locator('[data-testid="compare-table"]').waitFor();
    const headers = () =>
      page
        .locator('[data-testid="compare-table"] thead th[data-card]')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-card')));
    expect(await headers()).toEqual(picked.map((card) => card.id));
    const fee = page.locator('[data-testid="compare-table"] tbody tr', { hasText: 'Annual fee' });
    expect(await fee.locator('td').count()).toBe(4);
    // The lowest fee is marked as the best of its row (unless all four are the same).
    const fees = picked.map((card) => card.annualFee);
    const marked = await fee.locator('td[data-best]').count();
    if (new Set(fees).size > 1)
      expect(marked).toBe(fees.filter((value) => value === Math.min(...fees)).length);
    else expect(marked).toBe(0);
    // Each card's points or miles link to their guide.
    const earns = page
      .locator('[data-testid="compare-table"] tbody tr', { hasText: 'Earns' })
      .locator('td a');
    for (const href of await earns.evaluateAll((links) =>
      links.map((link) => link.getAttribute('href')),
    ))
      expect(href).toMatch(/^\/(rewardslib|hotelslib|cardplus\/redeem#)/);

    await page
      .getByRole('button', { name: `Remove ${picked[0]!.name.en} from the comparison` })
      .click();
    await expect.poll(headers, eventually).toEqual(picked.slice(1).map((card) => card.id));
    expect(new URL(page.url()).searchParams.get('cards')).toBe(
      picked
        .slice(1)
        .map((card) => card.id)
        .join(','),
    );
    expect(complaints).toEqual([]);
    await context.close();
  });
});

describe('a card', () => {
  it('shows its offer, the history of its welcome bonus as a chart and a table, and its transfer partners', async () => {
    const { context, page, complaints } = await visitor('zh-Hant', PHONE);
    const card = data.cards.find((candidate) => candidate.id === 'chase-sapphire-preferred')!;
    await page.goto(`/cardplus/c/${card.id}`);
    await expect
      .poll(() => page.locator('main h1').innerText(), eventually)
      .toBe(card.name['zh-Hant']);
    expect(await page.locator('[data-testid="bonus-point"]').count()).toBe(
      card.bonusHistory.length,
    );
    expect(await page.locator('[data-testid="bonus-history"] tbody tr').count()).toBe(
      card.bonusHistory.length,
    );
    expect(
      await page.locator('[data-testid="bonus-history"] tbody tr').first().innerText(),
    ).toContain(card.bonusHistory.at(-1)!.date);
    expect(await page.locator('[data-testid="partners-table"]').innerText()).toContain(
      data.currencies.get('united-mileageplus')!.name['zh-Hant'],
    );
    expect(await page.title()).toBe(`${card.name['zh-Hant']} | TripPlus`);
    const missing = await context.newPage();
    await missing.goto('/cardplus/c/no-such-card');
    await expect
      .poll(() => missing.locator('main h1').innerText(), eventually)
      .toBe(catalog('zh-Hant')('detail.missingTitle'));
    expect(complaints).toEqual([]);
    await context.close();
  });
});

describe('the card finder', () => {
  it('ranks cards by the same arithmetic, shows the sum, and asks for spend first', async () => {
    const { context, page, complaints } = await visitor();
    await page.goto('/cardplus/finder');
    await page.getByRole('button', { name: 'Find my cards' }).click();
    await expect
      .poll(() => page.getByRole('alert').innerText(), eventually)
      .toBe(en('finder.needSpend'));
    await page.locator('[data-testid="spend-dining"]').fill('600');
    await page.locator('[data-testid="spend-groceries"]').fill('500');
    await page.locator('[data-testid="spend-other"]').fill('1200');
    await page.getByRole('button', { name: 'Find my cards' }).click();
    await page.locator('[data-testid="finder-card"]').first().waitFor();

    const spend = { dining: 600, groceries: 500, other: 1200 };
    // The cards as they stand on the day the server sees: offers past their last day are gone.
    const today = dayOf(new Date());
    const worth = (card: (typeof data.cards)[number]) => {
      const currency = data.currencies.get(card.earns);
      return {
        cash: card.earns === 'cash',
        cents: currency ? currencyOn(currency, today).cents : 1,
      };
    };
    const personalUs = data.cards
      .filter((card) => card.country === 'US' && !card.business)
      .map((card) => cardOn(card, today));
    const expected = rankCards(
      personalUs,
      spend,
      'USD',
      worth,
      { perUsd: data.rates.perUsd },
      'first-year',
    ).slice(0, 10);
    const shown = await page
      .locator('[data-testid="finder-card"]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-card')));
    expect(shown).toEqual(expected.map((value) => value.cardId));
    // A visitor who set no preference is not told theirs apply; the ranking says what it counts.
    expect(await page.locator('[data-testid="finder-preferences-applied"]').count()).toBe(0);
    expect(await page.locator('[data-testid="finder-order-explained"]').innerText()).toBe(
      catalog('en')('finder.firstYearExplain'),
    );
    expect(await page.locator('[data-testid="finder-value"]').first().innerText()).toBe(
      formatMoney(expected[0]!.firstYear, 'USD', 'en', { wholeWithoutCents: true }),
    );

    await page.locator('[data-testid="finder-card"]').first().getByRole('button').first().click();
    const sum = await page.locator('[data-testid="finder-sum"]').first().innerText();
    expect(sum).toContain('Dining');
    expect(sum).toContain(
      `First year ${formatMoney(expected[0]!.firstYear, 'USD', 'en', { wholeWithoutCents: true })}`,
    );

    await page
      .locator('[data-testid="finder-results"] label', { hasText: 'Every year after' })
      .click();
    expect(await page.locator('[data-testid="finder-order-explained"]').innerText()).toBe(
      catalog('en')('finder.ongoingExplain'),
    );
    const ongoing = rankCards(
      personalUs,
      spend,
      'USD',
      worth,
      { perUsd: data.rates.perUsd },
      'ongoing',
    ).slice(0, 10);
    await expect
      .poll(
        () =>
          page
            .locator('[data-testid="finder-card"]')
            .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-card'))),
        eventually,
      )
      .toEqual(ongoing.map((value) => value.cardId));
    expect(complaints).toEqual([]);
    await context.close();
  });
});

describe('the wallet', () => {
  it(`says so at ${LIMITS.wallet.maxCards} cards and ${LIMITS.wallet.maxProgrammes} programmes, in the member's language`, async () => {
    const context = await newContext(browser, {
      language: 'zh-Hant',
      viewport: DESKTOP,
      baseUrl: server.baseUrl,
    });
    const { email } = await signInNewMember(context, { baseUrl: server.baseUrl });
    const [member] = await server.app.database.db
      .select()
      .from(members)
      .where(eq(members.email, email));
    const db = server.app.database.db;
    const held = data.cards.slice(0, LIMITS.wallet.maxCards - 1);
    await db.insert(walletCards).values(
      held.map((card, index) => ({
        memberId: member!.id,
        cardId: card.id,
        addedAt: new Date(Date.now() - (100 - index) * 1000),
      })),
    );
    const programmes = ['chase-ur', 'amex-mr', 'united-mileageplus', 'asia-miles', 'eva-infinity'];
    await db.insert(walletBalances).values(
      programmes.map((programme, index) => ({
        memberId: member!.id,
        programme,
        balance: 10_000 * (index + 1),
        addedAt: new Date(Date.now() - (100 - index) * 1000),
      })),
    );

    const page = await context.newPage();
    const complaints = watchPage(page).list;
    const strings = catalog('zh-Hant');
    await page.goto('/profilepage/points');
    await expect
      .poll(() => page.locator('[data-testid="wallet-cards-count"]').innerText(), eventually)
      .toBe(strings('wallet.count', { count: 9, max: 10 }));

    const last = data.cards.find((card) => card.country === 'TW')!;
    await page
      .getByRole('combobox', { name: strings('wallet.addCardLabel'), exact: true })
      .fill(last.name['zh-Hant'].slice(0, 8));
    await page
      .getByRole('option', { name: new RegExp(last.name['zh-Hant'].slice(0, 8)) })
      .first()
      .click();
    await page.getByLabel(strings('wallet.sinceLabel'), { exact: true }).fill('2024-13');
    await page.getByRole('button', { name: strings('wallet.addCard') }).click();
    await expect
      .poll(() => page.getByText(strings('wallet.sinceFormat')).count(), eventually)
      .toBe(1);
    await page.getByLabel(strings('wallet.sinceLabel'), { exact: true }).fill('2024-05');
    await page.getByRole('button', { name: strings('wallet.addCard') }).click();
    await expect
      .poll(() => page.locator('[data-testid="wallet-cards-full"]').innerText(), eventually)
      .toBe(strings('wallet.cardsFull', { max: 10 }));
    expect(await page.getByRole('button', { name: strings('wallet.addCard') }).count()).toBe(0);
    expect(
      await db.select().from(walletCards).where(eq(walletCards.memberId, member!.id)),
    ).toHaveLength(LIMITS.wallet.maxCards);

    await page
      .getByRole('combobox', { name: strings('wallet.programmeLabel'), exact: true })
      .click();
    await page
      .getByRole('option', { name: data.currencies.get('ba-avios')!.name['zh-Hant'] })
      .click();
    await page.getByLabel(strings('wallet.balanceLabel'), { exact: true }).fill('42000');
    await page.getByRole('button', { name: strings('wallet.saveBalance') }).click();
    await expect
      .poll(() => page.locator('[data-testid="wallet-programmes-full"]').innerText(), eventually)
      .toBe(strings('wallet.programmesFull', { max: 6 }));
    const stored = await db
      .select()
      .from(walletBalances)
      .where(eq(walletBalances.memberId, member!.id));
    expect(stored.find((row) => row.programme === 'ba-avios')?.balance).toBe(42_000);
    // At the limit only the programmes kept can be picked, to change their balance.
    await page
      .getByRole('combobox', { name: strings('wallet.programmeLabel'), exact: true })
      .click();
    expect(await page.getByRole('option').count()).toBe(LIMITS.wallet.maxProgrammes);

    // Other pages use the wallet: a card held says so, with the balance of what it earns.
    const first = held[0]!;
    await page.goto(`/cardplus/c/${first.id}`);
    await expect.poll(() => page.getByText(strings('wallet.youHold')).count(), eventually).toBe(1);
    const balance = stored.find((row) => row.programme === first.earns)?.balance;
    if (balance !== undefined)
      expect(await page.locator('[data-testid="held-balance"]').innerText()).toContain(
        new Intl.NumberFormat('zh-TW').format(balance),
      );
    expect(complaints).toEqual([]);
    await context.close();
  });
});

describe('the collections', () => {
  it('lists the cards by goal on /collections/cc, each list stating its rule, and /collections leads to them (zh-Hant)', async () => {
    const { context, page, complaints } = await visitor('zh-Hant', PHONE);
    const zh = catalog('zh-Hant');
    await page.goto('/collections');
    await page.getByTestId('collections').waitFor();
    expect(await page.getByTestId('collection-liked').innerText()).toContain(
      zh('collection.likedCount_other', { count: 0 }),
    );
    await page.getByTestId('collection-airline-miles').click();
    await page.waitForURL('**/collections/cc#airline-miles');
    for (const goal of CARD_GOALS) {
      const section = page.locator(`[data-testid="card-goal"][data-goal="${goal}"]`);
      const expected = cardsForGoal(data.cards, goal).map((card) => card.id);
      expect(expected.length).toBeGreaterThan(0);
      expect(await section.innerText()).toContain(zh(`collection.goals.${goal}.rule`));
      expect(
        await section
          .locator('[data-testid="collection-card"]')
          .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-card'))),
      ).toEqual(expected);
    }
    expect(complaints).toEqual([]);
    await context.close();
  });
});
