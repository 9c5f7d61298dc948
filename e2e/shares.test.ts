import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, renewalOffers, sharedStores } from '../server/db/schema/index.ts';
import { PHONE, launchBrowser, newContext, watchPage } from './browser.ts';
import { catalogText, signInNewMember } from './fixtures.ts';
import { startServer } from './server.ts';
import { storeShare } from '../server/test/shares.ts';

/**
 * Shared data in the browser (issue 24's "done when"), in Traditional Chinese on a phone: a member
 * reports a renewal offer and sees the card's 12-month summary go from 'not enough reports' to its
 * figures; adds a store that takes their card through the spec's checks; is refused the same store
 * under another spelling and sent to edit it; a second member cannot change it; and
 * /static/711_stores.json serves real stores.
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

async function member(
  language: string,
): Promise<{ context: BrowserContext; page: Page; email: string; password: string }> {
  const context = await newContext(browser, { language, viewport: PHONE, baseUrl: server.baseUrl });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
  const { email, password } = await signInNewMember(context, { baseUrl: server.baseUrl });
  await server.app.database.db.update(members).set({ language }).where(eq(members.email, email));
  return { context, page: await context.newPage(), email, password };
}

/** The API as the browser calls it: with the session and the CSRF cookie and header. */
async function callAs(
  context: BrowserContext,
  method: 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
) {
  const token =
    (await context.cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const headers = { 'x-csrftoken': token, 'x-requested-with': 'XMLHttpRequest' };
  return method === 'PUT'
    ? context.request.put(path, { headers, data })
    : context.request.delete(path, { headers });
}

async function reportOffer(page: Page, amount: string) {
  await page.locator('[data-testid="renewal-new"]').click();
  const form = page.locator('[data-testid="renewal-form"]');
  await form.locator('[data-testid="renewal-spend"]').fill('30000');
  await form.locator('[data-testid="renewal-years"]').fill('2');
  await form.locator('[data-testid="renewal-amount"]').fill(amount);
  await form.locator('[data-testid="renewal-submit"]').click();
  await form.waitFor({ state: 'detached' });
}

describe('shared data', () => {
  it('reports a renewal offer and sees the summary change at 5 reports (zh-Hant, phone)', async () => {
    const zh = catalogText('zh-Hant', 'shares');
    const { context, page } = await member('zh-Hant');
    const complaints = watchPage(page);
    // Three earlier reports by other members, from the last five months (the summary reads twelve).
    await server.app.database.db.insert(renewalOffers).values(
      [20_000, 30_000, 0].map((amount, index) => ({
        cardId: 'chase-sapphire-preferred',
        inquiredOn: new Date(Date.now() - (150 - index * 30) * 86_400_000)
          .toISOString()
          .slice(0, 10),
        annualSpend: 20_000,
        heldYears: 1,
        heldMonths: 0,
        offerReceived: amount > 0,
        offerType: amount > 0 ? ('points' as const) : ('none' as const),
        offerAmount: amount > 0 ? amount : null,
      })),
    );

    await page.goto('/cardplus/card-renewal-offer');
    await page.locator('[data-testid="renewal-cards"]').waitFor();
    await page.locator('[data-testid="renewal-card"]').first().click();
    await page.waitForURL('**/cardplus/card-renewal-offer/chase-sapphire-preferred');
    expect(await page.locator('[data-testid="renewal-not-enough"]').innerText()).toBe(
      zh('renewal.summary.notEnough_other', { count: 3, needed: 5 }),
    );

    // The form says what is missing, in the member's language, before anything is sent.
    await page.locator('[data-testid="renewal-new"]').click();
    await page.locator('[data-testid="renewal-submit"]').click();
    expect(await page.locator('[data-testid="renewal-form"]').innerText()).toContain(
      zh('renewal.problems.spendInvalid'),
    );
    await page.getByRole('button', { name: zh('form.cancel') }).click();

    await reportOffer(page, '40000');
    await page
      .locator('[data-testid="renewal-not-enough"]', {
        hasText: zh('renewal.summary.notEnough_other', { count: 4, needed: 5 }),
      })
      .waitFor();
    expect(await page.locator('[data-testid="renewal-report"]').count()).toBe(4);
    // The member's own report can be edited; the others' can be reported.
    expect(await page.locator('[data-testid="renewal-edit"]').count()).toBe(1);

    await reportOffer(page, '60000');
    await page.locator('[data-testid="summary-rate"]').waitFor();
    expect(await page.locator('[data-testid="summary-rate"]').innerText()).toBe('80%');
    expect(await page.locator('[data-testid="summary-points"]').innerText()).toBe('35,000');
    expect(await page.locator('[data-testid="summary-basis"]').innerText()).toContain('38%');

    // The share link copies, with its notice.
    await page.locator('[data-testid="copy-link"]').click();
    await page
      .locator('[data-testid="copy-link-status"]', {
        hasText: catalogText('zh-Hant', 'records')('link.copied'),
      })
      .waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${server.baseUrl}/cardplus/card-renewal-offer/chase-sapphire-preferred`,
    );
    expect(complaints.list).toEqual([]);
    await context.close();
  });

  it('adds a store through the spec’s checks, is sent to edit it when adding it again under another spelling, and a second member cannot change it (zh-Hant, phone)', async () => {
    const zh = catalogText('zh-Hant', 'shares');
    const { context, page } = await member('zh-Hant');
    const complaints = watchPage(page);
    await page.goto('/cardplus/uscard-in-tw');
    await page.locator('[data-testid="add-store"]').click();
    const form = page.locator('[data-testid="store-form"]');
    const submit = () => form.locator('[data-testid="store-submit"]').click();
    const expectMessage = async (key: string, values: Record<string, string> = {}) =>
      expect(await form.innerText()).toContain(zh(key, values));

    await submit();
    await expectMessage('stores.problems.nameMissing');
    // On a phone the name is a screen above the button: the form brings it back into view, focused.
    const name = form.locator('[data-testid="store-name"]');
    await expect
      .poll(() =>
        name.evaluate((input) => {
          const box = input.getBoundingClientRect();
          return (
            box.top >= 0 && box.bottom <= window.innerHeight && document.activeElement === input
          );
        }),
      )
      .toBe(true);
    await form.locator('[data-testid="store-name"]').fill('Costco 好市多');
    await submit();
    await expectMessage('stores.problems.paymentMissing');
    await form.getByText(zh('stores.payments.credit-card'), { exact: true }).click();
    await submit();
    await expectMessage('stores.problems.supportMissing');
    await form
      .locator('[data-testid="store-support"]')
      .getByText(zh('stores.support.support'), { exact: true })
      .click();
    await submit();
    await expectMessage('stores.problems.cardNameMissing');
    await form.locator('[data-testid="card-name"]').fill('Citi Double Cash');
    await submit();

    await page.waitForURL('**/cardplus/uscard-in-tw/costco-*');
    expect(await page.locator('[data-testid="record-name"]').innerText()).toBe('Costco 好市多');
    expect(await page.locator('[data-testid="support-badge"]').first().innerText()).toBe(
      zh('stores.support.support'),
    );
    const storeUrl = page.url();
    const [record] = await server.app.database.db
      .select()
      .from(sharedStores)
      .where(eq(sharedStores.name, 'Costco 好市多'));
    expect(record).toMatchObject({ usCardSupport: 'support', paymentMethods: ['credit-card'] });

    // The same store under another spelling: refused, with the record to edit.
    await page.goto('/cardplus/uscard-in-tw');
    await page.locator('[data-testid="add-store"]').click();
    await form.locator('[data-testid="store-name"]').fill('好市多 COSTCO');
    await form.getByText(zh('stores.payments.credit-card'), { exact: true }).click();
    await form
      .locator('[data-testid="store-support"]')
      .getByText(zh('stores.support.support'), { exact: true })
      .click();
    await form.locator('[data-testid="card-name"]').fill('Chase Freedom');
    await submit();
    await form.locator('[data-testid="store-taken-link"]').waitFor();
    await expectMessage('stores.problems.taken', { name: 'Costco 好市多' });
    await form.locator('[data-testid="store-taken-link"]').click();
    await page.waitForURL(`${storeUrl}?edit=1`);
    // The record's own edit form (the list's add-store dialog may still be leaving).
    const editForm = page.locator('[data-page="cardplusUsCardStore"] [data-testid="store-form"]');
    await editForm.waitFor();
    expect(await editForm.locator('[data-testid="store-name"]').inputValue()).toBe('Costco 好市多');
    expect(await server.app.database.db.select().from(sharedStores)).toHaveLength(1);

    // A second member sees no edit button, and the API refuses them; nothing changes.
    const second = await member('zh-Hant');
    await second.page.goto(storeUrl);
    await second.page.locator('[data-testid="add-my-card"]').waitFor();
    expect(await second.page.locator('[data-testid="edit-store"]').count()).toBe(0);
    const body = storeShare({ paymentMethods: ['cash'] });
    expect((await callAs(second.context, 'PUT', `/api/stores/${record?.id}`, body)).status()).toBe(
      403,
    );
    expect((await callAs(second.context, 'DELETE', `/api/stores/${record?.id}`)).status()).toBe(
      403,
    );
    const [after] = await server.app.database.db
      .select()
      .from(sharedStores)
      .where(eq(sharedStores.id, record?.id ?? ''));
    expect(after).toMatchObject({
      usCardSupport: 'support',
      paymentMethods: ['credit-card'],
      editCount: 0,
    });
    // The refused second spelling is the one failed request (409) the page saw.
    expect(complaints.list).toHaveLength(2);
    expect(complaints.list.every((complaint) => complaint.includes('409'))).toBe(true);
    await second.context.close();
    await context.close();
  });

  it('opens the add-store form for a member who clicks before the page knows them, and for a visitor once they log in (en, phone)', async () => {
    const loginPanel = (page: Page) =>
      page.locator('[data-testid="login-panel"]').getByRole('dialog');
    const storeForm = (page: Page) => page.locator('[data-testid="store-form"]');

    // The member's click comes while /api/me is still on its way: it waits for the answer.
    const quick = await member('en');
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    await quick.page.route('**/api/me', async (route) => {
      await held;
      await route.continue();
    });
    await quick.page.goto('/cardplus/uscard-in-tw');
    await quick.page.locator('[data-testid="add-store"]').click();
    answer();
    await storeForm(quick.page).waitFor();
    expect(await loginPanel(quick.page).count()).toBe(0);
    await quick.context.close();

    // A visitor is asked to log in first; the form opens when they have.
    const account = await member('en');
    await account.context.close();
    const context = await newContext(browser, {
      language: 'en',
      viewport: PHONE,
      baseUrl: server.baseUrl,
    });
    const page = await context.newPage();
    await page.goto('/cardplus/uscard-in-tw');
    await page.locator('[data-testid="add-store"]').click();
    await loginPanel(page).waitFor();
    expect(await storeForm(page).count()).toBe(0);
    await loginPanel(page).getByRole('tab', { name: 'Log in' }).click();
    await page.locator('[data-testid="auth-email"]').fill(account.email);
    await page.locator('[data-testid="auth-password"]').fill(account.password);
    await page.locator('[data-testid="captcha-checkbox"]').check();
    await page.locator('[data-testid="auth-submit"]').click();
    await storeForm(page).waitFor();
    await context.close();
  });

  it('shows what members write as text, never as markup, in the page and its structured data', async () => {
    const { context, page } = await member('en');
    const token =
      (await context.cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
    const hostile = '</script><script>window.pwned=1</script><img src=x onerror=alert(1)>';
    const created = await context.request.post('/api/stores', {
      headers: { 'x-csrftoken': token, 'x-requested-with': 'XMLHttpRequest' },
      data: {
        name: 'Tea <b>House</b>',
        type: 'physical',
        category: 'restaurant',
        paymentMethods: ['cash'],
        usCardSupport: 'not-support',
        cards: [
          {
            cardId: null,
            cardName: hostile.slice(0, 80),
            network: 'visa',
            entry: 'chip',
            result: 'declined',
            acquirer: '',
            note: hostile,
          },
        ],
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { store } = await created.json();
    const html = await (await context.request.get(`/cardplus/uscard-in-tw/${store.slug}`)).text();
    expect(html).not.toContain('<script>window.pwned');
    expect(html).not.toContain('<b>House</b>');
    await page.goto(`/cardplus/uscard-in-tw/${store.slug}`);
    expect(await page.locator('[data-testid="record-name"]').innerText()).toBe('Tea <b>House</b>');
    expect(await page.locator('[data-testid="store-cards"]').innerText()).toContain(
      'onerror=alert(1)',
    );
    expect(
      await page.evaluate(() => (window as unknown as { pwned?: number }).pwned),
    ).toBeUndefined();
    await context.close();
  });

  it('serves real 7-ELEVEN stores at /static/711_stores.json and lists them by city', async () => {
    const context = await newContext(browser, {
      language: 'zh-Hant',
      viewport: PHONE,
      baseUrl: server.baseUrl,
    });
    const response = await context.request.get('/static/711_stores.json');
    expect(response.status()).toBe(200);
    const file = await response.json();
    expect(file.stores.length).toBeGreaterThan(6000);
    expect(
      file.stores.every(
        (store: { lat: number; lon: number }) =>
          store.lat > 21.8 && store.lat < 26.5 && store.lon > 118 && store.lon < 122.1,
      ),
    ).toBe(true);
    const page = await context.newPage();
    const complaints = watchPage(page);
    await page.goto('/cardplus/uscard-in-tw/7-eleven?city=台北市&district=松山區');
    await page.locator('[data-testid="seven-stores"]').waitFor();
    expect(await page.locator('[data-testid="seven-stores"]').innerText()).toContain('小巨蛋');
    expect(await page.locator('[data-testid="seven-map"] circle').count()).toBeGreaterThan(10);
    // The source reads as a sentence: the project as a link and the licence's name, no commit or docs path.
    const source = await page.locator('[data-testid="seven-source"]').innerText();
    expect(source).toContain('github.com/leoshiang/get-taiwan-poi');
    expect(source).toContain('ISC');
    expect(source).not.toMatch(/[0-9a-f]{40}|docs\//);
    // Another district, chosen on the page, loads its own stores.
    await page.locator('[data-testid="seven-district"]').click();
    await page.getByRole('option', { name: /^信義區/ }).click();
    await page.waitForURL(/district=/);
    await page.locator('[data-testid="seven-stores"]', { hasText: '信義區' }).waitFor();
    expect(complaints.list).toEqual([]);
    await context.close();
  });
});
