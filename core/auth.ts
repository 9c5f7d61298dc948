/**
 * Account rules shared by the sign-in forms and the server: codes, normalisation and the checks
 * in the spec's order. No zod here, because every page imports this; the request schemas are in
 * auth-contract.ts.
 */
import { LIMITS } from './limits.ts';

/** Numeric codes that sign-up, login and social sign-in answer with (docs/product/accounts.md#result-codes). */
export const SIGNUP_CODES = {
  invalidEmail: -1,
  invalidPassword: -2,
  invalidName: -3,
  emailTaken: -4,
  activationMailFailed: -5,
  emailTakenBySocial: -6,
  badEmailDomain: -7,
} as const;
export const LOGIN_CODES = { accountNotFound: -1, notActivated: -2, wrongPassword: -4 } as const;
export const SOCIAL_CODES = { earlyAdopter: -103, failed: -101 } as const;

/** Minimum password length at sign-up and reset (the spec asks only for non-empty; see docs/accounts.md). */
export const PASSWORD_MIN = 8;
export const ACTIVATION_CODE_PATTERN = /^[A-Za-z0-9_]+$/;

/** The e-mail loses all white space and is cut at 254 characters; stored lower case (docs/product/accounts.md#input-limits). */
export function normalizeEmail(raw: string): string {
  return raw.replace(/\s+/g, '').slice(0, LIMITS.input.emailMax);
}

/** The password loses all white space and is cut at 64 characters (docs/product/accounts.md#input-limits). */
export function normalizePassword(raw: string): string {
  return raw.replace(/\s+/g, '').slice(0, LIMITS.input.passwordMax);
}

/** A nickname as stored: composed form (NFC), trimmed, cut at the limit between characters (never inside an emoji's surrogate pair). */
export function normalizeNickname(raw: string): string {
  return Array.from(raw.normalize('NFC').trim()).slice(0, LIMITS.input.nicknameMax).join('').trim();
}

export function normalizeCode(raw: string): string {
  return raw.trim().slice(0, LIMITS.activation.codeLength).toUpperCase();
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isValidEmail(email: string): boolean {
  return email.length > 0 && email.length <= LIMITS.input.emailMax && EMAIL_PATTERN.test(email);
}

/** The domain of an address, lower case; '' when there is none. */
export function emailDomain(email: string): string {
  return email.split('@')[1]?.toLowerCase() ?? '';
}

/** True when the address is at one of the domains (or a subdomain of one). */
export function emailAtDomains(email: string, domains: readonly string[]): boolean {
  const domain = emailDomain(email);
  return domains.some((candidate) => domain === candidate || domain.endsWith(`.${candidate}`));
}

export type SignupProblem = 'invalidName' | 'invalidEmail' | 'invalidPassword' | 'captchaRequired';

/**
 * Sign-up checks in the order of docs/product/accounts.md#sign-up: nickname, e-mail, password,
 * captcha. The form and the server both use this, so the first problem a visitor is told about is
 * the same on both sides.
 */
export function firstSignupProblem(input: {
  nickname: string;
  email: string;
  password: string;
  captcha: string;
}): SignupProblem | null {
  return signupProblems(input)[0] ?? null;
}

/** Every sign-up problem at once, in the same order: the form marks each field in one go. */
export function signupProblems(input: {
  nickname: string;
  email: string;
  password: string;
  captcha: string;
}): SignupProblem[] {
  const problems: SignupProblem[] = [];
  if (normalizeNickname(input.nickname) === '') problems.push('invalidName');
  if (!isValidEmail(normalizeEmail(input.email))) problems.push('invalidEmail');
  if (normalizePassword(input.password).length < PASSWORD_MIN) problems.push('invalidPassword');
  if (input.captcha === '') problems.push('captchaRequired');
  return problems;
}

export type LoginProblem = 'invalidEmail' | 'invalidPassword' | 'captchaRequired';

/** Login checks of docs/product/accounts.md#login: e-mail, password, then captcha unless it is skipped. */
export function firstLoginProblem(
  input: { email: string; password: string; captcha: string },
  captchaRequired: boolean,
): LoginProblem | null {
  return loginProblems(input, captchaRequired)[0] ?? null;
}

/** Every login problem at once, in the same order. */
export function loginProblems(
  input: { email: string; password: string; captcha: string },
  captchaRequired: boolean,
): LoginProblem[] {
  const problems: LoginProblem[] = [];
  if (!isValidEmail(normalizeEmail(input.email))) problems.push('invalidEmail');
  if (normalizePassword(input.password) === '') problems.push('invalidPassword');
  if (captchaRequired && input.captcha === '') problems.push('captchaRequired');
  return problems;
}

/** Account id prefixes: `fb_` marks a Facebook account (docs/product/accounts.md#social-sign-in); the others follow suit. */
export const SOCIAL_PROVIDERS = { facebook: 'fb_', google: 'gg_', line: 'ln_' } as const;
export type SocialProvider = keyof typeof SOCIAL_PROVIDERS;
export const PASSWORD_ACCOUNT_PREFIX = 'tp_';

export function isSocialAccount(account: string): boolean {
  return Object.values(SOCIAL_PROVIDERS).some((prefix) => account.startsWith(prefix));
}
