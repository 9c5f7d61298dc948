import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../server/db/schema/index.ts';
import { endSponsorshipMonth } from '../server/test/sponsorships.ts';
import { DESKTOP, PHONE, launchBrowser, newContext, watchPage } from './browser.ts';
import { catalogText, signInNewMember } from './fixtures.ts';
import { startServer } from './server.ts';

/**
 * Sponsorship in the browser, through the sandbox card processor's own frame and bank
 * page: every test card's outcome, the checkout's validation, the verification step, the larger
 * allowances at once, the transaction and its receipt, cancel, and the allowances after the month.
 */
type Server = Awaited<ReturnType<typeof startServer>>;
const strings = (language: string) => catalogText(language, 'payments');

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

async function member(
  language: string,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page; id: string }> {
  const context = await newContext(browser, { language, viewport, baseUrl: server.baseUrl });
  const { email } = await signInNewMember(context, { baseUrl: server.baseUrl });
  const [row] = await server.app.database.db
    .update(members)
    .set({ language })
    .where(eq(members.email, email))
    .returning({ id: members.id });
  const page = await context.newPage();
  return { context, page, id: row!.id };
}

const popup = (page: Page) => page.locator('[data-testid="message-popup"]').getByRole('dialog');
const cardFrame = (page: Page) => page.frameLocator('iframe[data-sandbox-pay="fields"]');

async function fillDetails(page: Page, options: { number: string; company?: string }) {
  await page.locator('[data-testid="sandbox-notice"]').waitFor();
  await page.locator('[data-testid="checkout-holder"]').fill('MEI LIN');
  if (options.company !== undefined)
    await page.locator('[data-testid="checkout-company"]').fill(options.company);
  // The members here pay in US dollars, so the address starts in the United States (not Taiwan).
  await page.locator('[data-testid="checkout-line1"]').fill('350 Fifth Avenue');
  await page.locator('[data-testid="checkout-city"]').fill('New York');
  await page.locator('[data-testid="checkout-region"]').fill('NY');
  await page.locator('[data-testid="checkout-postal"]').fill('10118');
  const frame = cardFrame(page);
  await frame.locator('#number').fill(options.number);
  await frame.locator('#expiry').fill('1234');
  await frame.locator('#cvc').fill(options.number.startsWith('37') ? '1234' : '123');
}

/** The details step through to the confirmation step, and "pay" with the terms agreed. */
async function payWith(page: Page, number: string, plan = 'sponsor') {
  await page.goto(`/support-tripplus/checkout?plan=${plan}`);
  await fillDetails(page, { number });
  await page.locator('[data-testid="checkout-next"]').click();
  await page.locator('[data-testid="checkout-pay"]').waitFor();
  await page.locator('[data-testid="checkout-terms"]').check();
  await page.locator('[data-testid="checkout-pay"]').click();
}

async function allowances(page: Page) {
  const quota = await (await page.request.get('/api/awards/quota')).json();
  const tracking = await (await page.request.get('/api/trackings')).json();
  return { daysPerSearch: quota.daysPerSearch, trackingDays: tracking.allowance.days };
}

describe('sponsorship', () => {
  it('passes the card verification step, gives the larger allowances at once, lists the payment, and after a cancel keeps them to the end of the month only (en)', async () => {
    const en = strings('en');
    const { context, page, id } = await member('en');
    const complaints = watchPage(page);
    expect(await allowances(page)).toEqual({ daysPerSearch: 3, trackingDays: 2 });

    await page.goto('/support-tripplus');
    await page.locator('[data-testid="plan-sponsor-more"]').waitFor();
    expect(await page.locator('[data-testid="plan-sponsor-more"]').innerText()).toContain('$9.99');
    await page.locator('[data-testid="sponsor-sponsor-more"]').click();
    await page.locator('[data-testid="checkout-steps"]').waitFor();

    // Nothing filled in: each field says what is missing, and the card is "incomplete".
    await page.locator('[data-testid="sandbox-notice"]').waitFor();
    await page.locator('[data-testid="checkout-name"]').fill('');
    await page.locator('[data-testid="checkout-next"]').click();
    // No popup: every field says what is wrong under itself, and the first has the focus.
    await page.getByText(en('fieldErrors.card')).waitFor();
    expect(await popup(page).count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('checkout-name');
    await expect.poll(() => page.getByText(en('fieldErrors.name')).count()).toBe(1);
    expect(await page.getByText(en('fieldErrors.holderName')).count()).toBe(1);
    await page.locator('[data-testid="checkout-name"]').fill('Mei Lin');

    await fillDetails(page, { number: '4000 0000 0000 3220' });
    await page.locator('[data-testid="checkout-next"]').click();
    await page.locator('[data-testid="checkout-pay"]').waitFor();
    expect(await page.locator('[data-testid="confirm-card"]').innerText()).toContain('3220');
    // Terms must be agreed before paying (docs/product/storefront.md#checkout).
    await page.locator('[data-testid="checkout-pay"]').click();
    await page.getByText(en('fieldErrors.terms')).first().waitFor();
    await page.locator('[data-testid="checkout-terms"]').check();
    await page.locator('[data-testid="checkout-pay"]').click();

    // The bank's page: a wrong code is refused, the right one returns to the checkout.
    await page.waitForURL(/\/sandbox-pay\/v1\/verify\//);
    expect(await page.locator('[data-testid="verify-amount"]').innerText()).toBe('US$9.99');
    await page.locator('#code').fill('111111');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('2 tries left').waitFor();
    await page.locator('#code').fill('123456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.locator('[data-testid="payment-complete"]').waitFor();
    expect(page.url()).toContain('/support-tripplus/checkout/complete?payment=');
    expect(await allowances(page)).toEqual({ daysPerSearch: 15, trackingDays: 15 });

    await page.goto('/profilepage/transaction');
    await page.locator('[data-testid="transaction"]').first().waitFor();
    expect(await page.locator('[data-testid="transaction"]').count()).toBe(1);
    const row = (await page.locator('[data-testid="transaction"]').textContent()) ?? '';
    expect(row).toContain('$9.99');
    expect(row).toContain(en('status.succeeded'));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('[data-testid="transaction-receipt"]').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^TP-\d{8}-\d{6}\.html$/);

    await page.goto('/profilepage/sponsorship');
    await page.locator('[data-testid="sponsorship-cancel"]').click();
    await popup(page).waitFor();
    await popup(page)
      .getByRole('button', { name: en('manage.cancelConfirm') })
      .click();
    await page.locator('[data-testid="cancelling-notice"]').waitFor();
    expect(await page.locator('[data-testid="sponsorship-status"]').textContent()).toBe(
      en('manage.state.cancelling'),
    );
    expect(await allowances(page)).toEqual({ daysPerSearch: 15, trackingDays: 15 });

    await endSponsorshipMonth(server.app, id);
    expect(await allowances(page)).toEqual({ daysPerSearch: 3, trackingDays: 2 });
    await server.app.sponsorships.renewDue(new Date());
    await page.reload();
    await page.locator('[data-testid="not-sponsoring"]').waitFor();
    expect(complaints.list).toEqual([]);
    await context.close();
  });

  it('pays at once with a card that succeeds, on a phone (zh-Hant)', async () => {
    const zh = strings('zh-Hant');
    const { context, page } = await member('zh-Hant', PHONE);
    await payWith(page, '4242424242424242');
    await page.locator('[data-testid="payment-complete"]').waitFor();
    expect(await page.locator('[data-testid="payment-complete"]').innerText()).toContain(
      zh('complete.title'),
    );
    expect(await allowances(page)).toEqual({ daysPerSearch: 15, trackingDays: 5 });
    await context.close();
  });

  it('says why a declined card and a card without funds did not pay, and gives nothing (zh-Hans)', async () => {
    const zh = strings('zh-Hans');
    const { context, page } = await member('zh-Hans');
    for (const [number, failure] of [
      ['4000000000000002', 'declined'],
      ['4000000000009995', 'insufficient-funds'],
    ] as const) {
      await payWith(page, number);
      await popup(page).waitFor();
      expect(await popup(page).innerText()).toContain(zh(`failures.${failure}`));
      await popup(page).getByRole('button').click();
      await page.locator('[data-testid="checkout-next"]').waitFor();
    }
    expect(await allowances(page)).toEqual({ daysPerSearch: 3, trackingDays: 2 });
    // The details are kept for the next try; only the card must be entered again.
    expect(await page.locator('[data-testid="checkout-holder"]').inputValue()).toBe('MEI LIN');
    await context.close();
  });

  it('refuses a card that is not a test card in the card frame, and runs the business checkout with the company on the receipt (en)', async () => {
    const { context, page } = await member('en');
    await page.goto('/enterprise');
    await page.locator('[data-testid="enterprise-start"]').click();
    await page.locator('[data-testid="checkout-steps"]').waitFor();
    await fillDetails(page, { number: '4111111111111111', company: 'Formosa Travel Ltd.' });
    await page.locator('[data-testid="checkout-next"]').click();
    await cardFrame(page).getByText('only the test card numbers work').waitFor();
    // Said in the card's frame, which the form shows: no popup to close.
    expect(await popup(page).count()).toBe(0);
    await cardFrame(page).locator('#number').fill('5555555555554444');
    await page.locator('[data-testid="checkout-next"]').click();
    await page.locator('[data-testid="checkout-terms"]').check();
    await page.locator('[data-testid="checkout-pay"]').click();
    await page.locator('[data-testid="payment-complete"]').waitFor();
    const href = await page.locator('[data-testid="receipt-download"]').getAttribute('href');
    const receipt = await (await page.request.get(href!)).text();
    expect(receipt).toContain('Formosa Travel Ltd.');
    expect(receipt).toContain('MASTERCARD');
    expect(await allowances(page)).toEqual({ daysPerSearch: 15, trackingDays: 15 });
    await context.close();
  });
});
