import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrf } from '../test/app.ts';
import { activationCodeIn, latestMail } from '../test/mailbox.ts';
import { memberWithSession } from '../test/members.ts';

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
    .map((route) => ({
      method: route.method as 'POST',
      url: route.url.replace(/:[^/]+/g, 'x').replace('*', 'x'),
    }));
}

describe('CSRF double-submit on every mutation', () => {
  it('has mutation routes to check', () => {
    expect(mutationRoutes().length).toBeGreaterThanOrEqual(3);
  });

  it("exempts only what is proven otherwise: the signed stop link of tracking e-mails, the newsletter's signed one-click unsubscribe (RFC 8058), signed payment webhooks, the mail provider's bearer-token bounce webhook, the card processor's own key- and ticket-checked pages, and the read-only MCP server, which reads no cookie", () => {
    const exempt = testApp.app.routeTable
      .filter((route) => MUTATIONS.has(route.method) && !route.csrf)
      .map((route) => `${route.method} ${route.url}`);
    expect(exempt.sort()).toEqual([
      'POST /api/mcp',
      'POST /api/newsletter/bounces',
      'POST /api/payments/webhooks/:provider',
      'POST /api/trackings/stop',
      'POST /edm/unsubscribe',
      'POST /sandbox-pay/v1/tokens',
      'POST /sandbox-pay/v1/verify/:charge',
    ]);
  });

  it('refuses every mutation that lacks the token', async () => {
    for (const route of mutationRoutes()) {
      const response = await testApp.app.inject({ ...route, payload: {} });
      expect({ route, status: response.statusCode, error: response.json().error }).toEqual({
        route,
        status: 403,
        error: 'CSRF_FAILED',
      });
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
      const headerOnly = await testApp.app.inject({
        ...route,
        payload: {},
        headers: { 'x-csrftoken': 'same' },
      });
      expect(headerOnly.statusCode).toBe(403);
      const protection = csrf();
      const crossSite = await testApp.app.inject({
        ...route,
        payload: {},
        headers: { ...protection.headers, 'sec-fetch-site': 'cross-site' },
        cookies: protection.cookies,
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

  it('sets no cookie on files, which caches keep for a year', async () => {
    const response = await testApp.app.inject('/og-image.png');
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('gives a first-time visitor the token cookie on a page load, readable by the app', async () => {
    const response = await testApp.app.inject('/healthz');
    const cookie = [response.headers['set-cookie']]
      .flat()
      .find((value) => value?.startsWith('csrftoken='));
    expect(cookie).toMatch(/^csrftoken=[A-Za-z0-9_-]{30,}\.[A-Za-z0-9_-]{40,};/);
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('HttpOnly');
  });

  it("refuses a cookie and header pair of the attacker's choosing, and a token signed for another session", async () => {
    const member = await memberWithSession(testApp.app);
    const change = (headers: Record<string, string>, cookies: Record<string, string>) =>
      testApp.app.inject({
        method: 'PUT',
        url: '/api/me',
        payload: { name: 'Changed' },
        headers: { 'x-requested-with': 'XMLHttpRequest', ...headers },
        cookies,
      });
    // Matching, but not signed by us: what a sibling subdomain could plant.
    const planted = await change(
      { 'x-csrftoken': 'attacker.chosen' },
      { ...member.cookies, csrftoken: 'attacker.chosen' },
    );
    expect({ status: planted.statusCode, error: planted.json().error }).toEqual({
      status: 403,
      error: 'CSRF_FAILED',
    });
    // Signed by us, for the attacker's own session (or for no session): not for this member's.
    const attacker = await memberWithSession(testApp.app);
    for (const foreign of [csrf(attacker.cookies), csrf()]) {
      const token = foreign.headers['x-csrftoken'];
      expect(
        (await change({ 'x-csrftoken': token }, { ...member.cookies, csrftoken: token }))
          .statusCode,
      ).toBe(403);
    }
    // The member's own token passes.
    expect(
      (
        await testApp.app.inject({
          method: 'PUT',
          url: '/api/me',
          payload: { name: 'Changed' },
          ...csrf(member.cookies),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses a request whose Origin is another site, and takes one from this site', async () => {
    const member = await memberWithSession(testApp.app);
    const protection = csrf(member.cookies);
    const from = (origin: string) =>
      testApp.app.inject({
        method: 'PUT',
        url: '/api/me',
        payload: { name: 'Mei' },
        headers: { ...protection.headers, origin },
        cookies: protection.cookies,
      });
    for (const origin of ['https://evil.example', 'null', 'http://localhost:3000.evil.example'])
      expect((await from(origin)).statusCode, origin).toBe(403);
    expect((await from(testApp.app.config.PUBLIC_URL)).statusCode).toBe(200);
  });

  it('rotates the token at login and logout, and a login ends the session the browser had', async () => {
    const setCookie = (response: LightMyRequestResponse, name: string) =>
      response.cookies.find((cookie) => cookie.name === name)?.value;
    const before = await memberWithSession(testApp.app);
    // Sign up and activate a member who then logs in on a browser that still holds another session.
    const email = `rotate.${Date.now().toString(36)}@example.com`;
    const anonymous = csrf();
    const post = (url: string, payload: object, protection = anonymous) =>
      testApp.app.inject({ method: 'POST', url, payload, ...protection });
    expect(
      (
        await post('/api/auth/signup', {
          nickname: 'Rota',
          email,
          password: 'correct horse 1',
          captcha: 'test-ok',
        })
      ).statusCode,
    ).toBe(200);
    const code = activationCodeIn((await latestMail(testApp.app.database.db, email)).textBody);
    expect((await post('/api/auth/activate', { email, code })).statusCode).toBe(200);

    const login = await post(
      '/api/auth/login',
      { email, password: 'correct horse 1', captcha: 'test-ok' },
      csrf(before.cookies),
    );
    expect(login.statusCode).toBe(200);
    const session = setCookie(login, 'SF_SID');
    const rotated = setCookie(login, 'csrftoken');
    expect(session).toBeTruthy();
    expect(rotated).toBeTruthy();
    // The browser's earlier session is over.
    expect(
      (await testApp.app.inject({ url: '/api/me', cookies: before.cookies })).json().member,
    ).toBeNull();
    // The token the browser had (bound to the earlier session) no longer passes; the rotated one does.
    const stale = csrf(before.cookies).headers['x-csrftoken'];
    const name = (token: string) =>
      testApp.app.inject({
        method: 'PUT',
        url: '/api/me',
        payload: { name: 'Rota' },
        headers: { 'x-csrftoken': token, 'x-requested-with': 'XMLHttpRequest' },
        cookies: { SF_SID: session!, csrftoken: token },
      });
    expect((await name(stale)).statusCode).toBe(403);
    expect((await name(rotated!)).statusCode).toBe(200);

    const logout = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'x-csrftoken': rotated!, 'x-requested-with': 'XMLHttpRequest' },
      cookies: { SF_SID: session!, csrftoken: rotated! },
    });
    expect(logout.statusCode).toBe(200);
    const afterLogout = setCookie(logout, 'csrftoken');
    expect(afterLogout).toBeTruthy();
    expect(afterLogout).not.toBe(rotated);
  });
});

describe('CSRF over https', () => {
  it('names the token cookie with the __Host- prefix: Secure, path /, no domain', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://tripplus.example' });
    try {
      const response = await secure.app.inject('/healthz');
      const cookie = [response.headers['set-cookie']]
        .flat()
        .find((value) => value?.startsWith('__Host-csrftoken='));
      expect(cookie).toContain('Secure');
      expect(cookie).toContain('Path=/');
      expect(cookie).not.toContain('Domain=');
      expect(
        [response.headers['set-cookie']].flat().some((value) => value?.startsWith('csrftoken=')),
      ).toBe(false);
    } finally {
      await secure.close();
    }
  });
});
