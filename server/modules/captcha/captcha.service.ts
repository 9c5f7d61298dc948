import { lt } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { usedCaptchaChallenges } from '../../db/schema/index.ts';
import { checkAltchaSolution, createAltchaChallenge, parseAltchaPayload, type AltchaChallenge } from './altcha.ts';

export const TEST_CAPTCHA_TOKEN = 'test-ok';
const ALTCHA_MAX_NUMBER = 50_000;
const ALTCHA_TTL_MS = 10 * 60 * 1000;

const VERIFY_URLS = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
} as const;

/** Checks the captcha answer of a form with the configured provider. */
export class CaptchaService {
  constructor(private readonly options: { config: Config; db: Db; secret: string }) {}

  get provider(): Config['CAPTCHA_PROVIDER'] {
    return this.options.config.CAPTCHA_PROVIDER;
  }

  challenge(): AltchaChallenge {
    return createAltchaChallenge(this.options.secret, { maxNumber: ALTCHA_MAX_NUMBER, ttlMs: ALTCHA_TTL_MS });
  }

  async verify(token: string, remoteIp: string): Promise<boolean> {
    if (!token) return false;
    switch (this.provider) {
      case 'test':
        return token === TEST_CAPTCHA_TOKEN;
      case 'altcha':
        return this.verifyAltcha(token);
      case 'turnstile':
      case 'recaptcha':
        return this.verifyRemote(this.provider, token, remoteIp);
    }
  }

  private async verifyAltcha(token: string): Promise<boolean> {
    const solution = parseAltchaPayload(token);
    if (!solution) return false;
    const checked = checkAltchaSolution(this.options.secret, solution);
    if (!checked.ok) return false;
    // A solved challenge is good once: the insert fails on a replay.
    const inserted = await this.options.db
      .insert(usedCaptchaChallenges)
      .values({ challenge: solution.challenge, expiresAt: checked.expiresAt })
      .onConflictDoNothing()
      .returning({ challenge: usedCaptchaChallenges.challenge });
    await this.options.db.delete(usedCaptchaChallenges).where(lt(usedCaptchaChallenges.expiresAt, new Date()));
    return inserted.length === 1;
  }

  private async verifyRemote(provider: 'turnstile' | 'recaptcha', token: string, remoteIp: string): Promise<boolean> {
    const url = this.options.config.CAPTCHA_VERIFY_URL || VERIFY_URLS[provider];
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: this.options.config.CAPTCHA_SECRET_KEY, response: token, remoteip: remoteIp }),
        signal: AbortSignal.timeout(8000),
      });
      const body = (await response.json()) as { success?: boolean };
      return body.success === true;
    } catch {
      return false;
    }
  }
}
