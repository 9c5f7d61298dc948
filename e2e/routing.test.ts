import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openPage } from './browser.ts';
import { pageText, signInNewMember, useFreshPagePerTest } from './fixtures.ts';

const visit = useFreshPagePerTest({ failOnComplaints: true });

const pathOf = (p: Page) => new URL(p.url()).pathname + new URL(p.url()).search;

// Tests that only look at pages visit them one after another in the same tab: a fresh browser
// context costs a cold load of every script, some 1.5 s a page on the CI machine.
describe('redirects to the landing page', () => {
  it('sends /no/such/page, /awardplus/nothing-here and /lifemiles home', async () => {
    for (const path of ['/no/such/page', '/awardplus/nothing-here', '/lifemiles']) {
      await openPage(visit.page, path);
      expect(pathOf(visit.page), path).toBe('/');
      expect(await visit.page.locator('main h1').innerText(), path).toBe(
        pageText('en', 'home', 'heroTitle'),
      );
    }
  });
});

describe('frame rules', () => {
  const header = () => visit.page.locator('[data-testid="site-header"]');

  const HIDDEN = [
    '/profilepage',
    '/profilepage/account',
    '/storefront/checkout',
    '/storefront/checkout/payment',
    '/enterprise/checkout/confirm',
    '/shop/checkout',
  ];
  it(`hides the site header on ${HIDDEN.join(', ')}`, async () => {
    for (const path of HIDDEN) {
      await openPage(visit.page, path);
      expect(await header().count(), path).toBe(0);
      expect(await visit.page.locator('[data-testid="campaign-banner"]').count(), path).toBe(0);
    }
  });

  const SHOWN = [
    '/',
    '/cardplus',
    '/storefront',
    '/shop',
    '/enterprise',
    '/awardplus/scraping/alert',
  ];
  it(`shows the site header on ${SHOWN.join(', ')}`, async () => {
    for (const path of SHOWN) {
      await openPage(visit.page, path);
      expect(await header().isVisible(), path).toBe(true);
    }
  });

  it('gives checkout pages a slim bar with a way back to their area', async () => {
    // The enterprise checkout is for members: a visitor would get the login panel over the bar.
    await signInNewMember(visit.context);
    await openPage(visit.page, '/enterprise/checkout/payment');
    const bar = visit.page.locator('[data-testid="checkout-bar"]');
    expect(await bar.innerText()).toContain('Secure checkout');
    await bar.getByRole('link', { name: 'Leave checkout' }).click();
    await visit.page.waitForURL('**/enterprise');
  });

  const FOOTERS = [
    ['/profilepage/points', 'none'],
    ['/asktripplus', 'none'],
    ['/storefront/tos', 'storefront'],
    ['/storefront/avios/tutorial/', 'storefront'],
    ['/faq/', 'main'],
    ['/cardplus/finder', 'main'],
  ] as const;
  it(`uses the footer of its kind on ${FOOTERS.map(([path, kind]) => `${path} (${kind})`).join(', ')}`, async () => {
    for (const [path, kind] of FOOTERS) {
      await openPage(visit.page, path);
      expect(await visit.page.locator('[data-testid="site-footer"]').count(), path).toBe(
        kind === 'main' ? 1 : 0,
      );
      expect(await visit.page.locator('[data-testid="storefront-footer"]').count(), path).toBe(
        kind === 'storefront' ? 1 : 0,
      );
    }
  });

  it('paints the banner with the page, without a request of its own that would shift the header', async () => {
    const calls: string[] = [];
    visit.page.on('request', (request) => {
      if (request.url().includes('/api/promotions/')) calls.push(request.url());
    });
    await visit.page.goto('/');
    await visit.page.locator('[data-testid="campaign-banner"]').waitFor();
    await visit.page.waitForLoadState('networkidle');
    expect(calls).toEqual([]);
  });

  it('shows the storefront footer with its crediting note', async () => {
    await openPage(visit.page, '/storefront/home');
    expect(await visit.page.locator('[data-testid="storefront-footer"]').innerText()).toContain(
      '24 hours or more',
    );
  });

  const BANNERS = [
    ['/', true],
    ['/cardplus/compare', true],
    ['/rewardslib', true],
    ['/storefront', false],
    ['/storefront/event', false],
    ['/asktripplus', false],
  ] as const;
  it(`shows the campaign banner on ${BANNERS.filter(([, shown]) => shown)
    .map(([path]) => path)
    .join(', ')} and not on ${BANNERS.filter(([, shown]) => !shown)
    .map(([path]) => path)
    .join(', ')}`, async () => {
    for (const [path, shown] of BANNERS) {
      await openPage(visit.page, path);
      const banner = visit.page.locator('[data-testid="campaign-banner"]');
      if (shown) {
        await banner.waitFor({ state: 'visible' });
        expect(await banner.innerText(), path).toContain('Never miss a released award seat');
      } else {
        // Give a banner that should not exist every chance to appear.
        await visit.page.waitForLoadState('networkidle');
        expect(await banner.count(), path).toBe(0);
      }
    }
  });

  it('shows the banner in the visitor language and lets it be dismissed for the visit', async () => {
    await visit.context.addCookies([{ name: 'lang', value: 'zh-Hans', url: inject('baseUrl') }]);
    await openPage(visit.page, '/');
    const banner = visit.page.locator('[data-testid="campaign-banner"]');
    await banner.waitFor();
    expect(await banner.innerText()).toContain('不再错过');
    await banner.getByRole('button').click();
    expect(await banner.count()).toBe(0);
    await openPage(visit.page, '/cardplus');
    await visit.page.waitForLoadState('networkidle');
    expect(await banner.count()).toBe(0);
  });
});

describe('the card-tools variant', () => {
  it('serves the card tools when the host name contains the card domain', async () => {
    await openPage(visit.page, `http://cardplus.localhost:${inject('port')}/`);
    expect(await visit.page.locator('[data-testid="site-header"]').innerText()).toContain(
      'TripPlus CardPlus',
    );
    expect(await visit.page.locator('main h1').innerText()).toBe(
      pageText('en', 'cardplus', 'title'),
    );
    expect(await visit.page.locator('header nav').first().innerText()).toContain('Card finder');
    // Not a page that only describes itself: every tool, one step away.
    const tools = visit.page.locator('[data-testid="card-host-tools"] a');
    expect(await tools.count()).toBeGreaterThanOrEqual(6);
    expect(await tools.first().innerText()).toContain(pageText('en', 'cardplusSearch', 'title'));
  });

  it('serves the main site on other host names', async () => {
    await openPage(visit.page, `http://localhost:${inject('port')}/`);
    expect(await visit.page.locator('[data-testid="site-header"]').innerText()).not.toContain(
      'CardPlus',
    );
    expect(await visit.page.locator('main h1').innerText()).toBe(
      pageText('en', 'home', 'heroTitle'),
    );
  });
});

describe('the profile back link', () => {
  it('returns to the last page outside the profile area, even after moving inside it', async () => {
    await signInNewMember(visit.context);
    await openPage(visit.page, '/cardplus/finder');
    await visit.page.goto('/profilepage/account');
    const back = visit.page.locator('[data-testid="profile-back"]');
    await back.waitFor();
    // The server cannot know this tab's history: the link points back once the page runs in the browser.
    await expect.poll(() => back.getAttribute('href')).toBe('/cardplus/finder');
    await visit.page
      .locator('[data-testid="profile-bar"]')
      .getByRole('link', { name: 'Transactions' })
      .click();
    await visit.page.waitForURL('**/profilepage/transaction');
    expect(await back.getAttribute('href')).toBe('/cardplus/finder');
    await back.click();
    await visit.page.waitForURL('**/cardplus/finder');
    const heading = visit.page.locator('main h1', {
      hasText: pageText('en', 'cardplusFinder', 'title'),
    });
    await heading.waitFor();
    expect(await heading.innerText()).toBe(pageText('en', 'cardplusFinder', 'title'));
  });

  it('goes home when the profile was opened first', async () => {
    await signInNewMember(visit.context);
    await visit.page.goto('/profilepage');
    const back = visit.page.locator('[data-testid="profile-back"]');
    await back.waitFor();
    expect(await back.getAttribute('href')).toBe('/');
  });
});

describe('?lang= forces the language', () => {
  it.each([
    ['zh-hant', 'zh-Hant'],
    ['zh-hans', 'zh-Hans'],
    ['ja', 'ja'],
    ['en', 'en'],
  ])('?lang=%s reloads the page in %s without the parameter', async (query, language) => {
    await visit.page.goto(`/tos?lang=${query}`);
    await visit.page.waitForURL((url) => !url.search.includes('lang='));
    await visit.page.locator('main h1').waitFor();
    expect(pathOf(visit.page)).toBe('/tos');
    expect(await visit.page.locator('html').getAttribute('lang')).toBe(language);
    expect(await visit.page.locator('main h1').innerText()).toBe(
      pageText(language, 'tos', 'title'),
    );
    const cookies = await visit.context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'lang')?.value).toBe(language);

    // The choice sticks on the next visit.
    await openPage(visit.page, '/faq');
    expect(await visit.page.locator('main h1').innerText()).toBe(
      pageText(language, 'faq', 'title'),
    );
  });

  it('ignores an unknown language but still drops the parameter', async () => {
    await visit.page.goto('/faq?lang=klingon&ref=mail');
    await visit.page.waitForURL((url) => !url.search.includes('lang='));
    await visit.page.locator('main h1').waitFor();
    expect(pathOf(visit.page)).toBe('/faq?ref=mail');
    expect(await visit.page.locator('main h1').innerText()).toBe(pageText('en', 'faq', 'title'));
  });
});
