import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, members, storefrontOrders } from '../server/db/schema/index.ts';
import { DESKTOP, launchBrowser, newContext, watchPage } from './browser.ts';
import { catalogText, signInNewMember } from './fixtures.ts';
import { startServer } from './server.ts';
import { paidStorefrontOrder } from './storefront-orders.ts';
import { confirmedStorefront } from '../server/test/storefront.ts';

/**
 * The storefront in the browser (issue 23's "done when"): a member opens /storefront in
 * Traditional Chinese, sees the LifeMiles sale with its price per 1,000 and its history on a chart,
 * buys 10,000 miles with a sandbox card through the bank's verification page, gets the receipt,
 * sees the order go from in review to credited as the crediting job runs later, and is refused an
 * order that would pass the 150,000 annual cap with how many remain.
 */
type Server = Awaited<ReturnType<typeof startServer>>;
/** The storefront's clock: a day the LifeMiles sale of data/storefront/campaigns.json runs. */
const TODAY = new Date('2026-11-27T03:00:00Z');

let browser: Browser;
let server: Server;

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer(
    { STOREFRONT_SPOT_CHECK_RATE: 0 },
    { now: () => TODAY, storefront: confirmedStorefront() },
  );
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function member(
  language: string,
): Promise<{ context: BrowserContext; page: Page; email: string }> {
  const context = await newContext(browser, {
    language,
    viewport: DESKTOP,
    baseUrl: server.baseUrl,
  });
  const { email } = await signInNewMember(context, { baseUrl: server.baseUrl });
  await server.app.database.db.update(members).set({ language }).where(eq(members.email, email));
  return { context, page: await context.newPage(), email };
}

const cardFrame = (page: Page) => page.frameLocator('iframe[data-sandbox-pay="fields"]');

async function fillCheckout(page: Page, card: string) {
  await page.locator('[data-testid="sandbox-notice"]').waitFor();
  await page.locator('[data-testid="checkout-account-number"]').fill('1234 5678 901');
  await page.locator('[data-testid="checkout-account-name"]').fill('MEI LIN');
  await page.locator('[data-testid="checkout-holder"]').fill('MEI LIN');
  await page.locator('[data-testid="checkout-line1"]').fill('350 Fifth Avenue');
  await page.locator('[data-testid="checkout-city"]').fill('New York');
  await page.locator('[data-testid="checkout-region"]').fill('NY');
  await page.locator('[data-testid="checkout-postal"]').fill('10118');
  const frame = cardFrame(page);
  await frame.locator('#number').fill(card);
  await frame.locator('#expiry').fill('1234');
  await frame.locator('#cvc').fill('123');
}

describe('storefront', () => {
  it('sells 10,000 LifeMiles through the verification step to credited, and refuses an order past the annual cap (zh-Hant)', async () => {
    const zh = catalogText('zh-Hant', 'storefront');
    const zhPayments = catalogText('zh-Hant', 'payments');
    const sandbox = catalogText('zh-Hant', 'sandbox');
    const { context, page, email } = await member('zh-Hant');
    const complaints = watchPage(page);

    // Today's sale, with its price per 1,000 and its state.
    await page.goto('/storefront');
    const card = page.locator('[data-testid="sale-card"][data-programme="avianca-lifemiles"]');
    await card.waitFor();
    expect(await card.locator('[data-testid="price-per-1000"]').innerText()).toContain('US$15.00');
    expect(await card.locator('[data-testid="sale-state"]').innerText()).toBe(zh('state.ongoing'));

    // Its page: the price history on a chart, with the sale running now and a past one.
    await card.getByRole('link').click();
    await page.locator('[data-testid="price-history-chart"]').waitFor();
    expect(
      await page
        .locator('[data-testid="price-history-chart"] rect[data-campaign="lifemiles-2026-11"]')
        .count(),
    ).toBe(1);
    expect(
      await page.locator('[data-testid="campaign-history"] tr[data-campaign]').count(),
    ).toBeGreaterThanOrEqual(2);
    expect(await page.locator('[data-testid="chart-low"]').count()).toBe(1);
    expect(await page.locator('[data-testid="buy-summary"]').innerText()).toContain('US$330.00');

    // Buy 10,000: the checkout says the name must match and a first purchase is reviewed.
    await page.locator('[data-testid="buy-button"]').click();
    await page.locator('[data-testid="checkout-steps"]').waitFor();
    expect(await page.locator('[data-testid="checkout-name-match"]').innerText()).toBe(
      zh('checkout.nameMustMatch'),
    );
    await fillCheckout(page, '4000 0000 0000 3220');
    await page.locator('[data-testid="checkout-next"]').click();
    await page.locator('[data-testid="first-purchase-note"]').waitFor();
    expect(await page.locator('[data-testid="storefront-order-summary"]').innerText()).toContain(
      '22,000',
    );
    await page.locator('[data-testid="checkout-terms"]').check();
    await page.locator('[data-testid="checkout-pay"]').click();

    // The bank's verification page, then the order.
    await page.waitForURL(/\/sandbox-pay\/v1\/verify\//);
    await page.locator('#code').fill('123456');
    await page.getByRole('button', { name: sandbox('verify.submit') }).click();
    await page.locator('[data-testid="order-number"]').waitFor();
    expect(await page.locator('[data-testid="order-status"]').innerText()).toBe(
      zhPayments('orderStatus.in-review'),
    );
    const [order] = await server.app.database.db
      .select()
      .from(storefrontOrders)
      .where(eq(storefrontOrders.accountNumber, '12345678901'));
    expect(order).toMatchObject({
      status: 'in-review',
      quantity: 10_000,
      bonus: 12_000,
      amount: 33_000,
    });
    expect(await page.locator('[data-testid="order-number"]').innerText()).toContain(order!.number);

    // The receipt, in Traditional Chinese.
    const receipts = await server.app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'storefront-receipt'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.toAddress).toBe(email);
    expect(receipts[0]!.subject).toContain(order!.number);
    expect(receipts[0]!.textBody).toContain('US$330.00');

    // A day later the review is over and the partner posts: credited.
    const paidAt = order!.paidAt!.getTime();
    await server.app.storefrontOrders.advance(new Date(paidAt + 24 * 3_600_000));
    await server.app.storefrontOrders.advance(new Date(paidAt + 24 * 3_600_000 + 10 * 60_000));
    await page.goto('/profilepage/transaction');
    const row = page.locator(`[data-testid="storefront-order"][data-order="${order!.number}"]`);
    await row.waitFor();
    expect(await row.locator('[data-testid="order-status"]').innerText()).toBe(
      zhPayments('orderStatus.credited'),
    );

    expect(complaints.list).toEqual([]);

    // 150,000 more for the same account would pass the cap: 140,000 remain this year.
    await page.goto('/storefront/checkout?programme=avianca-lifemiles&quantity=150000');
    await fillCheckout(page, '4242 4242 4242 4242');
    await page.locator('[data-testid="checkout-next"]').click();
    // Said under the quantity, which has the focus (no popup: it is about that field).
    await page
      .getByText(zh('checkout.capReached', { remaining: '140,000', largest: '140,000' }))
      .waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('checkout-quantity');
    expect(
      await server.app.database.db
        .select()
        .from(storefrontOrders)
        .where(eq(storefrontOrders.accountNumber, '12345678901')),
    ).toHaveLength(1);
    // The refusal is the server's answer (409), and the only one.
    expect(complaints.list.every((complaint) => complaint.includes('409'))).toBe(true);
    await context.close();
  });

  it('lets staff release an order in review, and a member set a price alert that e-mails once (en)', async () => {
    const en = catalogText('en', 'storefront');
    const buyer = await member('en');
    // Placed and paid through the page's own calls, with a test card's token.
    const { order, paid } = await paidStorefrontOrder(server, buyer, {
      country: 'CA',
      line1: '1 Yonge St',
      city: 'Toronto',
      region: 'ON',
      postalCode: 'M5E 1W7',
    });
    expect(order).toMatchObject({ currency: 'CAD', status: 'quoted' });
    expect(paid).toBe('succeeded');

    // A member who is not staff is told the console is not theirs.
    await buyer.page.goto('/admin/storefront');
    await buyer.page.locator('[data-testid="staff-only"]').waitFor();

    const staff = await member('en');
    await server.app.database.db
      .update(members)
      .set({ role: 'admin' })
      .where(eq(members.email, staff.email));
    await staff.page.goto('/admin/storefront');
    const row = staff.page.locator(`[data-testid="staff-order"][data-order="${order.number}"]`);
    await row.waitFor();
    await row.locator('[data-testid="staff-release"]').click();
    await expect
      .poll(
        async () =>
          (
            await server.app.database.db
              .select()
              .from(storefrontOrders)
              .where(eq(storefrontOrders.id, order.id))
          )[0]!.status,
      )
      .toBe('crediting');

    // A price alert at US$16 per 1,000 on LifeMiles (on sale at US$15): one e-mail, however often the job runs.
    await buyer.page.goto('/storefront/buy/avianca-lifemiles');
    await buyer.page.locator('[data-testid="price-alert-target"]').fill('16');
    await buyer.page.locator('[data-testid="price-alert-save"]').click();
    await buyer.page.locator('[data-testid="price-alert-set"]').waitFor();
    expect(await buyer.page.locator('[data-testid="price-alert-set"]').innerText()).toBe(
      en('alert.watching', { price: 'US$16.00' }),
    );
    await server.app.priceAlerts.notify(TODAY);
    await server.app.priceAlerts.notify(TODAY);
    const alerts = await server.app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'storefront-price-alert'));
    expect(alerts.filter((mail) => mail.toAddress === buyer.email)).toHaveLength(1);
    await buyer.context.close();
    await staff.context.close();
  });

  it('offers resume and cancel for an order left at the bank’s page, and cancelling it frees it (en)', async () => {
    const payments = catalogText('en', 'payments');
    const buyer = await member('en');
    const { order, paid } = await paidStorefrontOrder(
      server,
      buyer,
      {
        country: 'US',
        line1: '350 Fifth Avenue',
        city: 'New York',
        region: 'NY',
        postalCode: '10118',
      },
      '4000000000003220',
    );
    expect(paid).toBe('verifying');
    // The confirmation step's link opened in another tab (which holds no draft of the checkout)
    // resumes the order where it was left: at the bank's page.
    // (Opened by the address bar, not the test's goto: the page goes on to the bank before it is
    // ever a live app page to wait for.)
    const other = await buyer.context.newPage();
    await other.evaluate(
      (address) => window.location.assign(address),
      `${server.baseUrl}/storefront/checkout/confirm?order=${order.id}`,
    );
    await other.waitForURL(/\/sandbox-pay\/v1\/verify\//);
    await other.close();
    await buyer.page.goto('/profilepage/transaction');
    const row = buyer.page.locator(
      `[data-testid="storefront-order"][data-order="${order.number}"]`,
    );
    await row.locator('[data-testid="order-resume"]').waitFor();
    expect(await row.locator('[data-testid="order-resume"]').getAttribute('href')).toContain(
      `order=${order.id}`,
    );
    await row.locator('[data-testid="order-cancel"]').click();
    await row.getByText(payments('orderStatus.payment-failed')).waitFor();
    expect(await row.locator('[data-testid="order-unfinished"]').count()).toBe(0);
  });
});

/** The CSRF header the page sends, from the context's cookie. */
