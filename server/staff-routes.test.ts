import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrf } from './test/app.ts';
import { memberWithSession } from './test/members.ts';

/**
 * Every staff route (/api/admin/…) asks who is calling before it reads the body or the path's
 * parameters: a visitor gets 401 and a member 403 even for a body or an id that is wrong, so neither
 * learns what the route takes (docs/security.md#staff-routes).
 */
let testApp: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.ready();
});
afterAll(() => testApp.close());

function staffRoutes() {
  return testApp.app.routeTable
    .filter((route) => route.url.startsWith('/api/admin/') && route.method !== 'HEAD')
    .map((route) => ({
      method: route.method as 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: route.url.replace(/:[^/]+/g, 'not-an-id'),
    }));
}

describe('staff routes', () => {
  it('are there to check: the storefront, shared data and newsletter consoles', () => {
    const urls = staffRoutes().map((route) => route.url);
    for (const area of ['/api/admin/storefront/', '/api/admin/shares/', '/api/admin/newsletter'])
      expect(
        urls.some((url) => url.startsWith(area)),
        area,
      ).toBe(true);
  });

  it('answer a visitor 401 and a member 403 before looking at a wrong body or id', async () => {
    const member = await memberWithSession(testApp.app);
    for (const [who, cookies, status, error] of [
      ['visitor', {}, 401, 'NOT_SIGNED_IN'],
      ['member', member.cookies, 403, 'FORBIDDEN'],
    ] as const) {
      for (const route of staffRoutes()) {
        const { headers, cookies: withToken } = csrf(cookies);
        const response = await testApp.app.inject({
          ...route,
          headers: { ...headers, 'content-type': 'application/json' },
          cookies: { ...withToken, ...cookies },
          ...(route.method === 'GET' ? {} : { payload: '{"not":"the body", "at": 1' }),
        });
        expect({ who, route, status: response.statusCode, error: response.json().error }).toEqual({
          who,
          route,
          status,
          error,
        });
      }
    }
  });
});
