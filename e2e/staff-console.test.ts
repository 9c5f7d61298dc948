import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, storefrontOrders } from '../server/db/schema/index.ts';
import { confirmedStorefront } from '../server/test/storefront.ts';
import { choosePlace } from './award-helpers.ts';
import { DESKTOP, launchBrowser, newContext, watchPage } from './browser.ts';
import { catalogText, signInNewMember } from './fixtures.ts';
import { SMALL_INVENTORY, startServer } from './server.ts';
import { paidStorefrontOrder } from './storefront-orders.ts';

/**
 * The staff console in the browser (issue 46's "done when"): an admin edits a card's welcome offer
 * (the card page and its bonus history change at once), rests one alliance (a member's search
 * shows only the others, with the notice), releases a storefront order in review, enables a
 * closed-beta member (who can then use the live scan), and finds each change in the audit log.
 */
type Server = Awaited<ReturnType<typeof startServer>>;
/** A day the LifeMiles sale of data/storefront/campaigns.json runs: the storefront's clock. */
const TODAY = new Date('2026-11-27T03:00:00Z');
const CARD = 'chase-sapphire-preferred';
const SOURCE = 'https://creditcards.chase.com/rewards-credit-cards/sapphire/preferred';
const en = catalogText('en', 'staff');

let browser: Browser;
let server: Server;
let admin: { context: BrowserContext; page: Page; email: string; password: string };

async function member(): Promise<{
  context: BrowserContext;
  page: Page;
  email: string;
  password: string;
}> {
  const context = await newContext(browser, { viewport: DESKTOP, baseUrl: server.baseUrl });
  const { email, password } = await signInNewMember(context, { baseUrl: server.baseUrl });
  return { context, page: await context.newPage(), email, password };
}

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer(
    { ...SMALL_INVENTORY, STOREFRONT_SPOT_CHECK_RATE: 0 },
    { now: () => TODAY, storefront: confirmedStorefront() },
  );
  admin = await member();
  // As `npm run admin -- grant <email>` does (scripts/admin.test.ts runs the command itself).
  await server.app.database.db
    .update(members)
    .set({ role: 'admin' })
    .where(eq(members.email, admin.email));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the staff console', () => {
  it('refuses a member who is not staff, and shows an admin every area with the dashboard', async () => {
    const someone = await member();
    await someone.page.goto('/admin');
    await someone.page.locator('[data-testid="staff-forbidden"]').waitFor();
    await someone.context.close();

    const complaints = watchPage(admin.page);
    await admin.page.goto('/admin');
    await admin.page.locator('[data-testid="staff-dashboard"]').waitFor();
    const menu = admin.page.locator('[data-testid="staff-menu"] a');
    expect(await menu.count()).toBe(15);
    // Today's sign-ups count at least the two members of this test.
    const signUps = await admin.page
      .locator('[data-testid="metric-signUps"] [data-testid="metric-today"]')
      .innerText();
    expect(Number(signUps)).toBeGreaterThanOrEqual(2);
    expect(complaints.list).toEqual([]);
  });

  it('edits a card’s welcome offer: the card page and its bonus history change at once', async () => {
    const { page } = admin;
    await page.goto('/admin/cards');
    await page.locator('[data-testid="staff-cards-search"]').fill('sapphire preferred');
    await page.locator(`[data-testid="staff-cards-row"][data-id="${CARD}"]`).click();
    await page.waitForURL(`**/admin/cards/${CARD}`);
    const form = page.locator('[data-testid="welcome-bonus-form"]');
    await form.waitFor();
    // Without its source the form names the field, and nothing is sent.
    await page.locator('[data-testid="bonus-amount"]').fill('123456');
    await page.locator('[data-testid="bonus-save"]').click();
    await expect
      .poll(() => form.locator('[data-testid="edit-source"]').getAttribute('aria-invalid'))
      .toBe('true');
    expect(await form.innerText()).toContain(en('fieldUrl'));
    await form.locator('[data-testid="edit-source"]').fill(SOURCE);
    await page.locator('[data-testid="bonus-save"]').click();
    await page.locator('[data-testid="bonus-saved"]').waitFor();
    expect(await page.locator('[data-testid="last-change"]').innerText()).toContain(admin.email);

    await page.goto(`/cardplus/c/${CARD}`);
    expect(await page.locator('[data-testid="current-bonus"]').innerText()).toContain('123,456');
    const history = page.locator('[data-testid="bonus-history"] tbody tr');
    expect(await history.first().innerText()).toContain('123,456');
    expect(await history.first().innerText()).toContain('2026-11-27');
  });

  it('confirms a transfer bonus with its announcement', async () => {
    const { page } = admin;
    await page.goto('/admin/transfer-bonuses');
    const row = page.locator('[data-testid="staff-bonuses-row"][data-id="chase-aeroplan-2026-11"]');
    await row.locator('[data-testid="bonus-confirm"]').click();
    await page
      .locator('[data-testid="announcement-url"]')
      .fill('https://www.chase.com/personal/credit-cards/ultimate-rewards/transfer-partners');
    await page.locator('[data-testid="announcement-save"]').click();
    await expect.poll(() => row.locator('[data-testid="bonus-confirm"]').count()).toBe(0);
    const status = await row.locator('.mantine-Badge-root').textContent();
    expect(status).toBe(en('bonuses.confirmed'));
  });

  it('corrects a price of an award chart: the programme page shows it with the correction', async () => {
    const { page } = admin;
    await page.goto('/admin/award-charts');
    await page.locator('[data-testid="chart-programme"]').fill('eva-infinity');
    await page.getByRole('option', { name: 'eva-infinity' }).click();
    // EVA's first row is Taiwan → Hong Kong and Macau; its business price is 25,000.
    const cell = page.locator(
      '[data-testid="staff-chart"] tr[data-row="0"] [data-cabin="business"]',
    );
    expect(await cell.innerText()).toBe('25,000');
    await cell.click();
    await page.locator('[data-testid="chart-miles"]').fill('22500');
    await page
      .locator('[data-testid="edit-source"]')
      .fill('https://www.evaair.com/en-global/infinity-mileagelands/award-ticket/');
    await page.locator('[data-testid="chart-save"]').click();
    await expect.poll(() => cell.innerText()).toBe('22,500');

    await page.goto('/rewardslib/eva-infinity');
    expect(await page.locator('[data-testid="award-chart"]').innerText()).toContain('22,500');
    expect(await page.locator('[data-testid="chart-correction"]').innerText()).toContain('25,000');
  });

  it('adds a sale campaign, previews its sale page, and confirms it: the sale page shows it', async () => {
    const { page } = admin;
    await page.goto('/admin/campaigns');
    await page.locator('[data-testid="staff-campaigns"]').waitFor();
    await page.locator('[data-testid="campaign-add"]').click();
    await page.locator('[data-testid="campaign-programme"]').fill('EVA');
    await page.getByRole('option', { name: 'EVA Infinity MileageLands' }).click();
    await page.locator('[data-testid="campaign-start"]').fill('2026-11-25T00:00');
    await page.locator('[data-testid="campaign-end"]').fill('2026-12-10T23:59');
    // The form starts with one step: +50% from 1,000 miles, and no discount.
    await page
      .locator('[data-testid="edit-source"]')
      .fill('https://www.evaair.com/en-global/infinity-mileagelands/buy-miles/');
    await page.locator('[data-testid="campaign-preview-button"]').click();
    const preview = page.locator('[data-testid="campaign-preview"]');
    await preview.waitFor();
    expect(await preview.innerText()).toContain('50%');
    await page.locator('[data-testid="campaign-save"]').click();

    const row = page.locator('[data-testid="staff-campaigns-row"][data-id="eva-infinity-2026-11"]');
    await row.waitFor();
    expect(await row.locator('.mantine-Badge-root').textContent()).toBe(en('bonuses.unconfirmed'));
    await row.locator('[data-testid="campaign-confirm"]').click();
    await page
      .locator('[data-testid="campaign-announcement-url"]')
      .fill('https://www.evaair.com/en-global/infinity-mileagelands/buy-miles/');
    await page.locator('[data-testid="campaign-announcement-save"]').click();
    await expect.poll(() => row.locator('[data-testid="campaign-confirm"]').count()).toBe(0);

    await page.goto('/storefront/buy/eva-infinity');
    expect(await page.locator('[data-testid="campaign-offer"]').innerText()).toContain('50%');
  });

  it('rests one alliance: a member’s search shows the others, with the maintenance notice', async () => {
    const { page } = admin;
    await page.goto('/admin/settings');
    // The switch shows what the server holds: it turns once the change is stored.
    await page.locator('[data-testid="setting-alliance-star"]').click();
    await expect
      .poll(() => page.locator('[data-testid="setting-alliance-star"]').isChecked())
      .toBe(true);
    await page.locator('[data-testid="changes"] [data-testid="change"]').first().waitFor();

    const traveller = await member();
    await traveller.page.goto('/awardplus/redemption');
    await traveller.page.locator('[data-testid="search-panel"]').waitFor();
    await choosePlace(traveller.page, 'origin', 'TPE', 'TPE');
    await choosePlace(traveller.page, 'destination', 'LAX', 'LAX');
    const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await traveller.page.locator('[data-testid="search-start"]').fill(day);
    await traveller.page.locator('[data-testid="search-submit"]').click();
    const notice = traveller.page.locator('[data-testid="notice-alliance-maintenance"]');
    await notice.waitFor({ timeout: 60_000 });
    expect(await notice.innerText()).toContain('Star Alliance');
    await traveller.context.close();

    await page.locator('[data-testid="setting-alliance-star"]').click();
    await expect
      .poll(() => page.locator('[data-testid="setting-alliance-star"]').isChecked())
      .toBe(false);
  });

  it('releases a storefront order in review', async () => {
    const buyer = await member();
    const { order } = await paidStorefrontOrder(server, buyer, {
      country: 'US',
      line1: '350 Fifth Avenue',
      city: 'New York',
      region: 'NY',
      postalCode: '10118',
    });
    await buyer.context.close();

    const { page } = admin;
    await page.goto('/admin');
    await page.locator('[data-testid="staff-menu"] a[href="/admin/storefront"]').click();
    const row = page.locator(`[data-testid="staff-order"][data-order="${order.number}"]`);
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
  });

  it('enables a closed-beta member, who can then run the live scan', async () => {
    const waiting = await member();
    await waiting.page.goto('/awardplus/scraping');
    await waiting.page.locator('[data-testid="live-scan-request"]').click();
    await waiting.page.locator('[data-testid="closed-beta-pending"]').waitFor();

    const { page } = admin;
    await page.goto('/admin/members?waiting=true');
    const row = page.locator(`[data-testid="staff-members-row"]`, { hasText: waiting.email });
    await row.locator('[data-testid="live-scan-enable"]').click();
    // Enabled, the member leaves the waiting list; found by address, they show as enabled.
    await expect.poll(() => row.count()).toBe(0);
    await page.locator('[data-testid="member-find"]').fill(waiting.email);
    await page.locator('[data-testid="member-find"]').press('Enter');
    expect(await row.locator('[data-testid="live-scan-state"]').innerText()).toBe(
      en('members.enabled'),
    );

    await waiting.page.goto('/awardplus/scraping');
    await waiting.page.locator('[data-testid="search-submit"]').waitFor();
    expect(await waiting.page.locator('[data-testid="closed-beta-pending"]').count()).toBe(0);
    await waiting.context.close();
  });

  it('gives a member a role once the admin types their password again', async () => {
    const helper = await member();
    const { page } = admin;
    await page.goto(`/admin/members?email=${encodeURIComponent(helper.email)}`);
    const role = page.locator('[data-testid="member-role"]');
    await role.click();
    await page.getByRole('option', { name: en('console.roles.support') }).click();
    await page.locator('[data-testid="confirm-password"]').fill('not my password');
    await page.locator('[data-testid="confirm-password-submit"]').click();
    // A wrong password is told beside the field, and the prompt stays.
    await page.getByText(catalogText('en', 'common')('errors.WRONG_PASSWORD')).waitFor();
    await page.locator('[data-testid="confirm-password"]').fill(admin.password);
    await page.locator('[data-testid="confirm-password-submit"]').click();
    await expect
      .poll(async () => {
        const [row] = await server.app.database.db
          .select({ role: members.role })
          .from(members)
          .where(eq(members.email, helper.email));
        return row?.role;
      })
      .toBe('support');
    // Their page: one signed-in browser, which support can sign out.
    await page.locator('[data-testid="staff-members-row"] a', { hasText: helper.email }).click();
    await page.locator('[data-testid="staff-member"]').waitFor();
    await page.locator('[data-testid="member-end-sessions"]').click();
    await page.locator('[data-testid="member-no-sessions"]').waitFor();
    const signedOut = await helper.context.request.get('/api/awards/quota');
    expect(signedOut.status()).toBe(401);
    await helper.context.close();
  });

  it('shows each of these changes in the audit log, with who made it', async () => {
    const { page } = admin;
    await page.goto('/admin/audit');
    const rows = page.locator('[data-testid="staff-audit-row"]');
    await rows.first().waitFor();
    const text = await page.locator('[data-testid="staff-audit"]').innerText();
    for (const action of [
      'card.welcome-bonus',
      'storefront-campaign.confirm',
      'award-chart.price',
      'setting.change',
      'order.release',
      'member.scraping',
    ])
      expect(text).toContain(action);
    expect(text).toContain(admin.email);
    await page.locator('[data-testid="audit-subject"]').fill(`card:${CARD}`);
    await page.locator('[data-testid="audit-subject"]').press('Enter');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain('123456');
  });
});
