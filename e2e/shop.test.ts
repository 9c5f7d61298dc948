import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, shopOrders } from '../server/db/schema/index.ts';
import { DESKTOP, launchBrowser, newContext, watchPage } from './browser.ts';
import { catalogText, signInNewMember } from './fixtures.ts';
import { startServer } from './server.ts';

/**
 * The shop in the browser (issue 47's "done when"): a visitor puts a T-shirt and a Japan eSIM in
 * the cart, signs in at checkout without losing them, pays with a sandbox card through the bank's
 * verification page, sees the eSIM code at once, and follows the T-shirt as staff pack it and ship
 * it with a tracking number.
 */
type Server = Awaited<ReturnType<typeof startServer>>;
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

async function visitor(language: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, {
    language,
    viewport: DESKTOP,
    baseUrl: server.baseUrl,
  });
  await context.addCookies([
    { name: 'currency', value: 'TWD', domain: new URL(server.baseUrl).hostname, path: '/' },
  ]);
  return { context, page: await context.newPage() };
}

const panel = (page: Page) => page.locator('[data-testid="login-panel"]').getByRole('dialog');
const cardFrame = (page: Page) => page.frameLocator('iframe[data-sandbox-pay="fields"]');

describe('shop', () => {
  it('sells a T-shirt and an eSIM to a visitor who signs in at checkout, delivers the code at once and ships the shirt (zh-Hant)', async () => {
    const shop = catalogText('zh-Hant', 'shop');
    const sandbox = catalogText('zh-Hant', 'sandbox');
    // The account exists already; the visitor's browser is not signed in to it.
    const account = await signInNewMember(await newContext(browser, { baseUrl: server.baseUrl }), {
      baseUrl: server.baseUrl,
    });
    const { page } = await visitor('zh-Hant');
    const complaints = watchPage(page);

    // The T-shirt: navy, size L, from its server-rendered page.
    await page.goto('/shop/product/tripplus-tee');
    await page.locator('[data-testid="shop-product-title"]').waitFor();
    expect(await page.locator('[data-testid="shop-variant-price"]').innerText()).toContain('690');
    await page.locator('[data-testid="shop-option-size"]').click();
    await page.getByRole('option', { name: 'L', exact: true }).click();
    await page.locator('[data-testid="shop-add"]').click();
    await page.locator('[data-testid="shop-added"]').waitFor();

    // The eSIM, 10 days.
    await page.goto('/shop/product/esim-japan');
    await page.locator('[data-testid="shop-simulated-supplier"]').waitFor();
    await page.locator('[data-testid="shop-option-days"]').click();
    await page.getByRole('option', { name: '10 天' }).click();
    await page.locator('[data-testid="shop-add"]').click();
    await page.locator('[data-testid="shop-added"]').waitFor();
    expect(await page.locator('[data-testid="shop-cart-count"]').innerText()).toBe('2');

    // The cart, with shipping and Taiwan's tax shown before paying.
    await page.goto('/shop/cart');
    await page.locator('[data-testid="shop-cart"]').waitFor();
    expect(await page.locator('[data-testid="shop-cart-line"]').count()).toBe(2);
    // Until the quote for the destination arrives the total is the subtotal alone; the tax row comes with the quote.
    await page.locator('[data-testid="shop-tax"]').waitFor();
    expect(await page.locator('[data-testid="shop-total"]').innerText()).toContain('1,320');
    expect(await page.locator('[data-testid="shop-tax"]').innerText()).toContain('5%');
    await page.locator('[data-testid="shop-checkout"]').click();

    // Checkout asks the visitor to sign in; the cart is still there after.
    await panel(page).waitFor();
    await page.locator('[data-testid="auth-email"]').fill(account.email);
    await page.locator('[data-testid="auth-password"]').fill(account.password);
    await page.locator('[data-testid="captcha-checkbox"]').check();
    await page.locator('[data-testid="auth-submit"]').click();
    await panel(page).waitFor({ state: 'hidden' });
    const summary = page.locator('[data-testid="shop-summary"]');
    await summary.getByText('TripPlus 標誌 T 恤').waitFor();
    await summary.getByText('日本 eSIM').waitFor();

    // A wrong phone is named under its field, in Chinese.
    await page.locator('[data-testid="shipping-name"]').fill('林美');
    await page.locator('[data-testid="shipping-phone"]').fill('12');
    await page.locator('[data-testid="shipping-line1"]').fill('信義路五段7號');
    await page.locator('[data-testid="shipping-city"]').fill('台北市');
    await page.locator('[data-testid="shipping-postalCode"]').fill('110');
    await page.locator('[data-testid="checkout-holder"]').fill('MEI LIN');
    await page.locator('[data-testid="checkout-line1"]').fill('No. 7, Sec. 5, Xinyi Rd.');
    await page.locator('[data-testid="checkout-city"]').fill('Taipei');
    await page.locator('[data-testid="checkout-postal"]').fill('110');
    const frame = cardFrame(page);
    await frame.locator('#number').fill('4000 0000 0000 3220');
    await frame.locator('#expiry').fill('1234');
    await frame.locator('#cvc').fill('123');
    await page.locator('[data-testid="checkout-next"]').click();
    // Said under the phone field, which has the focus; no popup to close.
    await page.getByText(shop('shipping.errors.phoneFormat')).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('shipping-phone');
    await page.locator('[data-testid="shipping-phone"]').fill('0912 345 678');
    await page.locator('[data-testid="checkout-next"]').click();

    // Confirmation: the stock is held, the total is the server's.
    await page.locator('[data-testid="shop-held"]').waitFor();
    expect(await page.locator('[data-testid="shop-total"]').innerText()).toContain('1,320');
    await page.locator('[data-testid="checkout-terms"]').check();
    await page.locator('[data-testid="checkout-pay"]').click();

    // The bank's verification page, then the order with the eSIM code.
    await page.waitForURL(/\/sandbox-pay\/v1\/verify\//);
    await page.locator('#code').fill('123456');
    await page.getByRole('button', { name: sandbox('verify.submit') }).click();
    await page.locator('[data-testid="shop-order"]').waitFor();
    expect(await page.locator('[data-testid="shop-order-status"]').innerText()).toBe(
      shop('status.paid'),
    );
    const code = await page.locator('[data-testid="shop-order-code"]').innerText();
    expect(code).toMatch(/^SAMPLE-/);
    const [order] = await server.app.database.db
      .select()
      .from(shopOrders)
      .where(eq(shopOrders.status, 'paid'));
    expect(order!.totals.total).toBe(132_000);

    // Staff pack it and ship it with a tracking number.
    const staffContext = await newContext(browser, { viewport: DESKTOP, baseUrl: server.baseUrl });
    const staff = await signInNewMember(staffContext, { baseUrl: server.baseUrl });
    await server.app.database.db
      .update(members)
      .set({ role: 'support' })
      .where(eq(members.email, staff.email));
    const staffPage = await staffContext.newPage();
    await staffPage.goto('/admin/shop');
    const row = staffPage.locator(
      `[data-testid="staff-shop-order"][data-order="${order!.number}"]`,
    );
    await row.locator('[data-testid="staff-shop-pack"]').click();
    await row.locator('[data-testid="staff-shop-ship"]').click();
    await staffPage.locator('[data-testid="staff-shop-carrier"]').fill('Chunghwa Post');
    await staffPage.locator('[data-testid="staff-shop-tracking"]').fill('RR123456789TW');
    await staffPage.locator('[data-testid="staff-shop-ship-save"]').click();
    await row.locator('[data-testid="shop-order-status"][data-status="shipped"]').waitFor();

    // The buyer sees it shipped, with the tracking number, and keeps the code.
    await page.goto('/profilepage/transaction');
    const mine = page.locator(`[data-testid="shop-order"][data-order="${order!.number}"]`);
    await mine.locator('[data-testid="shop-order-status"][data-status="shipped"]').waitFor();
    expect(await mine.locator('[data-testid="shop-order-parcel"]').innerText()).toBe(
      shop('order.shippedWith', { carrier: 'Chunghwa Post', tracking: 'RR123456789TW' }),
    );
    expect(await mine.locator('[data-testid="shop-order-code"]').innerText()).toBe(code);
    expect(complaints.list).toEqual([]);
  });
});
