import { lt } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { usedCaptchaChallenges } from '../../db/schema/index.ts';
import { TEST_CAPTCHA_TOKENS, type CaptchaStrength } from '../../../core/captcha.ts';
import {
  checkAltchaSolution,
  createAltchaChallenge,
  parseAltchaPayload,
  type AltchaChallenge,
} from './altcha.ts';

/** Numbers a proof of work may need to try: about a second on a phone, and ten times that when hard. */
const ALTCHA_MAX_NUMBER = { normal: 50_000, hard: 500_000 } as const satisfies Record<
  CaptchaStrength,
  number
>;
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

  challenge(strength: CaptchaStrength = 'normal'): AltchaChallenge {
    return createAltchaChallenge(this.options.secret, {
      maxNumber: ALTCHA_MAX_NUMBER[strength],
      ttlMs: ALTCHA_TTL_MS,
      strength,
    });
  }

  /** Checks an answer; `hard` takes only an answer to a hard challenge (its strength is signed into the challenge). */
  async verify(
    token: string,
    remoteIp: string,
    strength: CaptchaStrength = 'normal',
  ): Promise<boolean> {
    if (!token) return false;
    switch (this.provider) {
      case 'test':
        return (
          token === TEST_CAPTCHA_TOKENS[strength] ||
          (strength === 'normal' && token === TEST_CAPTCHA_TOKENS.hard)
        );
      case 'altcha':
        return this.verifyAltcha(token, strength);
      case 'turnstile':
      case 'recaptcha':
        return this.verifyRemote(this.provider, token, remoteIp);
    }
  }

  private async verifyAltcha(token: string, strength: CaptchaStrength): Promise<boolean> {
    const solution = parseAltchaPayload(token);
    if (!solution) return false;
    const checked = checkAltchaSolution(this.options.secret, solution);
    if (!checked.ok || (strength === 'hard' && checked.strength !== 'hard')) return false;
    // A solved challenge is good once: the insert fails on a replay.
    const inserted = await this.options.db
      .insert(usedCaptchaChallenges)
      .values({ challenge: solution.challenge, expiresAt: checked.expiresAt })
      .onConflictDoNothing()
      .returning({ challenge: usedCaptchaChallenges.challenge });
    await this.options.db
      .delete(usedCaptchaChallenges)
      .where(lt(usedCaptchaChallenges.expiresAt, new Date()));
    return inserted.length === 1;
  }

  private async verifyRemote(
    provider: 'turnstile' | 'recaptcha',
    token: string,
    remoteIp: string,
  ): Promise<boolean> {
    const url = this.options.config.CAPTCHA_VERIFY_URL || VERIFY_URLS[provider];
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          secret: this.options.config.CAPTCHA_SECRET_KEY,
          response: token,
          remoteip: remoteIp,
        }),
        signal: AbortSignal.timeout(8000),
      });
      const body = (await response.json()) as { success?: boolean };
      return body.success === true;
    } catch {
      return false;
    }
  }
}
