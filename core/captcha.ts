/**
 * The proof-of-work captcha in the ALTCHA protocol's shape: the server sends SHA-256(salt + n)
 * with an HMAC signature; the browser finds n by trying numbers up to `maxnumber` and sends the
 * solution back, base64-encoded JSON.
 */
export interface AltchaChallenge {
  algorithm: 'SHA-256';
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

export interface AltchaSolution {
  algorithm: string;
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

/**
 * How hard the robot check is: `hard` after many failed logins to one address (a proof of work
 * ten times longer; a hosted captcha is asked for even where login needs none).
 */
export type CaptchaStrength = 'normal' | 'hard';

/** The test provider's answers (only with CAPTCHA_PROVIDER=test, refused in production). */
export const TEST_CAPTCHA_TOKENS = {
  normal: 'test-ok',
  hard: 'test-ok-hard',
} as const satisfies Record<CaptchaStrength, string>;
