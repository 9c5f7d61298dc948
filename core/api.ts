/**
 * Machine names of errors the API answers with (docs/product/platform.md#the-error-shape), one closed list: the server
 * throws only these, the error schema of the OpenAPI document enumerates them, and the web
 * translates each through the `errors.<NAME>` keys of the catalogs; `code` carries the
 * fixed numbers of docs/product/accounts.md#result-codes where the product defines one.
 */
export const ERROR_NAMES = [
  'INVALID_INPUT',
  'CSRF_FAILED',
  'NOT_FOUND',
  'RATE_LIMITED',
  'UNAVAILABLE',
  'INTERNAL',
  // Accounts (docs/product/accounts.md): sign-up, login, activation, password reset, profile, social sign-in.
  'INVALID_NAME',
  'INVALID_EMAIL',
  'INVALID_PASSWORD',
  'BAD_EMAIL_DOMAIN',
  'CAPTCHA_REQUIRED',
  'CAPTCHA_FAILED',
  'EMAIL_TAKEN',
  'EMAIL_TAKEN_BY_SOCIAL',
  'ACTIVATION_MAIL_FAILED',
  'MAIL_FAILED',
  'ACCOUNT_NOT_FOUND',
  'WRONG_PASSWORD',
  'NOT_ACTIVATED',
  'INVALID_CODE',
  'CODE_EXPIRED',
  'TOO_MANY_ATTEMPTS',
  'RESEND_TOO_SOON',
  'INVALID_TOKEN',
  'NOT_SIGNED_IN',
  'FORBIDDEN',
  'EARLY_ADOPTER',
  'SOCIAL_FAILED',
  // Award search and tracking.
  'INVALID_AWARD_QUERY',
  'SEARCH_TIMEOUT',
  'SEARCH_UNAVAILABLE',
  'SEARCH_MAINTENANCE',
  'SEARCH_TOO_MANY_DAYS',
  'SEARCH_OVER_LIMIT',
  'SEARCH_MONTH_USED_UP',
  'SCRAPING_CLOSED_BETA',
  'TRACKING_DAYS_EXCEEDED',
  'TRACKING_DATES_PAST',
  'TRACKING_LINK_INVALID',
  // Payments and sponsorship; WEBHOOK_REJECTED answers only the processor's webhooks, never a browser.
  'CARD_INFO_INCOMPLETE',
  'ALREADY_SPONSORING',
  'NOT_SPONSORING',
  'WEBHOOK_REJECTED',
  // Card tools.
  'UNKNOWN_CARD',
  'UNKNOWN_PROGRAMME',
  'WALLET_CARDS_FULL',
  'WALLET_PROGRAMMES_FULL',
  // Storefront (docs/product/storefront.md#checkout).
  'STOREFRONT_CLOSED',
  'INVALID_QUANTITY',
  'INVALID_ACCOUNT',
  'CAP_REACHED',
  'ORDERS_CLOSED',
  'QUOTE_EXPIRED',
  'ORDER_CLOSED',
  // Shared data (docs/shares.md)
  'INVALID_SHARE',
  'STORE_NAME_TAKEN',
  // Articles (docs/articles.md)
  'INVALID_ARTICLE',
  'ARTICLE_CONFLICT',
  'IMAGE_REFUSED',
  // Newsletter (docs/newsletter.md)
  'NEWSLETTER_LINK_INVALID',
  'NEWSLETTER_CONFIRM_INVALID',
  'NEWSLETTER_ISSUE_CLOSED',
] as const;
export type ErrorName = (typeof ERROR_NAMES)[number];

/** The one error shape of every API answer (docs/product/platform.md#the-error-shape). */
export interface ApiError {
  ok: false;
  code: number;
  error: ErrorName;
  message: string;
  fields?: Record<string, string>;
  /** Figures the message names (how many can still be bought), for the page to put in its own words. */
  details?: Record<string, string | number | null>;
}

export function isErrorName(value: unknown): value is ErrorName {
  return typeof value === 'string' && (ERROR_NAMES as readonly string[]).includes(value);
}

export function isApiError(value: unknown): value is ApiError {
  if (!value || typeof value !== 'object') return false;
  const body = value as Record<string, unknown>;
  return (
    body.ok === false &&
    typeof body.code === 'number' &&
    isErrorName(body.error) &&
    typeof body.message === 'string'
  );
}

/** Generic numeric code for errors the spec gives no number of its own. */
export const GENERIC_ERROR_CODE = -99;

/** Header names of the CSRF double-submit (docs/product/platform.md#requests). */
export const CSRF_COOKIE = 'csrftoken';
/** The token's cookie over https: the `__Host-` prefix lets only this exact host, over TLS, set it. */
export const CSRF_COOKIE_SECURE = '__Host-csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
export const REQUESTED_WITH_HEADER = 'x-requested-with';
export const LANGUAGE_COOKIE = 'lang';
export const MONEY_CURRENCY_COOKIE = 'currency';
export const SESSION_COOKIE = 'SF_SID';
