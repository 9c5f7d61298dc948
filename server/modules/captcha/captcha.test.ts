import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { createTestApp, csrf } from '../../test/app.ts';
import { checkAltchaSolution, createAltchaChallenge, type AltchaChallenge } from './altcha.ts';

/** Does what the browser does: tries numbers until the hash matches. */
function solve(challenge: AltchaChallenge): string {
  for (let number = 0; number <= challenge.maxnumber; number += 1) {
    if (
      createHash('sha256').update(`${challenge.salt}${number}`).digest('hex') ===
      challenge.challenge
    ) {
      return Buffer.from(
        JSON.stringify({
          algorithm: challenge.algorithm,
          challenge: challenge.challenge,
          number,
          salt: challenge.salt,
          signature: challenge.signature,
        }),
      ).toString('base64');
    }
  }
  throw new Error('unsolvable');
}

describe('the proof-of-work captcha', () => {
  it('accepts real work and refuses a forged signature, a wrong number or an expired challenge', () => {
    const secret = 'a-secret-of-enough-length-for-hmac-0001';
    const challenge = createAltchaChallenge(secret, { maxNumber: 2000, ttlMs: 60_000 });
    const solution = JSON.parse(Buffer.from(solve(challenge), 'base64').toString());
    expect(checkAltchaSolution(secret, solution).ok).toBe(true);
    expect(checkAltchaSolution('another-secret-of-enough-length-000001', solution).ok).toBe(false);
    expect(checkAltchaSolution(secret, { ...solution, number: solution.number + 1 }).ok).toBe(
      false,
    );
    expect(checkAltchaSolution(secret, solution, Date.now() + 61_000).ok).toBe(false);
  });

  it('signs its strength into the challenge: a normal answer, or one relabelled hard, is no hard answer', async () => {
    const testApp = await createTestApp({ CAPTCHA_PROVIDER: 'altcha' });
    try {
      const hard = (await testApp.app.inject('/api/captcha/challenge?strength=hard')).json()
        .challenge as AltchaChallenge;
      const normal = (await testApp.app.inject('/api/captcha/challenge')).json()
        .challenge as AltchaChallenge;
      expect(hard.maxnumber).toBeGreaterThanOrEqual(normal.maxnumber * 10);
      // The salt's parameters are hashed into the challenge: claiming "hard" for a normal one breaks it.
      const normalAnswer = JSON.parse(Buffer.from(solve(normal), 'base64').toString());
      const relabelled = { ...normalAnswer, salt: `${normalAnswer.salt}&strength=hard` };
      const secret = testConfig().APP_SECRET!;
      expect(checkAltchaSolution(secret, normalAnswer)).toMatchObject({
        ok: true,
        strength: 'normal',
      });
      expect(checkAltchaSolution(secret, relabelled).ok).toBe(false);
      expect(
        checkAltchaSolution(secret, JSON.parse(Buffer.from(solve(hard), 'base64').toString())),
      ).toMatchObject({ ok: true, strength: 'hard' });
    } finally {
      await testApp.close();
    }
  });

  describe('at sign-up', () => {
    let testApp: Awaited<ReturnType<typeof createTestApp>>;
    beforeAll(async () => {
      testApp = await createTestApp({ CAPTCHA_PROVIDER: 'altcha' });
    });
    afterAll(() => testApp.close());

    it('cannot be replayed', async () => {
      const { challenge } = (await testApp.app.inject('/api/captcha/challenge')).json();
      const captcha = solve(challenge);
      const signup = (email: string) =>
        testApp.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          payload: { nickname: 'A', email, password: 'long enough pw', captcha },
          ...csrf(),
        });
      expect((await signup(`one.${Date.now()}@example.com`)).statusCode).toBe(200);
      expect((await signup(`two.${Date.now()}@example.com`)).json().error).toBe('CAPTCHA_FAILED');
    });

    it('refuses the test token when the real provider is configured', async () => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: {
          nickname: 'A',
          email: `t.${Date.now()}@example.com`,
          password: 'long enough pw',
          captcha: 'test-ok',
        },
        ...csrf(),
      });
      expect(response.json().error).toBe('CAPTCHA_FAILED');
    });
  });
});

describe('the hosted captcha adapters', () => {
  it.each(['turnstile', 'recaptcha'] as const)(
    '%s: posts the secret and token to the verify address and trusts its answer',
    async (provider) => {
      const { createServer } = await import('node:http');
      const seen: URLSearchParams[] = [];
      const verifier = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk) => (body += chunk));
        req.on('end', () => {
          const form = new URLSearchParams(body);
          seen.push(form);
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ success: form.get('response') === 'human-token' }));
        });
      });
      await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
      const port = (verifier.address() as { port: number }).port;
      const testApp = await createTestApp({
        CAPTCHA_PROVIDER: provider,
        CAPTCHA_SECRET_KEY: 'hosted-secret',
        CAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
      });
      try {
        const signup = (captcha: string) =>
          testApp.app.inject({
            method: 'POST',
            url: '/api/auth/signup',
            payload: {
              nickname: 'H',
              email: `h.${captcha}.${Date.now()}@example.com`,
              password: 'long enough pw',
              captcha,
            },
            ...csrf(),
          });
        expect((await signup('robot-token')).json().error).toBe('CAPTCHA_FAILED');
        expect((await signup('human-token')).statusCode).toBe(200);
        expect(seen.at(-1)?.get('secret')).toBe('hosted-secret');
      } finally {
        await testApp.close();
        verifier.close();
      }
    },
  );
});
