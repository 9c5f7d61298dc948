import { readFileSync } from 'node:fs';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { DESKTOP, PHONE, launchBrowser, newContext } from './browser.ts';
import { askEngineForDays, choosePlace, recordProgress } from './award-helpers.ts';
import { signInNewMember } from './fixtures.ts';
import type { Browser } from 'playwright-core';

/**
 * Award search from end to end: a member signs in, searches TPE → LAX over three days in business,
 * sees the streamed progress, then results with redeem options, the cash comparison and the
 * calendar, in each language and on a phone and a desktop; the quota counts down. The three days are
 * asked of the engine (the first of them with seats), not counted from today.
 */

type Catalog = Record<string, Record<string, string>>;
const awards = (language: string): Catalog =>
  JSON.parse(readFileSync(`locales/${language}/awards.json`, 'utf8'));

/** What each language types into the place fields: its own way of writing the cities. */
const TYPED: Record<string, { origin: string; destination: string }> = {
  en: { origin: 'taipei', destination: 'los angeles' },
  'zh-Hant': { origin: '台北', destination: '洛杉磯' },
  'zh-Hans': { origin: '台北', destination: '洛杉矶' },
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

// Each language with its own way of typing the cities, each layout, and both layouts in Traditional
// Chinese (the most readers, and fares converted to NT$): four runs instead of all six pairs, as
// nothing on the page depends on the language and the layout together.
const RUNS = [
  { language: 'en', device: 'desktop', viewport: DESKTOP },
  { language: 'zh-Hant', device: 'desktop', viewport: DESKTOP },
  { language: 'zh-Hant', device: 'phone', viewport: PHONE },
  { language: 'zh-Hans', device: 'phone', viewport: PHONE },
] as const;

describe('award search, TPE → LAX over three days in business', () => {
  it.each(RUNS)(
    '$language on a $device: streamed progress, results with redeem options and cash, the calendar, the quota counting down',
    async ({ language, device, viewport }) => {
      const t = awards(language);
      const context: BrowserContext = await newContext(browser, {
        language,
        viewport,
        baseUrl: inject('baseUrl'),
      });
      try {
        // A reader in Taiwan who picked NT$: fares and fees kept in US dollars are shown converted.
        if (language === 'zh-Hant')
          await context.addCookies([{ name: 'currency', value: 'TWD', url: inject('baseUrl') }]);
        const { dates } = await askEngineForDays(
          browser,
          inject('baseUrl'),
          { origin: 'TPE', destination: 'LAX', cabin: 'business', stops: 1 },
          ({ dates, found }) => (found.get(dates[0]!) ?? 0) > 0,
        );
        const [firstDay, , lastDay] = dates as [string, string, string];
        await signInNewMember(context);
        const page = await context.newPage();
        await recordProgress(page);
        await page.goto('/awardplus');
        const panel = page.locator('[data-testid="search-panel"]');
        await panel.waitFor();
        expect(await panel.getByRole('heading', { level: 2 }).innerText()).toBe(t.panel?.title);
        await expect
          .poll(() => page.locator('[data-testid="quota-left"]').innerText())
          .toContain('15');

        await choosePlace(page, 'origin', TYPED[language]!.origin, 'TPE');
        await choosePlace(page, 'destination', TYPED[language]!.destination, 'LAX');
        await page.locator('[data-testid="search-date-mode"] label').nth(1).click();
        await page.locator('[data-testid="search-start"]').fill(firstDay);
        await page.locator('[data-testid="search-end"]').fill(lastDay);
        await page.screenshot({
          path: `e2e/screenshots/award-panel-${language}-${device}.png`,
          fullPage: true,
        });

        await page.locator('[data-testid="search-submit"]').click();
        await page.waitForURL(/\/awardplus\/redemption\/s\/result\?id=/);

        const results = page.locator('[data-testid="results"]');
        await results.waitFor({ timeout: 60_000 });
        // Streamed progress: the page heard each alliance scanned and answered, then done, and showed it.
        const { phases, sse } = await page.evaluate(() => {
          const record = window as unknown as { phases: string[]; sse: string[] };
          return { phases: record.phases, sse: record.sse };
        });
        for (const alliance of ['star', 'oneworld', 'skyteam']) {
          expect(sse).toContain(`scanning {"type":"scanning","alliance":"${alliance}"}`);
          expect(
            sse.some((event) =>
              event.startsWith(`alliance-done {"type":"alliance-done","alliance":"${alliance}"`),
            ),
          ).toBe(true);
        }
        expect(sse.at(-1)).toBe('done {"type":"done","status":"done"}');
        expect(phases).toEqual(['searching', 'scanning', 'done']);

        expect(await page.locator('[data-testid="query-summary"]').innerText()).toContain('TPE');
        const best = page.locator('[data-testid="best-flights"] [data-testid="itinerary"]');
        expect(await best.count()).toBeGreaterThan(0);
        const first = best.first();
        expect(await first.locator('[data-testid="result-source"]').innerText()).toContain(
          t.result!.sourceSimulated!.split('·')[0]!.trim(),
        );
        expect(await first.locator('[data-testid="redeem-option"]').count()).toBeGreaterThan(0);
        expect(await first.locator('[data-testid="cash-price"]').first().innerText()).toMatch(
          language === 'zh-Hant' ? /^≈ NT\$[\d,]+$/ : /^US\$[\d,]+$/,
        );
        expect(await page.locator('[data-testid="results-converted"]').count()).toBe(
          language === 'zh-Hant' ? 1 : 0,
        );
        expect(await first.locator('[data-testid="cents-per-point"]').first().innerText()).toMatch(
          /\d+\.\d¢/,
        );

        // The redeem-option selector: choosing a programme shows only its price on every flight.
        // On a phone the filters fold behind one button, so the first flight is on the first screen.
        if (device === 'phone') {
          expect((await first.boundingBox())!.y).toBeLessThan(PHONE.height);
          await page.locator('[data-testid="result-filters-toggle"]').click();
        }
        await page.locator('[data-testid="redeem-selector"]').click();
        const option = page.getByRole('option').nth(1);
        await option.click();
        const rows = page.locator('[data-testid="itinerary"] [data-testid="redeem-option"]');
        const programmes = new Set(
          await rows.evaluateAll((nodes) =>
            nodes.map((node) => node.getAttribute('data-programme')),
          ),
        );
        expect(programmes.size).toBe(1);

        // The award calendar: beside the results on a desktop, folded above them on a phone; the searched days carry their lowest miles.
        if (device === 'phone') await page.locator('[data-testid="calendar-toggle"]').click();
        const calendar = page.locator('[data-testid="award-calendar"][data-loaded="true"]');
        await calendar.waitFor({ timeout: 60_000 });
        expect(await calendar.getAttribute('data-month')).toBe(firstDay.slice(0, 7));
        expect(
          Number(
            await calendar
              .locator(`[data-testid="calendar-day"][data-date="${firstDay}"]`)
              .getAttribute('data-miles'),
          ),
        ).toBeGreaterThan(0);
        for (const day of dates)
          expect(
            await calendar
              .locator(`[data-testid="calendar-day"][data-date="${day}"]`)
              .getAttribute('aria-pressed'),
          ).toBe('true');
        await expect
          .poll(() => page.locator('[data-testid="quota-left"]').innerText())
          .toContain('12');
        await page.screenshot({
          path: `e2e/screenshots/award-results-${language}-${device}.png`,
          fullPage: false,
        });
        await calendar.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `e2e/screenshots/award-calendar-${language}-${device}.png` });
      } finally {
        await context.close();
      }
    },
  );
});
