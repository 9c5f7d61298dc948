import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from './db/schema/index.ts';
import { createTestApp, csrf } from './test/app.ts';
import { activationCodeIn, latestMail } from './test/mailbox.ts';

const SITE = 'https://tripplus.test';
// What an attacker controls: the Host header and, behind a proxy that passes them on, the forwarded ones.
const FORGED = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'http',
};

describe('links in e-mails and redirects', () => {
  let testApp: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    testApp = await createTestApp({
      PUBLIC_URL: SITE,
      // The worst case: the server trusts X-Forwarded-* (as it does behind a proxy).
      TRUST_PROXY: true,
      RATE_LIMIT_SCALE: 100,
      FACEBOOK_CLIENT_ID: 'tripplus-test',
      FACEBOOK_CLIENT_SECRET: 'provider-secret',
      FACEBOOK_AUTH_URL: 'https://provider.test/dialog/oauth',
    });
  });
  afterAll(() => testApp.close());

  const post = (url: string, payload: object) => {
    const protection = csrf();
    return testApp.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...protection.headers, ...FORGED },
      cookies: protection.cookies,
    });
  };
  const get = (url: string, userAgent = 'Mozilla/5.0') =>
    testApp.app.inject({ url, headers: { ...FORGED, 'user-agent': userAgent } });

  it('name only the configured site, whatever Host the request says', async () => {
    const email = `forged.${Date.now().toString(36)}@example.com`;
    expect(
      (
        await post('/api/auth/signup', {
          nickname: 'Mei',
          email,
          password: 'correct horse 1',
          edm: false,
          from: 'test',
          captcha: 'test-ok',
        })
      ).statusCode,
    ).toBe(200);
    expect((await post('/api/auth/resend', { email })).statusCode).toBe(200);
    const code = activationCodeIn((await latestMail(testApp.app.database.db, email)).textBody);
    expect((await post('/api/auth/activate', { email, code })).statusCode).toBe(200);
    expect((await post('/api/auth/forgot', { email })).statusCode).toBe(200);

    const reset = await latestMail(testApp.app.database.db, email);
    expect(reset.textBody).toContain(`${SITE}/reset-password?token=`);
    const mails = await testApp.app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, email));
    expect(mails.length).toBeGreaterThanOrEqual(3);
    for (const mail of mails)
      expect(`${mail.subject}\n${mail.textBody}\n${mail.htmlBody}`).not.toContain('evil.example');

    // Redirects: the social sign-in start (its return address), and an unknown page for a crawler.
    const start = await get('/api/auth/social/facebook/start?from=/faq');
    expect(start.statusCode).toBe(302);
    const toProvider = new URL(String(start.headers.location));
    expect(toProvider.searchParams.get('redirect_uri')).toBe(
      `${SITE}/api/auth/social/facebook/callback`,
    );
    const unknown = await get('/no-such-page', 'Mozilla/5.0 (compatible; Googlebot/2.1)');
    expect(unknown.statusCode).toBeGreaterThanOrEqual(300);
    expect(unknown.statusCode).toBeLessThan(400);
    for (const answer of [start, unknown])
      expect(String(answer.headers.location)).not.toContain('evil.example');

    // A page's canonical and alternate addresses.
    const page = await get('/faq');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<link rel="canonical" href="${SITE}/faq"`);
    expect(page.body).not.toContain('evil.example');
  });
});
