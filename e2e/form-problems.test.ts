import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../server/db/schema/index.ts';
import { storeShare } from '../server/test/shares.ts';
import { PHONE, launchBrowser, newContext, watchPage } from './browser.ts';
import { catalogText, signInNewMember } from './fixtures.ts';
import { startServer } from './server.ts';

/**
 * A refused form shows where the eye is (docs/product/messages.md#forms), on a 390 × 844 phone in
 * Traditional Chinese: each form below is sent empty, and with a taken name where it has one, and
 * the message must be on the screen with the focus in its field, with no popup in the way.
 */
type Server = Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let server: Server;

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer({ SHARES_SAMPLE_DATA: false });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const common = catalogText('zh-Hant', 'common');
const shares = catalogText('zh-Hant', 'shares');
const payments = catalogText('zh-Hant', 'payments');

async function visitor(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, {
    language: 'zh-Hant',
    viewport: PHONE,
    baseUrl: server.baseUrl,
  });
  return { context, page: await context.newPage() };
}

async function member(): Promise<{ context: BrowserContext; page: Page; email: string }> {
  const { context, page } = await visitor();
  const { email } = await signInNewMember(context, { baseUrl: server.baseUrl });
  await server.app.database.db
    .update(members)
    .set({ language: 'zh-Hant' })
    .where(eq(members.email, email));
  return { context, page, email };
}

/** The field has the focus, and the message (the first element that says it) is wholly on the screen. */
async function expectShown(page: Page, field: Locator, message: string) {
  await expect
    .poll(() => field.evaluate((element) => element === document.activeElement), {
      timeout: 5_000,
    })
    .toBe(true);
  const shown = page.getByText(message).first();
  await shown.waitFor();
  const box = await shown.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { top: Math.round(rect.top), bottom: Math.round(rect.bottom), height: innerHeight };
  });
  expect(box.top).toBeGreaterThanOrEqual(0);
  expect(box.bottom).toBeLessThanOrEqual(box.height);
  expect(await page.locator('[data-testid="message-popup"]').getByRole('dialog').count()).toBe(0);
}

describe('a refused form on a phone (zh-Hant, 390 × 844)', () => {
  it('sign-up: empty, then an address already registered', async () => {
    const { page } = await visitor();
    const taken = await signInNewMember(await newContext(browser, { baseUrl: server.baseUrl }), {
      baseUrl: server.baseUrl,
    });
    const complaints = watchPage(page);
    await page.goto('/');
    await page.locator('[data-testid="open-login"]').click();
    const panel = page.locator('[data-testid="login-panel"]').getByRole('dialog');
    await panel.getByRole('tab', { name: common('auth.signup') }).click();
    const submit = page.locator('[data-testid="auth-submit"]');
    await submit.click();
    await expectShown(
      page,
      page.locator('[data-testid="auth-nickname"]'),
      common('errors.INVALID_NAME'),
    );
    // Every problem is marked at once, each under its own field.
    for (const key of ['errors.INVALID_EMAIL', 'errors.CAPTCHA_REQUIRED'])
      expect(await panel.getByText(common(key, { min: 8 })).count()).toBe(1);

    await page.locator('[data-testid="auth-nickname"]').fill('小美');
    await page.locator('[data-testid="auth-email"]').fill(taken.email);
    await page.locator('[data-testid="auth-password"]').fill('a long password');
    await page.locator('[data-testid="captcha-checkbox"]').check();
    // The focus leaves the form, as a member scrolling down to the button leaves it.
    await submit.focus();
    await submit.click();
    await expectShown(
      page,
      page.locator('[data-testid="auth-email"]'),
      common('errors.EMAIL_TAKEN'),
    );
    expect(complaints.list.every((complaint) => /409|400/.test(complaint))).toBe(true);
  });

  it('add a store: empty, then a name already registered', async () => {
    const owner = await member();
    const created = await owner.context.request.post('/api/stores', {
      headers: {
        'x-csrftoken':
          (await owner.context.cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ??
          '',
        'x-requested-with': 'XMLHttpRequest',
      },
      data: storeShare({ name: '全聯福利中心 測試店' }),
    });
    expect(created.ok()).toBe(true);

    const { page } = await member();
    await page.goto('/cardplus/uscard-in-tw');
    await page.locator('[data-testid="add-store"]').click();
    const form = page.locator('[data-testid="store-form"]');
    const name = form.locator('[data-testid="store-name"]');
    const submit = form.locator('[data-testid="store-submit"]');
    await submit.click();
    await expectShown(page, name, shares('stores.problems.nameMissing'));

    await name.fill('全聯福利中心 測試店');
    await form.getByText(shares('stores.payments.credit-card'), { exact: true }).click();
    await form
      .locator('[data-testid="store-support"]')
      .getByText(shares('stores.support.support'), { exact: true })
      .click();
    await form.locator('[data-testid="card-name"]').fill('Chase Freedom');
    await submit.click();
    await expectShown(page, name, shares('stores.problems.taken', { name: '全聯福利中心 測試店' }));
    await form.locator('[data-testid="store-taken-link"]').waitFor();
  });

  it('report a renewal offer: empty', async () => {
    const { page } = await member();
    // The overview's 'report' leads to the card's page with #report, which opens the form.
    await page.goto('/cardplus/card-renewal-offer/chase-sapphire-preferred#report');
    const form = page.locator('[data-testid="renewal-form"]');
    await form.waitFor();
    await form.locator('[data-testid="renewal-submit"]').click();
    await expectShown(
      page,
      form.locator('[data-testid="renewal-spend"]'),
      shares('renewal.problems.spendInvalid'),
    );
  });

  it('checkout: empty', async () => {
    const { page } = await member();
    await page.goto('/support-tripplus');
    await page.locator('[data-testid="sponsor-sponsor-more"]').click();
    await page.locator('[data-testid="sandbox-notice"]').waitFor();
    // The member's name fills itself in; emptied, nothing the form needs is there.
    await page.locator('[data-testid="checkout-name"]').fill('');
    await page.locator('[data-testid="checkout-next"]').click();
    await expectShown(
      page,
      page.locator('[data-testid="checkout-name"]'),
      payments('fieldErrors.name'),
    );
    // The rest is marked too, the card in its frame included.
    expect(await page.getByText(payments('fieldErrors.holderName')).count()).toBe(1);
    expect(await page.getByText(payments('fieldErrors.card')).count()).toBe(1);
  });
});
