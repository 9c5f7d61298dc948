import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../server/db/schema/index.ts';
import {
  DESKTOP,
  launchBrowser,
  newContext,
  openPage,
  seriousViolations,
  watchPage,
} from './browser.ts';
import { catalogText, mailTo, signInNewMember, uniqueEmail } from './fixtures.ts';
import { startServer } from './server.ts';
import { confirmedStorefront } from '../server/test/storefront.ts';

/**
 * The newsletter in the browser (issue 26's "done when"): a visitor subscribes to sales campaigns
 * in Traditional Chinese and confirms by the e-mail's link; staff write and schedule an issue in
 * the console; the reader's copy carries the storefront's current sale and the RFC 8058 headers;
 * one POST to the List-Unsubscribe address, with no cookie, unsubscribes, and the next issue does
 * not reach them; the preference page (the mail's signed link) subscribes them again.
 */
type Server = Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let server: Server;

beforeAll(async () => {
  browser = await launchBrowser();
  // No demo content: the banner then announces the storefront's live sale, which the issue must carry too.
  server = await startServer(
    { SEED_DEMO: false, SHARES_SAMPLE_DATA: false, NEWSLETTER_RATE_PER_MIN: 60_000 },
    { storefront: confirmedStorefront() },
  );
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const zh = catalogText('zh-Hant', 'newsletter');
const emails = catalogText('zh-Hant', 'emails');

/** Staff write an issue in the console's three tabs and schedule it for now; one sending round sends it (JOBS=off in tests). */
async function sendIssue(page: Page, subject: string): Promise<void> {
  await openPage(page, '/admin/newsletter');
  await page.locator('[data-testid="newsletter-console"]').waitFor();
  const startNew = page.getByRole('button', { name: zh('staff.startNew') });
  if ((await startNew.count()) > 0) await startNew.click();
  await page.locator('[data-testid="topic-promotions"]').uncheck();
  await page.locator('[data-testid="topic-sales"]').check();
  await page.getByLabel(zh('sections.sales')).check();
  for (const [tab, language, text] of [
    [zh('staff.languages.en'), 'en', `${subject} (en)`],
    [zh('staff.languages.zh-Hant'), 'zh-Hant', subject],
    [zh('staff.languages.zh-Hans'), 'zh-Hans', `${subject}（简）`],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await page.locator(`[data-testid="issue-subject-${language}"]`).fill(text);
    await page
      .locator(`[data-testid="issue-body-${language}"]`)
      .fill(`${text}\n\n## 本月重點\n- 哩程特價`);
  }
  await page.getByRole('tab', { name: zh('staff.languages.zh-Hant') }).click();
  await page.locator('[data-testid="issue-preview"]').click();
  await expect
    .poll(async () =>
      page.frameLocator('[data-testid="issue-preview-frame"]').locator('h1').textContent(),
    )
    .toBe(subject);
  const now = new Date(Date.now() - new Date().getTimezoneOffset() * 60_000)
    .toISOString()
    .slice(0, 16);
  await page.locator('[data-testid="issue-at"]').fill(now);
  await page.locator('[data-testid="issue-schedule"]').click();
  await page.locator('[data-testid="staff-notice"]').getByText(zh('staff.scheduled')).waitFor();
  await server.app.newsletter.sender.round(30_000);
}

describe('newsletter', () => {
  it('subscribes a visitor in Traditional Chinese, sends them the sale, unsubscribes with one click and subscribes them again', async () => {
    const email = uniqueEmail('reader');
    const reader = await newContext(browser, {
      language: 'zh-Hant',
      viewport: DESKTOP,
      baseUrl: server.baseUrl,
    });
    const page = await reader.newPage();
    const complaints = watchPage(page);

    // Subscribe: sales campaigns only, mail in Traditional Chinese, the robot check.
    await openPage(page, '/edm');
    await page.locator('[data-testid="newsletter-email"]').fill(email);
    await page.locator('[data-testid="topic-promotions"]').uncheck();
    await page.locator('[data-testid="topic-cards"]').uncheck();
    await page.locator('[data-testid="mail-language-zh-Hant"]').click();
    await page.locator('[data-testid="newsletter-subscribe"]').click();
    await page.getByText(zh('form.robotNeeded')).waitFor();
    await page.locator('[data-testid="captcha-checkbox"]').check();
    await page.locator('[data-testid="newsletter-subscribe"]').click();
    await page
      .locator('[data-testid="newsletter-sent"]')
      .getByText(zh('form.sent', { email }))
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Confirm by the e-mail's link.
    const [confirmation] = await mailTo(email, server.baseUrl);
    expect(confirmation?.subject).toBe(emails('newsletter.confirmSubject'));
    const link =
      /https?:\/\/\S+\/edm\?confirm=[A-Za-z0-9_%-]+/.exec(confirmation?.text ?? '')?.[0] ?? '';
    await openPage(page, new URL(link).pathname + new URL(link).search);
    await page.locator('[data-testid="newsletter-confirmed"]').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await expect
      .poll(() => page.locator('[data-testid="newsletter-confirmed"]').textContent())
      .toContain(zh('topics.sales'));

    // Staff write and send an issue about sales, with the storefront's live sale in it.
    const staff = await newContext(browser, {
      language: 'zh-Hant',
      viewport: DESKTOP,
      baseUrl: server.baseUrl,
    });
    const editor = await signInNewMember(staff, { baseUrl: server.baseUrl, nickname: '編輯' });
    await server.app.database.db
      .update(members)
      .set({ role: 'admin' })
      .where(eq(members.email, editor.email));
    const console = await staff.newPage();
    await sendIssue(console, '十一月哩程特價');
    expect(await seriousViolations(console)).toEqual([]);

    const newsletter = (await mailTo(email, server.baseUrl)).find(
      (message) => message.subject === '十一月哩程特價',
    );
    expect(newsletter).toBeDefined();
    const banner = (await (
      await fetch(`${server.baseUrl}/api/promotions/current?lang=zh-Hant`)
    ).json()) as { promotion: { id: string; title: string } | null };
    // The banner shows the storefront's sale when one runs, or nothing.
    expect(banner.promotion?.id ?? 'sale: none').toMatch(/^sale:/);
    expect(newsletter?.text).toContain(
      banner.promotion ? banner.promotion.title : emails('newsletter.noSales'),
    );
    expect(newsletter?.html).toContain('/storefront/');
    expect(newsletter?.text).toContain(
      emails('newsletter.reason', { topics: emails('newsletterTopics.sales') }),
    );
    expect(newsletter?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const unsubscribeUrl =
      /<(http[^>]+\/edm\/unsubscribe\?t=[^>]+)>/.exec(
        newsletter?.headers['List-Unsubscribe'] ?? '',
      )?.[1] ?? '';
    expect(unsubscribeUrl).not.toBe('');

    // Opening the address in a browser asks first; a mail client's one POST, with no cookie, unsubscribes.
    await openPage(page, new URL(unsubscribeUrl).pathname + new URL(unsubscribeUrl).search);
    await page.locator('[data-testid="newsletter-unsubscribe-ask"]').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const oneClick = await fetch(unsubscribeUrl, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.status).toBe(200);

    // The next issue does not reach them.
    await sendIssue(console, '十二月哩程特價');
    expect(
      (await mailTo(email, server.baseUrl)).some((message) => message.subject === '十二月哩程特價'),
    ).toBe(false);

    // The preference page from the mail's footer shows them unsubscribed and subscribes them again.
    const preference =
      /https?:\/\/\S+\/edm\/preference\?t=\S+/.exec(newsletter?.text ?? '')?.[0] ?? '';
    await openPage(page, new URL(preference).pathname + new URL(preference).search);
    await page
      .locator('[data-testid="newsletter-preference"][data-state="unsubscribed"]')
      .waitFor();
    await page.locator('[data-testid="newsletter-resubscribe"]').click();
    await page.locator('[data-testid="newsletter-preference"][data-state="subscribed"]').waitFor();
    await page
      .locator('[data-testid="newsletter-notice"]')
      .getByText(zh('preference.done.resubscribe'))
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(complaints.list).toEqual([]);
    await reader.close();
    await staff.close();
  });

  it('says the product’s message for a link that names no subscriber, in each language', async () => {
    for (const language of ['en', 'zh-Hant', 'zh-Hans']) {
      const context = await newContext(browser, {
        language,
        viewport: DESKTOP,
        baseUrl: server.baseUrl,
      });
      const page = await context.newPage();
      await openPage(
        page,
        '/edm/preference?t=00000000-0000-4000-8000-000000000000.newsletter.forged',
      );
      const notice = page.locator('[data-testid="newsletter-link-invalid"]');
      await notice.waitFor();
      expect(await notice.innerText()).toContain(
        catalogText(language, 'common')('errors.NEWSLETTER_LINK_INVALID'),
      );
      await context.close();
    }
  });
});
