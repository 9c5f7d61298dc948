/**
 * Machine names of errors the API answers with (docs/product/platform.md#the-error-shape), one closed list: the server
 * throws only these, the error schema of the OpenAPI document enumerates them, and the web
 * translates each through the `errors.<NAME>` keys of the catalogs; `code` carries the
 * fixed numbers of docs/product/accounts.md#result-codes where the product defines one.
 */
/** What the API answers for an error: its HTTP status, and the catalog key pages show it by. */
export interface ErrorRule {
  status: number;
  /** `errors.<NAME>` in the common catalog, or `errors.generic` for errors no page shows (webhooks, staff tools). */
  message: `errors.${string}`;
  /** A status of its own for a problem the error names in `details.problem`. */
  byProblem?: Record<string, number>;
}

/** Every error by name: call sites give the name (server/errors.ts), this table the status and message. */
export const ERRORS = {
  INVALID_INPUT: { status: 400, message: 'errors.INVALID_INPUT' },
  CSRF_FAILED: { status: 403, message: 'errors.CSRF_FAILED' },
  NOT_FOUND: { status: 404, message: 'errors.NOT_FOUND' },
  RATE_LIMITED: { status: 429, message: 'errors.RATE_LIMITED' },
  UNAVAILABLE: { status: 503, message: 'errors.UNAVAILABLE' },
  INTERNAL: { status: 500, message: 'errors.INTERNAL' },
  // Accounts (docs/product/accounts.md): sign-up, login, activation, password reset, profile, social sign-in.
  INVALID_NAME: { status: 400, message: 'errors.INVALID_NAME' },
  INVALID_EMAIL: { status: 400, message: 'errors.INVALID_EMAIL' },
  INVALID_PASSWORD: { status: 400, message: 'errors.INVALID_PASSWORD' },
  BAD_EMAIL_DOMAIN: { status: 400, message: 'errors.BAD_EMAIL_DOMAIN' },
  CAPTCHA_REQUIRED: { status: 400, message: 'errors.CAPTCHA_REQUIRED' },
  CAPTCHA_FAILED: { status: 400, message: 'errors.CAPTCHA_FAILED' },
  EMAIL_TAKEN: { status: 409, message: 'errors.EMAIL_TAKEN' },
  EMAIL_TAKEN_BY_SOCIAL: { status: 409, message: 'errors.EMAIL_TAKEN_BY_SOCIAL' },
  ACTIVATION_MAIL_FAILED: { status: 502, message: 'errors.ACTIVATION_MAIL_FAILED' },
  MAIL_FAILED: { status: 502, message: 'errors.MAIL_FAILED' },
  ACCOUNT_NOT_FOUND: { status: 401, message: 'errors.ACCOUNT_NOT_FOUND' },
  WRONG_PASSWORD: { status: 401, message: 'errors.WRONG_PASSWORD' },
  NOT_ACTIVATED: { status: 403, message: 'errors.NOT_ACTIVATED' },
  ACCOUNT_DISABLED: { status: 403, message: 'errors.ACCOUNT_DISABLED' },
  INVALID_CODE: { status: 400, message: 'errors.INVALID_CODE' },
  CODE_EXPIRED: { status: 400, message: 'errors.CODE_EXPIRED' },
  TOO_MANY_ATTEMPTS: { status: 400, message: 'errors.TOO_MANY_ATTEMPTS' },
  RESEND_TOO_SOON: { status: 429, message: 'errors.RESEND_TOO_SOON' },
  INVALID_TOKEN: { status: 400, message: 'errors.INVALID_TOKEN' },
  NOT_SIGNED_IN: { status: 401, message: 'errors.NOT_SIGNED_IN' },
  FORBIDDEN: { status: 403, message: 'errors.FORBIDDEN' },
  /** Staff must type their password again before this (a role change, a refund). */
  PASSWORD_REQUIRED: { status: 403, message: 'errors.PASSWORD_REQUIRED' },
  EARLY_ADOPTER: { status: 403, message: 'errors.EARLY_ADOPTER' },
  SOCIAL_FAILED: { status: 400, message: 'errors.SOCIAL_FAILED' },
  // Award search and tracking.
  INVALID_AWARD_QUERY: { status: 400, message: 'errors.INVALID_AWARD_QUERY' },
  SEARCH_TIMEOUT: { status: 504, message: 'errors.SEARCH_TIMEOUT' },
  SEARCH_UNAVAILABLE: { status: 503, message: 'errors.SEARCH_UNAVAILABLE' },
  SEARCH_MAINTENANCE: { status: 503, message: 'errors.SEARCH_MAINTENANCE' },
  ASSISTANT_MAINTENANCE: { status: 503, message: 'errors.ASSISTANT_MAINTENANCE' },
  QUESTION_TOO_SHORT: { status: 400, message: 'errors.QUESTION_TOO_SHORT' },
  ASSISTANT_DAILY_LIMIT: { status: 429, message: 'errors.ASSISTANT_DAILY_LIMIT' },
  SEARCH_TOO_MANY_DAYS: { status: 400, message: 'errors.SEARCH_TOO_MANY_DAYS' },
  SEARCH_OVER_LIMIT: { status: 429, message: 'errors.SEARCH_OVER_LIMIT' },
  SEARCH_MONTH_USED_UP: { status: 403, message: 'errors.SEARCH_MONTH_USED_UP' },
  SCRAPING_CLOSED_BETA: { status: 403, message: 'errors.SCRAPING_CLOSED_BETA' },
  TRACKING_DAYS_EXCEEDED: { status: 409, message: 'errors.TRACKING_DAYS_EXCEEDED' },
  TRACKING_DATES_PAST: { status: 400, message: 'errors.TRACKING_DATES_PAST' },
  TRACKING_LINK_INVALID: { status: 400, message: 'errors.TRACKING_LINK_INVALID' },
  // Payments and sponsorship; WEBHOOK_REJECTED answers only the processor's webhooks, never a browser.
  CARD_INFO_INCOMPLETE: { status: 400, message: 'errors.CARD_INFO_INCOMPLETE' },
  ALREADY_SPONSORING: { status: 409, message: 'errors.ALREADY_SPONSORING' },
  NOT_SPONSORING: { status: 409, message: 'errors.NOT_SPONSORING' },
  WEBHOOK_REJECTED: { status: 401, message: 'errors.generic' },
  WEBHOOK_MALFORMED: { status: 400, message: 'errors.generic' },
  PROCESSOR_REFUSED: { status: 502, message: 'errors.generic' },
  // Card tools.
  UNKNOWN_CARD: { status: 404, message: 'errors.UNKNOWN_CARD' },
  UNKNOWN_PROGRAMME: { status: 400, message: 'errors.UNKNOWN_PROGRAMME' },
  WALLET_CARDS_FULL: { status: 409, message: 'errors.WALLET_CARDS_FULL' },
  WALLET_PROGRAMMES_FULL: { status: 409, message: 'errors.WALLET_PROGRAMMES_FULL' },
  // Storefront (docs/product/storefront.md#checkout).
  STOREFRONT_CLOSED: { status: 503, message: 'errors.STOREFRONT_CLOSED' },
  STOREFRONT_MAINTENANCE: { status: 503, message: 'errors.STOREFRONT_MAINTENANCE' },
  INVALID_QUANTITY: { status: 400, message: 'errors.INVALID_QUANTITY' },
  INVALID_ACCOUNT: { status: 400, message: 'errors.INVALID_ACCOUNT' },
  CAP_REACHED: { status: 409, message: 'errors.CAP_REACHED' },
  ORDERS_CLOSED: { status: 409, message: 'errors.ORDERS_CLOSED' },
  QUOTE_EXPIRED: { status: 409, message: 'errors.QUOTE_EXPIRED' },
  ORDER_CLOSED: { status: 409, message: 'errors.ORDER_CLOSED' },
  // Shop (docs/product/shop.md#checkout).
  SHOP_QUANTITY: { status: 400, message: 'errors.SHOP_QUANTITY' },
  SHOP_OUT_OF_STOCK: { status: 409, message: 'errors.SHOP_OUT_OF_STOCK' },
  SHOP_CART_FULL: { status: 409, message: 'errors.SHOP_CART_FULL' },
  SHOP_CART_EMPTY: { status: 409, message: 'errors.SHOP_CART_EMPTY' },
  SHOP_HOLD_EXPIRED: { status: 409, message: 'errors.SHOP_HOLD_EXPIRED' },
  SHOP_ADDRESS_REQUIRED: { status: 400, message: 'errors.SHOP_ADDRESS_REQUIRED' },
  SHOP_ORDER_MOVED: { status: 409, message: 'errors.SHOP_ORDER_MOVED' },
  SHOP_LINK_EXPIRED: { status: 410, message: 'errors.SHOP_LINK_EXPIRED' },
  // Shared data (docs/shares.md)
  INVALID_SHARE: { status: 400, message: 'errors.INVALID_SHARE' },
  STORE_NAME_TAKEN: { status: 409, message: 'errors.STORE_NAME_TAKEN' },
  RECORD_CHANGED: { status: 409, message: 'errors.RECORD_CHANGED' },
  // Articles (docs/articles.md)
  INVALID_ARTICLE: { status: 400, message: 'errors.INVALID_ARTICLE' },
  ARTICLE_CONFLICT: { status: 409, message: 'errors.ARTICLE_CONFLICT' },
  IMAGE_REFUSED: {
    status: 400,
    message: 'errors.IMAGE_REFUSED',
    byProblem: { 'too-large': 413, busy: 503 },
  },
  // Newsletter (docs/newsletter.md)
  NEWSLETTER_LINK_INVALID: { status: 400, message: 'errors.NEWSLETTER_LINK_INVALID' },
  NEWSLETTER_CONFIRM_INVALID: { status: 400, message: 'errors.NEWSLETTER_CONFIRM_INVALID' },
  NEWSLETTER_ISSUE_CLOSED: { status: 409, message: 'errors.NEWSLETTER_ISSUE_CLOSED' },
} as const satisfies Record<string, ErrorRule>;
export type ErrorName = keyof typeof ERRORS;
export const ERROR_NAMES = Object.keys(ERRORS) as ErrorName[];

/** The HTTP status of an error, by its name and the problem it names. */
export function errorStatus(name: ErrorName, problem?: unknown): number {
  const rule: ErrorRule = ERRORS[name];
  return (typeof problem === 'string' ? rule.byProblem?.[problem] : undefined) ?? rule.status;
}

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
