import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrf } from '../test/app.ts';

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let testApp: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.ready();
});
afterAll(() => testApp.close());

/** Every state-changing route the app registered, with path parameters filled in. */
function mutationRoutes() {
  return testApp.app.routeTable
    .filter((route) => MUTATIONS.has(route.method) && route.csrf)
    .map((route) => ({ method: route.method as 'POST', url: route.url.replace(/:[^/]+/g, 'x').replace('*', 'x') }));
}

describe('CSRF double-submit on every mutation', () => {
  it('has mutation routes to check', () => {
    expect(mutationRoutes().length).toBeGreaterThanOrEqual(3);
  });

  it('exempts only what is proven otherwise: the signed stop link of tracking e-mails, signed payment webhooks, and the card processor\'s own key- and ticket-checked pages', () => {
    const exempt = testApp.app.routeTable.filter((route) => MUTATIONS.has(route.method) && !route.csrf).map((route) => `${route.method} ${route.url}`);
    expect(exempt.sort()).toEqual(['POST /api/payments/webhooks/:provider', 'POST /api/trackings/stop', 'POST /sandbox-pay/v1/tokens', 'POST /sandbox-pay/v1/verify/:charge']);
  });

  it('refuses every mutation that lacks the token', async () => {
    for (const route of mutationRoutes()) {
      const response = await testApp.app.inject({ ...route, payload: {} });
      expect({ route, status: response.statusCode, error: response.json().error }).toEqual({ route, status: 403, error: 'CSRF_FAILED' });
    }
  });

  it('refuses every mutation whose header does not match the cookie', async () => {
    for (const route of mutationRoutes()) {
      const response = await testApp.app.inject({
        ...route,
        payload: {},
        headers: { 'x-csrftoken': 'one-token' },
        cookies: { csrftoken: 'another-token' },
      });
      expect({ route, status: response.statusCode }).toEqual({ route, status: 403 });
    }
  });

  it('refuses a header without the cookie, and a cross-site request even with both', async () => {
    for (const route of mutationRoutes()) {
      const headerOnly = await testApp.app.inject({ ...route, payload: {}, headers: { 'x-csrftoken': 'same' } });
      expect(headerOnly.statusCode).toBe(403);
      const crossSite = await testApp.app.inject({
        ...route,
        payload: {},
        headers: { ...csrf().headers, 'sec-fetch-site': 'cross-site' },
        cookies: csrf().cookies,
      });
      expect(crossSite.statusCode).toBe(403);
    }
  });

  it('lets a matching token through to the route', async () => {
    for (const route of mutationRoutes()) {
      const response = await testApp.app.inject({ ...route, payload: {}, ...csrf() });
      expect(response.statusCode).not.toBe(403);
    }
  });

  it('gives a first-time visitor the token cookie on a page load, readable by the app', async () => {
    const response = await testApp.app.inject('/healthz');
    const cookie = [response.headers['set-cookie']].flat().find((value) => value?.startsWith('csrftoken='));
    expect(cookie).toMatch(/^csrftoken=[A-Za-z0-9_-]{40,};/);
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('HttpOnly');
  });
});
