import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrf } from '../../test/app.ts';
import { memberWithSession } from '../../test/members.ts';
import { storeShare } from '../../test/shares.ts';
import { PageCache, changesKeptPages } from './page-cache.ts';

/**
 * Pages kept for visitors (PAGE_CACHE_S) never outlive what took them down: a renewed invitation
 * link, a record staff hid, an article taken back are gone from the very next page
 * (docs/security.md#kept-pages). Needs the built web app, as web-app.test.ts does.
 */
let testApp: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  expect(existsSync('dist/ssr/entry-server.js'), 'run `npm run build` first (npm test does)').toBe(
    true,
  );
  testApp = await createTestApp({ PAGE_CACHE_S: 600, SHARES_SAMPLE_DATA: false });
});
afterAll(() => testApp.close());

const page = (url: string) => testApp.app.inject({ url, headers: { 'accept-language': 'en' } });
const send = (
  method: 'POST' | 'PUT',
  url: string,
  cookies: Record<string, string>,
  payload: unknown = {},
) => {
  const { headers, cookies: withToken } = csrf(cookies);
  return testApp.app.inject({
    method,
    url,
    headers,
    cookies: { ...withToken, ...cookies },
    payload: payload as Record<string, unknown>,
  });
};

describe('pages kept for visitors', () => {
  it('are kept: the same page twice is rendered once', async () => {
    const before = testApp.app.pageCache.size;
    expect((await page('/faq')).statusCode).toBe(200);
    expect((await page('/faq')).statusCode).toBe(200);
    expect(testApp.app.pageCache.size).toBe(before + 1);
  });

  it('go when a group’s invitation link is renewed: the old link’s page answers 404 at once', async () => {
    const owner = await memberWithSession(testApp.app);
    const created = (
      await send('POST', '/api/groups', owner.cookies, {
        name: 'Kept pages',
        description: '',
        visibility: 'invite',
      })
    ).json().group as { id: string; slug: string; inviteToken: string };
    const invited = `/share/group/${encodeURIComponent(created.slug)}?invite=${created.inviteToken}`;
    expect((await page(invited)).statusCode).toBe(200);
    expect((await page(invited)).body).toContain('Kept pages');
    expect((await send('POST', `/api/groups/${created.id}/invite`, owner.cookies)).statusCode).toBe(
      200,
    );
    const after = await page(invited);
    expect(after.statusCode).toBe(404);
    expect(after.body).not.toContain('Kept pages');
  });

  it('go when staff hide a store: its page answers 404 at once', async () => {
    const owner = await memberWithSession(testApp.app);
    const staff = await memberWithSession(testApp.app, { role: 'admin' });
    const store = (
      await send('POST', '/api/stores', owner.cookies, storeShare({ name: 'Kept Pages Mart' }))
    ).json().store as { id: string; slug: string };
    const path = `/cardplus/uscard-in-tw/${store.slug}`;
    expect((await page(path)).body).toContain('Kept Pages Mart');
    expect((await page('/cardplus/uscard-in-tw')).body).toContain('Kept Pages Mart');
    expect(
      (
        await send('POST', `/api/admin/shares/flags/store/${store.id}`, staff.cookies, {
          hide: true,
        })
      ).statusCode,
    ).toBe(200);
    expect((await page(path)).statusCode).toBe(404);
    expect((await page('/cardplus/uscard-in-tw')).body).not.toContain('Kept Pages Mart');
  });
});

describe('the page cache', () => {
  it('does not keep a page rendered across a clear, which may show what was cleared', () => {
    const cache = new PageCache<string>({ maxEntries: 10, ttlMs: 60_000 });
    const renderedFrom = cache.generation;
    cache.clear();
    cache.set('/store', 'the page before the store was hidden', renderedFrom);
    expect(cache.get('/store')).toBeUndefined();
    cache.set('/store', 'the page after', cache.generation);
    expect(cache.get('/store')).toBe('the page after');
  });

  it('is cleared by changes to what pages show, including routes no list names, and not by a member’s own', () => {
    for (const [method, url] of [
      ['POST', '/api/stores'],
      ['POST', '/api/admin/shares/flags/:kind/:id'],
      ['POST', '/api/groups/:id/invite'],
      ['PUT', '/api/articles/:id/like'],
      ['DELETE', '/api/a-route-added-later'],
    ] as const)
      expect(changesKeptPages(method, url), `${method} ${url}`).toBe(true);
    for (const [method, url] of [
      ['GET', '/api/stores'],
      ['POST', '/api/analytics/events'],
      ['POST', '/api/awards/searches'],
      ['PUT', '/api/wallet/balances/:programme'],
      ['POST', '/api/auth/login'],
    ] as const)
      expect(changesKeptPages(method, url), `${method} ${url}`).toBe(false);
  });
});
