import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, socialIdentities } from '../../db/schema/index.ts';
import { createTestApp } from '../../test/app.ts';
import { startOAuthProvider } from '../../test/oauth-provider.ts';

let provider: Awaited<ReturnType<typeof startOAuthProvider>>;
beforeAll(async () => {
  provider = await startOAuthProvider({
    clientId: 'tripplus-test',
    clientSecret: 'provider-secret',
  });
});
afterAll(() => provider.close());

/** Follows the whole redirect dance as a browser would; returns where it ends and the session. */
async function signInWithFacebook(app: FastifyInstance, from = '/cardplus') {
  const start = await app.inject(
    `/api/auth/social/facebook/start?from=${encodeURIComponent(from)}`,
  );
  expect(start.statusCode).toBe(302);
  const stateCookie = start.cookies.find((cookie) => cookie.name === 'oauth_state');
  expect(stateCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  const consent = await fetch(start.headers.location as string).then((response) => response.text());
  const allow = /id="allow" href="([^"]+)"/.exec(consent)?.[1]?.replaceAll('&amp;', '&') ?? '';
  const callback = new URL(allow);
  const done = await app.inject({
    url: `${callback.pathname}${callback.search}`,
    cookies: { oauth_state: stateCookie?.value ?? '' },
  });
  return { done, session: done.cookies.find((cookie) => cookie.name === 'SF_SID')?.value };
}

describe('social sign-in with a local OAuth 2.0 provider', () => {
  let testApp: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    testApp = await createTestApp({ ...provider.settings });
  });
  afterAll(() => testApp.close());

  it('sends the browser to the provider with client id, redirect address, scope and state', async () => {
    const start = await testApp.app.inject('/api/auth/social/facebook/start?from=/faq');
    const target = new URL(start.headers.location as string);
    expect(target.pathname).toBe('/dialog/oauth');
    expect(target.searchParams.get('client_id')).toBe('tripplus-test');
    expect(target.searchParams.get('redirect_uri')).toMatch(
      /\/api\/auth\/social\/facebook\/callback$/,
    );
    expect(target.searchParams.get('state')?.length).toBeGreaterThan(20);
    expect(target.searchParams.get('code_challenge_method')).toBe('S256');
    expect(target.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  });

  it('creates an fb_ account, signs it in, returns to where it started, and stores the 180 x 180 picture', async () => {
    provider.setUser({ id: '424242', name: 'Lin FB', email: 'lin.fb@example.com' });
    const { done, session } = await signInWithFacebook(testApp.app, '/cardplus/finder');
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/cardplus/finder');
    const me = (
      await testApp.app.inject({ url: '/api/me', cookies: { SF_SID: session ?? '' } })
    ).json();
    expect(me.member).toMatchObject({
      account: 'fb_424242',
      name: 'Lin FB',
      email: 'lin.fb@example.com',
      photo: 'https://pictures.example.com/424242/180.jpg',
    });
    const query = provider.pictureQueries.at(-1);
    expect([query?.get('width'), query?.get('height'), query?.get('redirect')]).toEqual([
      '180',
      '180',
      'false',
    ]);

    // The second time the same account signs in, and the picture is not asked for again.
    const calls = provider.pictureQueries.length;
    const again = await signInWithFacebook(testApp.app, '/');
    const meAgain = (
      await testApp.app.inject({ url: '/api/me', cookies: { SF_SID: again.session ?? '' } })
    ).json();
    expect(meAgain.member.account).toBe('fb_424242');
    expect(provider.pictureQueries.length).toBe(calls);
  });

  it('leaves the photo empty when the picture call answers an error', async () => {
    provider.setUser({ id: '777', name: 'No Picture', noPicture: true });
    const { session } = await signInWithFacebook(testApp.app);
    const me = (
      await testApp.app.inject({ url: '/api/me', cookies: { SF_SID: session ?? '' } })
    ).json();
    expect(me.member).toMatchObject({ account: 'fb_777', email: null, photo: null });
  });

  it('answers -101 to a forged state, a cancelled consent, or a missing state cookie', async () => {
    const forged = await testApp.app.inject({
      url: '/api/auth/social/facebook/callback?code=abc&state=forged',
      cookies: { oauth_state: 'x.y' },
    });
    expect(forged.headers.location).toBe('/?social_error=-101');
    const start = await testApp.app.inject('/api/auth/social/facebook/start?from=/faq');
    const state = new URL(start.headers.location as string).searchParams.get('state');
    const cancelled = await testApp.app.inject({
      url: `/api/auth/social/facebook/callback?error=access_denied&state=${state}`,
      cookies: {
        oauth_state: start.cookies.find((cookie) => cookie.name === 'oauth_state')?.value ?? '',
      },
    });
    expect(cancelled.headers.location).toBe('/faq?social_error=-101');
    const noCookie = await testApp.app.inject(
      `/api/auth/social/facebook/callback?code=abc&state=${state}`,
    );
    expect(noCookie.headers.location).toBe('/?social_error=-101');
  });

  it('never returns to another site', async () => {
    provider.setUser({ id: '888', name: 'Redirect' });
    for (const from of [
      '//evil.example.com/steal',
      '/\t/evil.example.com',
      '/%2F/evil.example.com',
      '/\\evil.example.com',
      'https://evil.example.com/',
      '/.//evil.example.com',
      '/..//evil.example.com',
      '/a/..//evil.example.com',
      '/%2e//evil.example.com',
    ]) {
      const { done } = await signInWithFacebook(testApp.app, from);
      expect({ from, status: done.statusCode, location: done.headers.location }).toEqual({
        from,
        status: 302,
        location: '/',
      });
    }
  });

  it('answers 404 for a provider that is not configured', async () => {
    expect((await testApp.app.inject('/api/auth/social/line/start')).statusCode).toBe(404);
  });
});

describe('the code exchange', () => {
  let pkceApp: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    pkceApp = await createTestApp({ ...provider.settings });
  });
  afterAll(() => pkceApp.close());

  it('redeems the code only with the PKCE verifier of the browser that started, the secret in the POST body', async () => {
    provider.setUser({ id: '313', name: 'Pkce Check' });
    // A code issued to one browser's sign-in is refused with another browser's state cookie.
    const mine = await pkceApp.app.inject('/api/auth/social/facebook/start?from=/faq');
    const theirs = await pkceApp.app.inject('/api/auth/social/facebook/start?from=/faq');
    const consent = await fetch(mine.headers.location as string).then((response) =>
      response.text(),
    );
    const allow = new URL(
      /id="allow" href="([^"]+)"/.exec(consent)?.[1]?.replaceAll('&amp;', '&') ?? '',
    );
    const theirCookie = theirs.cookies.find((cookie) => cookie.name === 'oauth_state')?.value;
    const theirState = new URL(theirs.headers.location as string).searchParams.get('state');
    allow.searchParams.set('state', theirState ?? '');
    const stolen = await pkceApp.app.inject({
      url: `${allow.pathname}${allow.search}`,
      cookies: { oauth_state: theirCookie ?? '' },
    });
    expect(stolen.headers.location).toBe('/faq?social_error=-101');
    expect(stolen.cookies.find((cookie) => cookie.name === 'SF_SID')).toBeUndefined();

    const { done, session } = await signInWithFacebook(pkceApp.app, '/faq');
    expect(done.headers.location).toBe('/faq');
    expect(session).toBeDefined();
    expect(provider.tokenQueries.length).toBeGreaterThan(0);
    expect(provider.tokenQueries.filter((query) => query.has('client_secret'))).toEqual([]);
  });
});

describe('social sign-up closed by the setting', () => {
  it('refuses new social accounts with -103 and lets existing ones in', async () => {
    const testApp = await createTestApp({ ...provider.settings, SOCIAL_SIGNUP: 'closed' });
    try {
      provider.setUser({ id: '5150', name: 'Late Comer' });
      const { done, session } = await signInWithFacebook(testApp.app, '/faq');
      expect(done.headers.location).toBe('/faq?social_error=-103');
      expect(session).toBeUndefined();

      // A member who linked Facebook before the doors closed still gets in.
      const [existing] = await testApp.app.database.db
        .insert(members)
        .values({ account: 'fb_2020', name: 'Early Bird', activatedAt: new Date() })
        .returning();
      await testApp.app.database.db
        .insert(socialIdentities)
        .values({ provider: 'facebook', subject: '2020', memberId: existing?.id ?? '' });
      provider.setUser({ id: '2020', name: 'Early Bird' });
      const early = await signInWithFacebook(testApp.app, '/faq');
      expect(early.done.headers.location).toBe('/faq');
      expect(early.session).toBeDefined();
    } finally {
      await testApp.close();
    }
  });
});
