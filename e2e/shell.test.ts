import { describe, expect, inject, it } from 'vitest';
import { PHONE, newContext, openPage, seriousViolations } from './browser.ts';
import { pageText, useFreshPagePerTest } from './fixtures.ts';
import { SMALL_INVENTORY, startServer } from './server.ts';

const visit = useFreshPagePerTest({ failOnComplaints: false });

async function openPicker() {
  await visit.page.locator('[data-testid="locale-picker-button"]').first().click();
  await visit.page.locator('[data-testid="locale-picker"]').getByRole('dialog').waitFor();
}

describe('the language and currency picker', () => {
  it('changes the currency: server told, processing loader, home page after 1.5 s', async () => {
    await openPage(visit.page, '/faq');
    await openPicker();
    expect(await seriousViolations(visit.page)).toEqual([]);
    await visit.page.locator('[data-testid="currency-select"]').selectOption('TWD');
    const saved = visit.page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/preferences/currency') && response.status() === 200,
    );
    const started = Date.now();
    await visit.page.locator('[data-testid="locale-picker-save"]').click();
    await saved;
    await visit.page.getByRole('status').filter({ hasText: 'Processing…' }).waitFor();
    await visit.page.waitForURL((url) => url.pathname === '/');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect(await visit.page.locator('[data-testid="locale-picker-button"]').innerText()).toContain(
      'TWD',
    );
    expect(
      (await visit.context.cookies()).find((cookie) => cookie.name === 'currency')?.value,
    ).toBe('TWD');
    expect(visit.complaints.list).toEqual([]);
  });

  it('changes the language: server told, then the page reloads in that language', async () => {
    await openPage(visit.page, '/aboutus');
    await openPicker();
    await visit.page.getByRole('radio', { name: '繁體中文' }).check();
    await visit.page.locator('[data-testid="locale-picker-save"]').click();
    await visit.page
      .locator('main h1', { hasText: pageText('zh-Hant', 'aboutUs', 'title') })
      .waitFor();
    expect(new URL(visit.page.url()).pathname).toBe('/aboutus');
    expect(await visit.page.locator('html').getAttribute('lang')).toBe('zh-Hant');
    expect(await visit.page.locator('[data-testid="locale-picker-button"]').innerText()).toContain(
      '繁體中文',
    );
    expect(visit.complaints.list).toEqual([]);
  });

  it('shows the generic error when the currency cannot be saved, and stays put', async () => {
    await visit.page.route('**/api/preferences/currency', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"ok":false,"code":-99,"error":"INTERNAL","message":"x"}',
      }),
    );
    await openPage(visit.page, '/faq');
    await openPicker();
    await visit.page.locator('[data-testid="currency-select"]').selectOption('HKD');
    await visit.page.locator('[data-testid="locale-picker-save"]').click();
    const popup = visit.page
      .getByRole('dialog')
      .filter({ hasText: 'There is something wrong, please try it later.' });
    await popup.waitFor();
    await popup.getByRole('button', { name: 'Got it' }).click();
    expect(new URL(visit.page.url()).pathname).toBe('/faq');
    expect(await visit.page.locator('[data-testid="locale-picker-button"]').innerText()).toContain(
      'USD',
    );
  });

  it('tells a failed language change with the generic message, then reloads without the language parameter', async () => {
    await visit.page.route('**/api/preferences/language', (route) => route.abort());
    await openPage(visit.page, '/cardplus');
    await openPicker();
    await visit.page.getByRole('radio', { name: '简体中文' }).check();
    await visit.page.locator('[data-testid="locale-picker-save"]').click();
    const popup = visit.page
      .getByRole('dialog')
      .filter({ hasText: 'There is something wrong, please try it later.' });
    await popup.waitFor();
    const reloaded = visit.page.waitForEvent('load');
    await popup.getByRole('button', { name: 'Got it' }).click();
    await reloaded;
    await visit.page.locator('main h1').waitFor();
    expect(new URL(visit.page.url()).pathname).toBe('/cardplus');
    expect(await visit.page.locator('html').getAttribute('lang')).toBe('en');
  });
});

describe('a page chunk that cannot be loaded', () => {
  it('shows the chunk-load error screen, and retry brings the page', async () => {
    await openPage(visit.page, '/');
    await visit.page.route('**/assets/legal-*.js', (route) => route.abort());
    await visit.page
      .locator('[data-testid="site-footer"]')
      .getByRole('link', { name: 'Terms of service' })
      .click();
    const screen = visit.page.locator('[data-testid="chunk-error"]');
    await screen.waitFor();
    expect(await screen.innerText()).toContain('Part of the site could not be downloaded');
    // The header stays, so the visitor can go elsewhere.
    expect(await visit.page.locator('[data-testid="site-header"]').count()).toBe(1);
    await visit.page.unroute('**/assets/legal-*.js');
    await screen.getByRole('button', { name: 'Try again' }).click();
    await visit.page.locator('main h1', { hasText: pageText('en', 'tos', 'title') }).waitFor();
    expect(await screen.count()).toBe(0);
  });
});

describe('the landing-page visit event', () => {
  it('fires one second after the landing page opens', async () => {
    const opened = Date.now();
    const event = visit.page.waitForRequest(
      (request) => request.url().endsWith('/api/analytics/events') && request.method() === 'POST',
    );
    await visit.page.goto('/');
    const request = await event;
    expect(Date.now() - opened).toBeGreaterThanOrEqual(1000);
    expect(request.postDataJSON()).toEqual({ name: 'landing_visit', path: '/' });
    expect(request.headers()['x-csrftoken']).toBeTruthy();
  });

  it('does not fire on other pages', async () => {
    const events: string[] = [];
    visit.page.on('request', (request) => {
      if (request.url().endsWith('/api/analytics/events'))
        events.push((request.postDataJSON() as { path: string }).path);
    });
    await openPage(visit.page, '/faq');
    // Then to the landing page, whose event (sent a second after it opens) proves the timer runs:
    // only the landing page's event has been sent.
    const landing = visit.page.waitForRequest((request) =>
      request.url().endsWith('/api/analytics/events'),
    );
    await visit.page.locator('[data-testid="site-header"] a[href="/"]').first().click();
    await landing;
    expect(events).toEqual(['/']);
  });
});

describe('keyboard use', () => {
  it('offers a visible skip link first, which moves focus to the content', async () => {
    await openPage(visit.page, '/cardplus');
    await visit.page.keyboard.press('Tab');
    const skip = visit.page.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    const box = await skip.boundingBox();
    expect(box && box.y >= 0).toBe(true);
    await visit.page.keyboard.press('Enter');
    expect(await visit.page.evaluate(() => document.activeElement?.id)).toBe('main');
  });

  it('shows where focus is on every link and button of the header', async () => {
    await openPage(visit.page, '/');
    const seen: string[] = [];
    for (let step = 0; step < 12; step += 1) {
      await visit.page.keyboard.press('Tab');
      const focus = await visit.page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return null;
        const style = getComputedStyle(element);
        return {
          text: element.innerText.trim().slice(0, 30),
          outline: style.outlineStyle !== 'none' && style.outlineWidth !== '0px',
          shadow: style.boxShadow !== 'none',
        };
      });
      if (!focus) continue;
      seen.push(focus.text);
      expect({ element: focus.text, visible: focus.outline || focus.shadow }).toEqual({
        element: focus.text,
        visible: true,
      });
    }
    expect(seen).toContain('Award search');
  });

  it('keeps the header’s links on one line at 1,280 and 1,440 px in every language', async () => {
    for (const lang of ['en', 'zh-hant', 'zh-hans', 'ja']) {
      for (const width of [1280, 1440]) {
        const context = await newContext(visit.browser, {
          baseUrl: inject('baseUrl'),
          viewport: { width, height: 700 },
        });
        const page = await context.newPage();
        await openPage(page, `/?lang=${lang}`);
        const links = page.locator('[data-testid="site-header"] nav a');
        const tops = await links.evaluateAll((anchors) =>
          anchors.map((anchor) => Math.round(anchor.getBoundingClientRect().top)),
        );
        expect({ lang, width, rows: new Set(tops).size }).toEqual({ lang, width, rows: 1 });
        await context.close();
      }
    }
  });

  it('opens and closes the phone menu from the keyboard', async () => {
    const phone = await newContext(visit.browser, { baseUrl: inject('baseUrl'), viewport: PHONE });
    const small = await phone.newPage();
    await openPage(small, '/');
    const burger = small.getByRole('button', { name: 'Open menu' });
    // English has the header's longest labels: every control stays on a 390 px and a 360 px screen.
    const header = small.locator('[data-testid="site-header"]');
    for (const width of [PHONE.width, 360]) {
      await small.setViewportSize({ width, height: PHONE.height });
      for (const control of [
        header.getByRole('link').first(),
        small.locator('[data-testid="locale-picker-button"]'),
        small.locator('[data-testid="open-login"]'),
        burger,
      ]) {
        const box = await control.boundingBox();
        const name = `${await control.innerText()} at ${width} px`;
        expect({
          control: name,
          inside: Math.round((box?.x ?? 0) + (box?.width ?? 0)) <= width,
        }).toEqual({ control: name, inside: true });
      }
      expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
    }
    expect(await small.locator('[data-testid="locale-picker-button"]').innerText()).toContain(
      'EN · USD',
    );
    expect(
      await small.getByRole('button', { name: 'EN · USD Change language and currency' }).count(),
    ).toBe(1);
    expect(await small.locator('[data-testid="open-login"]').innerText()).toBe('Log in');
    await burger.focus();
    await small.keyboard.press('Enter');
    const drawer = small.getByRole('dialog');
    await drawer.getByRole('link', { name: 'Credit cards' }).waitFor();
    // One way to close it: the drawer's own button, not a second X in the header behind it.
    expect(
      await small.getByRole('button', { name: 'Close menu', includeHidden: true }).count(),
    ).toBe(1);
    await small.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await phone.close();
  });
});

describe('maintenance', () => {
  it('shows the maintenance notice on every page while the setting is on', async () => {
    // A small simulated inventory: the award page's samples would otherwise wait for the whole
    // inventory to be built for this server alone (half a minute on a busy machine).
    const server = await startServer({ MAINTENANCE: true, ...SMALL_INVENTORY });
    const own = await newContext(visit.browser, { baseUrl: server.baseUrl });
    try {
      const visitor = await own.newPage();
      for (const path of ['/', '/awardplus', '/profilepage/account']) {
        await visitor.goto(path);
        const notice = visitor.locator('[data-testid="maintenance-notice"]');
        await notice.waitFor();
        expect(await notice.innerText()).toContain('Maintaining, please come back later.');
      }
    } finally {
      await own.close();
      await server.stop();
    }
  });
});
