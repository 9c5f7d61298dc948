import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { createTestApp, csrf } from '../test/app.ts';
import { createTestDatabase } from '../test/database.ts';
import { activationCodeIn, latestMail } from '../test/mailbox.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('rate limits on account endpoints', () => {
  it('slow down guessing one account’s password from many addresses with the harder check, never locking its owner out', async () => {
    const email = `target.${Date.now().toString(36)}@example.com`;
    const password = 'the real password 1';
    const signup = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: '198.51.100.250',
      payload: { nickname: 'Target', email, password, captcha: 'test-ok' },
      ...csrf(),
    });
    expect(signup.statusCode).toBe(200);
    const code = activationCodeIn((await latestMail(testApp.app.database.db, email)).textBody);
    expect(
      (
        await testApp.app.inject({
          method: 'POST',
          url: '/api/auth/activate',
          payload: { email, code },
          ...csrf(),
        })
      ).statusCode,
    ).toBe(200);

    let address = 0;
    const login = (guess: string, captcha: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: `198.51.100.${(address += 1)}`,
        payload: { email, password: guess, captcha },
        ...csrf(),
      });
    // Five wrong guesses, each from another address: each is just a wrong password.
    for (let guess = 0; guess < 5; guess += 1)
      expect((await login(`guess${guess}xyz`, 'test-ok')).statusCode).toBe(401);
    // Now the address asks for the harder check, from any address, without refusing anyone.
    const harder = await login('guess-again', 'test-ok');
    expect(harder.statusCode).toBe(400);
    expect(harder.json()).toMatchObject({
      ok: false,
      error: 'CAPTCHA_REQUIRED',
      fields: { captcha: 'harder' },
    });
    expect((await login('guess-again', 'test-ok-hard')).statusCode).toBe(401);
    // Its owner, passing the harder check, gets in; and the slate is clean again.
    expect((await login(password, 'test-ok-hard')).statusCode).toBe(200);
    expect((await login(password, 'test-ok')).statusCode).toBe(200);
  });

  it('treat an address with no account the same, so the answers tell no one which exist', async () => {
    const login = () =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: {
          email: `nobody.${Date.now().toString(36)}@example.com`,
          password: 'guess1234',
          captcha: 'test-ok',
        },
        ...csrf(),
      });
    const nobody = `nobody.${Date.now().toString(36)}@example.com`;
    const attempt = () =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.77',
        payload: { email: nobody, password: 'guess1234', captcha: 'test-ok' },
        ...csrf(),
      });
    for (let guess = 0; guess < 5; guess += 1) expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).json()).toMatchObject({
      error: 'CAPTCHA_REQUIRED',
      fields: { captcha: 'harder' },
    });
    expect((await login()).statusCode).toBe(401);
  });

  it('stop one address trying many accounts with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt += 1) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '192.0.2.200',
        payload: {
          email: `spray${attempt}@example.com`,
          password: 'guess1234',
          captcha: 'test-ok',
        },
        ...csrf(),
      });
      statuses.push(response.statusCode);
      if (attempt === 20) {
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        expect(response.json()).toMatchObject({ ok: false, error: 'RATE_LIMITED' });
      }
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('stop mass sign-ups from one address', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: {
          nickname: 'Bot',
          email: `bot${attempt}.${Date.now()}@example.com`,
          password: 'long enough pw',
          captcha: 'test-ok',
        },
        ...csrf(),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
  });
});

describe('rate-limit counters', () => {
  it('are shared by every server on the database and survive a restart', async () => {
    const { database, drop } = await createTestDatabase();
    // At scale 0.1 an address may sign up once in 15 minutes (5 x 0.1, at least 1).
    const start = () => buildApp({ config: testConfig({ RATE_LIMIT_SCALE: 0.1 }), database });
    const signup = (app: Awaited<ReturnType<typeof start>>) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress: '203.0.113.9',
        payload: {
          nickname: 'Two',
          email: `two.${Date.now()}.${Math.random()}@example.com`,
          password: 'long enough pw',
          captcha: 'test-ok',
        },
        ...csrf(),
      });
    const first = await start();
    const second = await start();
    try {
      expect((await signup(first)).statusCode).toBe(200);
      // Another process on the same database knows of it.
      const other = await signup(second);
      expect(other.statusCode).toBe(429);
      expect(Number(other.headers['retry-after'])).toBeGreaterThan(800);
      await first.close();
      // A restarted server too.
      const restarted = await start();
      expect((await signup(restarted)).statusCode).toBe(429);
      await restarted.close();
    } finally {
      await second.close();
      await drop();
    }
  });
});

describe('the development mailbox', () => {
  it('is there outside production and gone in production', async () => {
    expect((await testApp.app.inject('/dev/mailbox')).body).toContain('Development mailbox');
    const production = await createTestApp({ NODE_ENV: 'production' });
    try {
      const page = await production.app.inject('/dev/mailbox');
      expect(page.body).not.toContain('Development mailbox');
      expect((await production.app.inject('/dev/mailbox.json')).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
