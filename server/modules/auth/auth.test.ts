import { count, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { members, sessions, verificationCodes } from '../../db/schema/index.ts';
import { createTestApp, csrf } from '../../test/app.ts';
import { activationCodeIn, latestMail, resetTokenIn } from '../../test/mailbox.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;
beforeAll(async () => {
  testApp = await createTestApp({ RATE_LIMIT_SCALE: 100 });
  app = testApp.app;
});
afterAll(() => testApp.close());
afterEach(() => vi.useRealTimers());

let counter = 0;
const uniqueEmail = (name = 'member') =>
  `${name}.${Date.now().toString(36)}.${(counter += 1)}@example.com`;

function post(url: string, payload: unknown, cookies: Record<string, string> = {}) {
  const protection = csrf(cookies);
  return app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: protection.headers,
    cookies: { ...cookies, ...protection.cookies },
  });
}

const signupBody = (overrides: Record<string, unknown> = {}) => ({
  nickname: 'Mei',
  email: uniqueEmail(),
  password: 'correct horse 1',
  edm: false,
  from: 'test',
  captcha: 'test-ok',
  ...overrides,
});

function sessionCookie(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((cookie) => cookie.name === 'SF_SID')?.value;
}

async function memberCount(): Promise<number> {
  const [row] = await app.database.db.select({ value: count() }).from(members);
  return Number(row?.value ?? 0);
}

/** A signed-up, activated member; returns its e-mail and password. */
async function activatedMember(overrides: Record<string, unknown> = {}) {
  const body = signupBody(overrides);
  expect((await post('/api/auth/signup', body)).statusCode).toBe(200);
  const code = activationCodeIn((await latestMail(app.database.db, body.email)).textBody);
  expect((await post('/api/auth/activate', { email: body.email, code })).statusCode).toBe(200);
  return { email: body.email, password: body.password as string };
}

describe('sign-up', () => {
  it.each([
    [{ nickname: '', email: 'bad', password: '' }, -3, 'INVALID_NAME'],
    [{ nickname: '   ', email: 'x@example.com' }, -3, 'INVALID_NAME'],
    [{ email: 'not-an-email', password: '' }, -1, 'INVALID_EMAIL'],
    [{ email: '' }, -1, 'INVALID_EMAIL'],
    [{ password: '' }, -2, 'INVALID_PASSWORD'],
    [{ password: 'short' }, -2, 'INVALID_PASSWORD'],
    [{ captcha: '' }, -99, 'CAPTCHA_REQUIRED'],
    [{ captcha: 'wrong' }, -99, 'CAPTCHA_FAILED'],
    [{ email: 'someone@mailinator.com' }, -7, 'BAD_EMAIL_DOMAIN'],
  ])('checks in the spec order: %j answers %i', async (overrides, code, error) => {
    const before = await memberCount();
    const response = await post('/api/auth/signup', signupBody(overrides));
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toMatchObject({ ok: false, code, error });
    expect(await memberCount()).toBe(before);
  });

  it('creates an inactive account with an Argon2id hash and e-mails a 5-character code in the visitor language', async () => {
    const email = uniqueEmail('new');
    const protection = csrf();
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: signupBody({
        email: `  ${email.toUpperCase()} `,
        nickname:
          '  小美的旅行筆記本：收集哩程與點數的第一步，就從這裡開始吧！我們一起出發去看看世界  ',
        edm: true,
      }),
      headers: { ...protection.headers, 'accept-language': 'zh-TW,zh;q=0.9' },
      cookies: protection.cookies,
    });
    expect(response.statusCode).toBe(200);
    const [row] = await app.database.db.select().from(members).where(eq(members.email, email));
    expect(row).toBeDefined();
    expect(row?.activatedAt).toBeNull();
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain('correct');
    expect(row?.name.length).toBe(28);
    expect(row?.edm).toBe(true);
    expect(row?.account).toMatch(/^tp_[a-z0-9]{6,}$/);
    expect(row?.language).toBe('zh-Hant');

    const mail = await latestMail(app.database.db, email);
    expect(mail.subject).toContain('啟用碼');
    expect(mail.htmlBody).toContain('<html lang="zh-Hant">');
    const code = activationCodeIn(mail.textBody);
    expect(code).toMatch(/^[A-Z0-9]{5}$/);
    const [stored] = await app.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.memberId, row?.id ?? ''));
    expect(stored?.codeHash).not.toContain(code);
    expect(stored?.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('escapes markup in a nickname in the e-mail it is greeted in', async () => {
    const nickname = '<img src=x onerror=alert(1)>';
    const body = signupBody({ nickname });
    expect((await post('/api/auth/signup', body)).statusCode).toBe(200);
    const mail = await latestMail(app.database.db, body.email);
    expect(mail.htmlBody).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.htmlBody).not.toContain('<img src=x');
  });

  it('refuses an address already registered (-4), also when typed differently', async () => {
    const body = signupBody();
    await post('/api/auth/signup', body);
    const again = await post('/api/auth/signup', {
      ...body,
      email: ` ${body.email.toUpperCase()}`,
    });
    expect(again.json()).toMatchObject({ ok: false, code: -4, error: 'EMAIL_TAKEN' });
  });

  it('refuses an address held by a social account (-6)', async () => {
    const email = uniqueEmail('social');
    await app.database.db
      .insert(members)
      .values({ account: `fb_${Date.now()}`, email, name: 'FB person', activatedAt: new Date() });
    const response = await post('/api/auth/signup', signupBody({ email }));
    expect(response.json()).toMatchObject({ ok: false, code: -6, error: 'EMAIL_TAKEN_BY_SOCIAL' });
  });

  it('never answers a 500 to junk', async () => {
    for (const payload of [
      { nickname: 5 },
      { email: ['a'] },
      'not json at all',
      { password: 'x'.repeat(5000) },
    ]) {
      const response = await post('/api/auth/signup', payload);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json().ok).toBe(false);
    }
  });
});

describe('activation', () => {
  it('accepts the e-mailed code once and answers account, email, name and photo', async () => {
    const body = signupBody();
    await post('/api/auth/signup', body);
    const code = activationCodeIn((await latestMail(app.database.db, body.email)).textBody);
    const response = await post('/api/auth/activate', {
      email: body.email,
      code: code.toLowerCase(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ok: true,
      email: body.email,
      name: 'Mei',
      photo: null,
      account: expect.stringMatching(/^tp_/),
    });
    const again = await post('/api/auth/activate', { email: body.email, code });
    expect(again.json()).toMatchObject({ ok: false, error: 'INVALID_CODE' });
  });

  it('kills the code after 5 wrong tries, even for the right code afterwards', async () => {
    const body = signupBody();
    await post('/api/auth/signup', body);
    const code = activationCodeIn((await latestMail(app.database.db, body.email)).textBody);
    const wrong = code === 'AAAAA' ? 'BBBBB' : 'AAAAA';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(
        (await post('/api/auth/activate', { email: body.email, code: wrong })).json().error,
      ).toBe('INVALID_CODE');
    }
    expect((await post('/api/auth/activate', { email: body.email, code })).json().error).toBe(
      'TOO_MANY_ATTEMPTS',
    );
  });

  it('refuses an expired code (frozen clock)', async () => {
    const body = signupBody();
    await post('/api/auth/signup', body);
    const code = activationCodeIn((await latestMail(app.database.db, body.email)).textBody);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31 * 60_000);
    expect((await post('/api/auth/activate', { email: body.email, code })).json().error).toBe(
      'CODE_EXPIRED',
    );
  });

  it('refuses codes of the wrong shape without touching the database', async () => {
    for (const code of ['', 'ABC', 'AB CD', 'ABCD!', '<script>']) {
      expect((await post('/api/auth/activate', { email: uniqueEmail(), code })).json().error).toBe(
        'INVALID_CODE',
      );
    }
  });
});

describe('resending the activation code', () => {
  it('sends the first resend at once, then waits the interval between resends; a new code replaces the old', async () => {
    const body = signupBody();
    await post('/api/auth/signup', body);
    const first = activationCodeIn((await latestMail(app.database.db, body.email)).textBody);
    expect((await post('/api/auth/resend', { email: body.email })).statusCode).toBe(200);
    const second = activationCodeIn((await latestMail(app.database.db, body.email)).textBody);
    const tooSoon = await post('/api/auth/resend', { email: body.email });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error).toBe('RESEND_TOO_SOON');

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 121_000);
    expect((await post('/api/auth/resend', { email: body.email })).statusCode).toBe(200);
    const third = activationCodeIn((await latestMail(app.database.db, body.email)).textBody);
    vi.useRealTimers();
    for (const old of [first, second]) {
      if (old !== third)
        expect(
          (await post('/api/auth/activate', { email: body.email, code: old })).json().error,
        ).toBe('INVALID_CODE');
    }
    expect((await post('/api/auth/activate', { email: body.email, code: third })).statusCode).toBe(
      200,
    );
  });

  it('says nothing about unknown accounts', async () => {
    expect((await post('/api/auth/resend', { email: uniqueEmail('nobody') })).json()).toEqual({
      ok: true,
    });
  });
});

describe('login and sessions', () => {
  it('answers -1 for an unknown account, -4 for a wrong password and -2 before activation', async () => {
    expect(
      (
        await post('/api/auth/login', {
          email: uniqueEmail('ghost'),
          password: 'whatever1',
          captcha: 'test-ok',
        })
      ).json(),
    ).toMatchObject({ code: -1, error: 'ACCOUNT_NOT_FOUND' });
    const body = signupBody();
    await post('/api/auth/signup', body);
    expect(
      (
        await post('/api/auth/login', {
          email: body.email,
          password: 'wrong password',
          captcha: 'test-ok',
        })
      ).json(),
    ).toMatchObject({ code: -4, error: 'WRONG_PASSWORD' });
    expect(
      (
        await post('/api/auth/login', {
          email: body.email,
          password: body.password,
          captcha: 'test-ok',
        })
      ).json(),
    ).toMatchObject({ code: -2, error: 'NOT_ACTIVATED' });
  });

  it('refuses a disabled account with its own message, after the password is right', async () => {
    const { email, password } = await activatedMember();
    await app.database.db
      .update(members)
      .set({ disabledAt: new Date() })
      .where(eq(members.email, email));
    const wrong = await post('/api/auth/login', {
      email,
      password: 'not it 1',
      captcha: 'test-ok',
    });
    expect(wrong.json().error).toBe('WRONG_PASSWORD');
    const refused = await post('/api/auth/login', { email, password, captcha: 'test-ok' });
    expect([refused.statusCode, refused.json().error]).toEqual([403, 'ACCOUNT_DISABLED']);
    expect(sessionCookie(refused)).toBeUndefined();
  });

  it('checks e-mail, password and captcha before anything else', async () => {
    expect(
      (await post('/api/auth/login', { email: 'nope', password: 'x', captcha: 'test-ok' })).json()
        .error,
    ).toBe('INVALID_EMAIL');
    expect(
      (
        await post('/api/auth/login', { email: uniqueEmail(), password: '   ', captcha: 'test-ok' })
      ).json().error,
    ).toBe('INVALID_PASSWORD');
    expect(
      (await post('/api/auth/login', { email: uniqueEmail(), password: 'abc12345' })).json().error,
    ).toBe('CAPTCHA_REQUIRED');
    expect(
      (
        await post('/api/auth/login', {
          email: uniqueEmail(),
          password: 'abc12345',
          captcha: 'nope',
        })
      ).json().error,
    ).toBe('CAPTCHA_FAILED');
  });

  it('signs in with an HttpOnly session cookie backed by a row, rotated at each login and revoked at logout', async () => {
    const { email, password } = await activatedMember({ nickname: 'Lin' });
    const first = await post('/api/auth/login', { email, password, captcha: 'test-ok' });
    expect(first.statusCode).toBe(200);
    expect(first.json().member).toMatchObject({ email, name: 'Lin' });
    const cookie = first.cookies.find((item) => item.name === 'SF_SID');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const token = sessionCookie(first) ?? '';

    const me = await app.inject({ url: '/api/me', cookies: { SF_SID: token } });
    expect(me.json().member).toMatchObject({ email, name: 'Lin' });
    const [stored] = await app.database.db
      .select()
      .from(sessions)
      .where(
        eq(
          sessions.memberId,
          (await app.database.db.select().from(members).where(eq(members.email, email)))[0]?.id ??
            '',
        ),
      );
    expect(stored?.tokenHash).not.toBe(token);

    const second = await post('/api/auth/login', { email, password, captcha: 'test-ok' });
    expect(sessionCookie(second)).not.toBe(token);

    // A bare POST, as an outside client would send it, logs out too.
    const logout = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      ...csrf({ SF_SID: token }),
    });
    expect(logout.json()).toEqual({ ok: true });
    expect(
      (await app.inject({ url: '/api/me', cookies: { SF_SID: token } })).json().member,
    ).toBeNull();
    expect(
      (
        await app.inject({ url: '/api/me', cookies: { SF_SID: sessionCookie(second) ?? '' } })
      ).json().member,
    ).not.toBeNull();
  });

  it('lets the automatic login right after activation skip the captcha, and nobody else', async () => {
    const { email, password } = await activatedMember();
    expect(
      (await post('/api/auth/login', { email, password, afterActivation: true })).statusCode,
    ).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11 * 60_000);
    expect(
      (await post('/api/auth/login', { email, password, afterActivation: true })).json().error,
    ).toBe('CAPTCHA_REQUIRED');
  });

  it('answers visitors with member null', async () => {
    expect((await app.inject('/api/me')).json()).toEqual({ ok: true, member: null });
    expect(
      (await app.inject({ url: '/api/me', cookies: { SF_SID: 'forged-token' } })).json().member,
    ).toBeNull();
  });
});

describe('forgotten password', () => {
  it('answers 401 for an unknown account, as login does', async () => {
    const response = await post('/api/auth/forgot', { email: uniqueEmail('unknown') });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'ACCOUNT_NOT_FOUND' });
  });

  it('e-mails a single-use link that sets a new password and ends every session', async () => {
    const { email, password } = await activatedMember();
    const session =
      sessionCookie(await post('/api/auth/login', { email, password, captcha: 'test-ok' })) ?? '';
    expect((await post('/api/auth/forgot', { email })).statusCode).toBe(200);
    const mail = await latestMail(app.database.db, email);
    expect(mail.template).toBe('password_reset');
    const token = resetTokenIn(mail.textBody);

    expect((await post('/api/auth/reset', { token, password: 'short' })).json()).toMatchObject({
      code: -2,
    });
    expect((await post('/api/auth/reset', { token, password: 'a brand new one' })).statusCode).toBe(
      200,
    );
    expect(
      (await app.inject({ url: '/api/me', cookies: { SF_SID: session } })).json().member,
    ).toBeNull();
    expect(
      (await post('/api/auth/login', { email, password, captcha: 'test-ok' })).json().code,
    ).toBe(-4);
    expect(
      (await post('/api/auth/login', { email, password: 'abrandnewone', captcha: 'test-ok' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post('/api/auth/reset', { token, password: 'another new one' })).json().error,
    ).toBe('INVALID_TOKEN');
  });

  it('refuses an expired link (frozen clock)', async () => {
    const { email } = await activatedMember();
    await post('/api/auth/forgot', { email });
    const token = resetTokenIn((await latestMail(app.database.db, email)).textBody);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61 * 60_000);
    expect((await post('/api/auth/reset', { token, password: 'late but long' })).json().error).toBe(
      'INVALID_TOKEN',
    );
  });
});

describe('the profile', () => {
  it('needs a session to change, and stores name, picture, language and currency', async () => {
    expect(
      (await app.inject({ method: 'PUT', url: '/api/me', payload: { name: 'X' }, ...csrf() }))
        .statusCode,
    ).toBe(401);
    const { email, password } = await activatedMember();
    const token =
      sessionCookie(await post('/api/auth/login', { email, password, captcha: 'test-ok' })) ?? '';
    const put = (payload: object) =>
      app.inject({ method: 'PUT', url: '/api/me', payload, ...csrf({ SF_SID: token }) });

    const updated = await put({
      name: ' 阿明 ',
      photo: 'https://example.com/me.png',
      language: 'zh-Hans',
      currency: 'TWD',
    });
    expect(updated.json().member).toMatchObject({
      name: '阿明',
      photo: 'https://example.com/me.png',
      language: 'zh-Hans',
      currency: 'TWD',
    });
    expect(updated.cookies.find((cookie) => cookie.name === 'lang')?.value).toBe('zh-Hans');
    expect((await put({ photo: 'javascript:alert(1)' })).json()).toMatchObject({
      error: 'INVALID_INPUT',
      fields: { photo: expect.any(String) },
    });
    expect((await put({ name: '   ' })).json()).toMatchObject({ code: -3 });

    // The saved language and currency come back at the next login.
    const again = await post('/api/auth/login', { email, password, captcha: 'test-ok' });
    expect(again.cookies.find((cookie) => cookie.name === 'currency')?.value).toBe('TWD');
  });

  it('keeps the language and currency a visitor picked before logging in, and saves them on the account', async () => {
    const { email, password } = await activatedMember();
    const cookie = (response: Awaited<ReturnType<typeof post>>, name: string) =>
      response.cookies.find((found) => found.name === name)?.value;
    // The account was made in English; this browser picked Traditional Chinese and NT$ before logging in.
    const picked = await post(
      '/api/auth/login',
      { email, password, captcha: 'test-ok' },
      { lang: 'zh-Hant', currency: 'TWD' },
    );
    expect(picked.json().member).toMatchObject({ language: 'zh-Hant', currency: 'TWD' });
    expect(cookie(picked, 'lang')).toBe('zh-Hant');
    // Another browser that chose nothing gets the latest choice from the account.
    const elsewhere = await post('/api/auth/login', { email, password, captcha: 'test-ok' });
    expect(cookie(elsewhere, 'lang')).toBe('zh-Hant');
    expect(cookie(elsewhere, 'currency')).toBe('TWD');
    // A value that is no language is ignored, not saved.
    const odd = await post(
      '/api/auth/login',
      { email, password, captcha: 'test-ok' },
      { lang: 'klingon' },
    );
    expect(odd.json().member.language).toBe('zh-Hant');
  });
});
