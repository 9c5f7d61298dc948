import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrf } from '../test/app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('rate limits on account endpoints', () => {
  it('stop guessing one account’s password with 429 and Retry-After', async () => {
    const login = () =>
      testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'target@example.com', password: 'guess1234', captcha: 'test-ok' }, ...csrf() });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 9; attempt += 1) statuses.push((await login()).statusCode);
    expect(statuses.slice(0, 8).every((status) => status === 401)).toBe(true);
    const limited = await login();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ ok: false, error: 'RATE_LIMITED' });
  });

  it('stop mass sign-ups from one address', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { nickname: 'Bot', email: `bot${attempt}.${Date.now()}@example.com`, password: 'long enough pw', captcha: 'test-ok' },
        ...csrf(),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
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
