import { readFileSync } from 'node:fs';
import { asc, eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, members, trackings } from '../server/db/schema/index.ts';
import { isPeakDate } from '../core/awards/simulated-seats.ts';
import { choosePlace } from './award-helpers.ts';
import { DESKTOP, PHONE, launchBrowser, newContext } from './browser.ts';
import { signInNewMember } from './fixtures.ts';
import { SMALL_INVENTORY, startServer } from './server.ts';

/**
 * Award tracking in the browser, in English and Traditional Chinese: a member creates a tracking on
 * /awardplus/scraping/alert, later checks (cycles driven with the injected clock, an hour apart)
 * find seats, exactly one e-mail is written with the flights the page shows, keep-tracking writes
 * one more on the next change, and the e-mail's stop link ends it all.
 */

type Server = Awaited<ReturnType<typeof startServer>>;
const HOUR = 3_600_000;
/**
 * The tracked day: the first from 20 days ahead (then from 14, in high summer) outside the
 * simulated source's peak periods and within its 60 days, where scarce seats (4+, direct) appear
 * within the checks' few hundred hours whatever day the suite runs.
 */
const trackedDay = () => {
  const ahead = [...Array.from({ length: 36 }, (_, index) => 20 + index), 14, 15, 16, 17, 18, 19];
  const days = ahead.map((count) =>
    new Date(Date.now() + count * 86_400_000).toISOString().slice(0, 10),
  );
  return days.find((day) => !isPeakDate(day)) ?? (days[0] as string);
};
const awardStrings = (language: string) =>
  JSON.parse(readFileSync(`locales/${language}/awards.json`, 'utf8')) as {
    stops: Record<string, string>;
    trackings: { status: Record<string, string> };
  };

let browser: Browser;
let server: Server;
let clock = Date.now();

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
// Each run has its own server and check clock, starting now: the tracked date is counted from now,
// and a run after another would start with the clock moved on by days (on some days past the date
// before seats appeared), while the checks already run for an hour are not run again.
beforeEach(async () => {
  server = await startServer(SMALL_INVENTORY);
  clock = Date.now();
});
afterEach(async () => {
  await server?.stop();
});

/** Hourly check cycles until the tracking reaches `status`. */
async function cyclesUntil(id: string, status: string): Promise<void> {
  for (let cycle = 0; cycle < 300; cycle += 1) {
    await server.app.trackingChecks.runCycle(new Date((clock += HOUR)));
    const [row] = await server.app.database.db
      .select({ status: trackings.status })
      .from(trackings)
      .where(eq(trackings.id, id));
    if (row?.status === status) return;
  }
  throw new Error(`tracking ${id} never became ${status}`);
}
const mailsOf = (id: string) =>
  server.app.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.topic, `tracking:${id}`))
    .orderBy(asc(mailOutbox.id));

// A desktop in English and a phone in Traditional Chinese; the e-mail's words in every language are
// server/modules/trackings/tracking-mail.test.ts's to check.
const RUNS = [
  { language: 'en', device: 'desktop', viewport: DESKTOP },
  { language: 'zh-Hant', device: 'phone', viewport: PHONE },
] as const;

describe('award tracking', () => {
  for (const { language, device, viewport } of RUNS) {
    it(`creates a tracking, e-mails once when seats appear and once per later change, and stops from the e-mail (${language}, ${device})`, async () => {
      const strings = awardStrings(language);
      const context = await newContext(browser, { language, viewport, baseUrl: server.baseUrl });
      const { email } = await signInNewMember(context, { baseUrl: server.baseUrl });
      await server.app.database.db
        .update(members)
        .set({ language })
        .where(eq(members.email, email));
      const page = await context.newPage();

      await page.goto('/awardplus/scraping/alert');
      await page.locator('[data-testid="search-panel"]').waitFor();
      await page.locator('[data-testid="trackings-empty"]').waitFor();
      await choosePlace(page, 'origin', 'TPE', 'TPE');
      await choosePlace(page, 'destination', 'LAX', 'LAX');
      await page.locator('[data-testid="search-start"]').fill(trackedDay());
      await page.locator('[data-testid="search-seats"]').selectOption({ label: '4+' });
      await page
        .locator('[data-testid="search-stops"]')
        .selectOption({ label: strings.stops.max0 });
      expect(await page.locator('[data-testid="tracking-keep"]').isChecked()).toBe(true);
      await page.locator('[data-testid="search-submit"]').click();
      await page.locator('[data-testid="tracking-created"]').waitFor();
      const card = page.locator('[data-testid="tracking"]');
      await card.waitFor();
      expect(await card.getAttribute('data-status')).toBe('tracking');
      expect(await page.locator('[data-testid="tracking-allowance"]').innerText()).toMatch(/1/);
      const id = (await card.getAttribute('data-id')) ?? '';
      await server.app.trackings.settle();

      // Seats appear at a later check: exactly one e-mail, naming the flights the page shows.
      await cyclesUntil(id, 'notified');
      expect(await mailsOf(id)).toHaveLength(1);
      await page.reload();
      await card.waitFor();
      expect(await card.getAttribute('data-status')).toBe('notified');
      expect(await card.locator('[data-testid="tracking-status"]').textContent()).toBe(
        strings.trackings.status.notified,
      );
      await page.screenshot({
        path: `e2e/screenshots/trackings-${language}-${device}.png`,
        fullPage: true,
      });
      await card.locator('[data-testid="tracking-flights"]').click();
      await page.locator('[data-testid="tracking-detail"]').waitFor();
      const shown = await page.locator('[data-testid="itinerary"]').count();
      expect(shown).toBeGreaterThan(0);
      await page.screenshot({
        path: `e2e/screenshots/tracking-flights-${language}-${device}.png`,
        fullPage: true,
      });
      const [first] = await mailsOf(id);
      expect(first?.toAddress).toBe(email);
      expect(first?.language).toBe(language);
      const [{ preview } = { preview: [] }] = await server.app.database.db
        .select({ preview: trackings.preview })
        .from(trackings)
        .where(eq(trackings.id, id));
      expect(preview.length).toBe(shown);
      for (const flight of preview.slice(0, 5))
        expect(first?.textBody).toContain(flight.legs.map((leg) => leg.flightNumber).join(' + '));

      // Keep-tracking: one more e-mail on the next change.
      await cyclesUntil(id, 'change-notified');
      expect((await mailsOf(id)).map((mail) => mail.template)).toEqual([
        'tracking_notified',
        'tracking_change-notified',
      ]);

      // The e-mail's stop link, without a login: nothing more is checked or sent.
      const stopLink =
        /\/awardplus\/scraping\/alert\/stop\?tracking=[\w-]+&signature=[\w-]+/.exec(
          first?.textBody ?? '',
        )?.[0] ?? '';
      expect(stopLink).not.toBe('');
      const visitor = await newContext(browser, { language, viewport, baseUrl: server.baseUrl });
      const stopPage = await visitor.newPage();
      await stopPage.goto(stopLink);
      await stopPage.locator('[data-testid="tracking-stop"][data-phase="stopped"]').waitFor();
      await stopPage.screenshot({
        path: `e2e/screenshots/tracking-stop-${language}-${device}.png`,
      });
      const mailsBefore = (await mailsOf(id)).length;
      for (let cycle = 0; cycle < 10; cycle += 1)
        await server.app.trackingChecks.runCycle(new Date((clock += HOUR)));
      expect((await mailsOf(id)).length).toBe(mailsBefore);
      await page.goto('/awardplus/scraping/alert');
      await page.locator('[data-testid="trackings-empty"]').waitFor();
      await visitor.close();
      await context.close();
    });
  }
});
