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
