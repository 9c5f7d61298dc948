import { createHash, randomBytes, randomInt } from 'node:crypto';
import { hmac, sameHex } from '../auth/index.ts';

import type { AltchaChallenge, AltchaSolution, CaptchaStrength } from '../../../core/captcha.ts';

export type { AltchaChallenge, AltchaSolution };

const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

export function createAltchaChallenge(
  secret: string,
  options: { maxNumber: number; ttlMs: number; now?: number; strength?: CaptchaStrength },
): AltchaChallenge {
  const expires = Math.floor(((options.now ?? Date.now()) + options.ttlMs) / 1000);
  // The salt's parameters are part of what is hashed and signed: neither the expiry nor the strength can be changed.
  const salt = `${randomBytes(12).toString('hex')}?expires=${expires}${options.strength === 'hard' ? '&strength=hard' : ''}`;
  const challenge = sha256Hex(`${salt}${randomInt(options.maxNumber + 1)}`);
  return {
    algorithm: 'SHA-256',
    challenge,
    maxnumber: options.maxNumber,
    salt,
    signature: hmac(secret, challenge),
  };
}

/** Reads the base64 JSON payload the browser sends; null when it is not one. */
export function parseAltchaPayload(payload: string): AltchaSolution | null {
  try {
    const value = JSON.parse(
      Buffer.from(payload, 'base64').toString('utf8'),
    ) as Partial<AltchaSolution>;
    if (
      typeof value.algorithm === 'string' &&
      typeof value.challenge === 'string' &&
      typeof value.number === 'number' &&
      typeof value.salt === 'string' &&
      typeof value.signature === 'string'
    ) {
      return value as AltchaSolution;
    }
  } catch {
    // fall through
  }
  return null;
}

/** Checks signature, expiry and the work itself. Replay is the caller's job (store the challenge). */
export function checkAltchaSolution(
  secret: string,
  solution: AltchaSolution,
  now = Date.now(),
): { ok: true; expiresAt: Date; strength: CaptchaStrength } | { ok: false } {
  if (solution.algorithm !== 'SHA-256' || !/^[0-9a-f]{64}$/.test(solution.challenge))
    return { ok: false };
  if (
    !/^[0-9a-f]{64}$/.test(solution.signature) ||
    !sameHex(hmac(secret, solution.challenge), solution.signature)
  )
    return { ok: false };
  const params = new URLSearchParams(solution.salt.split('?')[1] ?? '');
  const expires = Number(params.get('expires'));
  if (!Number.isFinite(expires) || expires * 1000 < now) return { ok: false };
  if (!Number.isInteger(solution.number) || solution.number < 0) return { ok: false };
  if (sha256Hex(`${solution.salt}${solution.number}`) !== solution.challenge) return { ok: false };
  return {
    ok: true,
    expiresAt: new Date(expires * 1000),
    strength: params.get('strength') === 'hard' ? 'hard' : 'normal',
  };
}
