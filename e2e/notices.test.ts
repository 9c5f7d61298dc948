import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../server/db/schema/index.ts';
import { DESKTOP, PHONE, launchBrowser, newContext } from './browser.ts';
import { catalogText, signInNewMember } from './fixtures.ts';
import { startServer } from './server.ts';

/**
 * The bell (docs/notices.md#the-bell): a notice shows at once in every open tab of its member, and
 * reading it in one tab clears the count in the others; a visitor has no bell.
 */
type Server = Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let server: Server;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startServer()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the bell', () => {
  it('shows a new notice in two open tabs at once, and a read in one clears the other', async () => {
    const language = 'zh-Hant';
    const t = catalogText(language, 'common');
    const context = await newContext(browser, {
      baseUrl: server.baseUrl,
      language,
      viewport: PHONE,
    });
    const { email } = await signInNewMember(context, { baseUrl: server.baseUrl });
    const [member] = await server.app.database.db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.email, email));
    const tabs = [await context.newPage(), await context.newPage()];
    for (const tab of tabs) {
      await tab.goto('/');
      await tab.locator('[data-testid="notice-bell"][data-live="true"]').waitFor();
      expect(await tab.getByTestId('notice-bell').getAttribute('aria-label')).toBe(t('bell.label'));
    }

    await server.app.services.notices.create(member!.id, 'tracking-notified', {
      tracking: 'x',
      origin: 'TPE',
      destination: 'NRT',
      flights: 3,
    });
    const unread = t('bell.labelUnread_other', { count: 1 });
    for (const tab of tabs)
      await expect
        .poll(() => tab.getByTestId('notice-bell').getAttribute('aria-label'))
        .toBe(unread);

    const [first, second] = tabs as [(typeof tabs)[0], (typeof tabs)[0]];
    await first.getByTestId('notice-bell').click();
    const list = first.getByTestId('notice-list');
    await expect
      .poll(() => list.textContent())
      .toContain(t('bell.kinds.trackingNotified', { origin: 'TPE', destination: 'NRT' }));
    expect(await list.textContent()).toContain(t('bell.kinds.trackingFlights_other', { count: 3 }));
    await list.getByRole('button', { name: t('bell.markAllRead') }).click();
    await expect
      .poll(() => second.getByTestId('notice-bell').getAttribute('aria-label'))
      .toBe(t('bell.label'));
    await context.close();
  });

  it('is not shown to a visitor', async () => {
    const context = await newContext(browser, { baseUrl: server.baseUrl, viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId('open-login').waitFor();
    expect(await page.getByTestId('notice-bell').count()).toBe(0);
    await context.close();
  });
});
