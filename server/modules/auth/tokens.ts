import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A random token for a cookie or a link: 32 bytes, base64url. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored for a session token: its SHA-256 (the token itself has 256 bits of entropy). */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** What is stored for a short code: an HMAC with the app secret, so a leaked table cannot be brute-forced offline. */
export function hmac(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

/** Two strings compared in constant time (tokens, signatures, bearer keys). */
export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

// No 0/O or 1/I, so a code read from a phone screen is typed right.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** An activation code: letters and digits (docs/product/accounts.md#input-limits), uniformly random. */
export function randomCode(length: number): string {
  let code = '';
  for (let index = 0; index < length; index += 1)
    code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}
