/* eslint-disable max-lines -- every setting in one schema with its checks, the one reader of process.env (README lists them in the same order). */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { isTimeZone } from '../core/awards/zoned-time.ts';
import { parsePriceList } from '../core/payments/money.ts';

const boolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

/** A price list setting ("USD 4.99, TWD 150, …"), read once here into minor units per currency. */
const priceList = z.string().transform((value, context) => {
  const parsed = parsePriceList(value);
  if ('error' in parsed) {
    context.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  }
  return parsed.prices;
});

/**
 * Every setting the server reads, parsed once at boot. Nothing else reads `process.env`.
 * README.md lists these with their defaults; keep the two in step.
 */
export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** postgres://… uses PostgreSQL; unset uses the embedded PGlite in DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** Folder of the embedded PGlite database; `memory://` keeps it in memory (tests). */
  DATA_DIR: z.string().min(1).default('var/db'),
  /**
   * Public address of the site, e.g. https://www.example.com: every absolute link (e-mails, sign-in
   * callbacks, canonical addresses) is built from it, never from the request's Host. Required in
   * production; elsewhere http://localhost:PORT. Sets Secure cookies when https.
   */
  PUBLIC_URL: z
    .union([
      z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }),
      z.literal(''),
    ])
    .default(''),
  /** Behind a reverse proxy, trust X-Forwarded-* headers. */
  TRUST_PROXY: boolean.default(false),
  /** A host name containing this string serves the card-tools variant (docs/product/routing.md#card-tools-host). */
  CARD_VARIANT_DOMAIN: z.string().min(1).default('cardplus'),
  /** `log` writes analytics events to the server log; `off` sends nothing from browsers. */
  ANALYTICS: z.enum(['off', 'log']).default('off'),
  /**
   * A demonstration, not a shop: production may then start with the sandbox card processor, the
   * test captcha and no mail transport, and every page says no real money moves.
   */
  DEMO_MODE: boolean.default(false),
  /**
   * A bearer token for /metrics. Unset, /metrics answers only a process on this machine, and only
   * when no proxy stands in front (TRUST_PROXY off): behind one, every request would look local.
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Shows the maintenance notice on every page. */
  MAINTENANCE: boolean.default(false),
  SUPPORT_EMAIL: z.email().default('support@example.com'),
  /** Load demo content (the campaign banner) into an empty database at boot. */
  SEED_DEMO: boolean.default(true),
  /**
   * Sample renewal offers and stores (labelled as samples) so shared-data pages are not empty on a
   * fresh install; false removes them at boot. Unset: on, but off on a real site (production
   * without DEMO_MODE), where made-up reports have no place.
   */
  SHARES_SAMPLE_DATA: boolean.optional(),
  /** Folder of uploaded pictures (articles), kept apart from the database so a PGlite in memory still has them on disk. */
  MEDIA_DIR: z.string().min(1).default('var/media'),
  /** Largest picture a member may upload, in bytes (docs/articles.md#pictures). */
  ARTICLE_IMAGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  /** Pictures one article may hold. */
  ARTICLE_MAX_IMAGES: z.coerce.number().int().min(1).default(40),
  /** Characters of text one article may hold (about two hours of reading). */
  ARTICLE_MAX_CHARS: z.coerce.number().int().min(100).default(60_000),
  /** Folder of the built web app. */
  WEB_DIST: z.string().min(1).default('dist/web'),
  /** Seconds a page rendered for visitors is kept for the next one asking the same; 0 renders every time. */
  PAGE_CACHE_S: z.coerce.number().int().min(0).max(3600).default(60),

  /** Key for HMACs (codes, captcha); at least 32 characters. Required in production; elsewhere one is kept in var/secret.key. */
  APP_SECRET: z.string().min(32).optional(),
  /** smtp://user:pass@host:port or smtps://…; unset keeps mail in the outbox, readable at /dev/mailbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('TripPlus <no-reply@tripplus.localhost>'),
  /** altcha (self-hosted proof of work), turnstile, recaptcha, or test (accepts only "test-ok"). */
  CAPTCHA_PROVIDER: z.enum(['altcha', 'turnstile', 'recaptcha', 'test']).default('altcha'),
  CAPTCHA_SITE_KEY: z.string().default(''),
  CAPTCHA_SECRET_KEY: z.string().default(''),
  /** Where the browser loads the captcha script from (Turnstile, reCAPTCHA). */
  CAPTCHA_SCRIPT_URL: z.union([z.url(), z.literal('')]).default(''),
  /** Where the server checks a Turnstile or reCAPTCHA token; the provider's address by default. */
  CAPTCHA_VERIFY_URL: z.union([z.url(), z.literal('')]).default(''),
  /** Ask for the captcha at login too (sign-up always asks). */
  CAPTCHA_ON_LOGIN: boolean.default(true),
  /** Seconds before another activation code may be sent (docs/product/accounts.md#activation-dialog: 2 minutes). */
  ACTIVATION_RESEND_INTERVAL_S: z.coerce.number().int().min(0).default(120),
  ACTIVATION_CODE_TTL_MIN: z.coerce.number().int().min(1).default(30),
  /** Wrong tries after which an activation code dies. */
  ACTIVATION_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  RESET_TOKEN_TTL_MIN: z.coerce.number().int().min(1).default(60),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  /** A staff member's session lasts this long, however long a member's would (docs/security.md#staff-roles). */
  STAFF_SESSION_HOURS: z.coerce.number().int().min(1).default(12),
  /**
   * E-mail addresses the live scan (closed beta) is open to, besides accounts enabled one by one
   * (`members.scraping_enabled`); staff manage the list later (docs/first-use.md#live-scan).
   */
  LIVE_SCAN_MEMBERS: z.string().default(''),
  /** Mail domains that are known to lose mail; sign-up shows a hint (docs/product/accounts.md#input-limits). */
  LOSSY_EMAIL_DOMAINS: z.string().default('hinet.net,seed.net.tw'),
  /** Disposable-mail domains refused at sign-up with code -7. */
  BLOCKED_EMAIL_DOMAINS: z
    .string()
    .default(
      'mailinator.com,yopmail.com,guerrillamail.com,10minutemail.com,trashmail.com,sharklasers.com',
    ),
  /** Multiplies every rate limit (browser tests sign in many times from one address). */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /** `closed` refuses new social accounts with the early-adopter notice (-103); existing ones still sign in. */
  SOCIAL_SIGNUP: z.enum(['open', 'closed']).default('open'),
  FACEBOOK_CLIENT_ID: z.string().default(''),
  FACEBOOK_CLIENT_SECRET: z.string().default(''),
  /** Override the provider's addresses (a local OAuth server in tests). */
  FACEBOOK_AUTH_URL: z.union([z.url(), z.literal('')]).default(''),
  FACEBOOK_TOKEN_URL: z.union([z.url(), z.literal('')]).default(''),
  FACEBOOK_API_URL: z.union([z.url(), z.literal('')]).default(''),
  GOOGLE_CLIENT_ID: z.string().default(''),
  GOOGLE_CLIENT_SECRET: z.string().default(''),
  LINE_CLIENT_ID: z.string().default(''),
  LINE_CLIENT_SECRET: z.string().default(''),

  /**
   * How notices travel between processes (docs/notices.md#delivery): `builtin` is PostgreSQL's
   * LISTEN/NOTIFY (in one process on the embedded database); `pubnub` is the hosted service.
   */
  MESSAGING: z.enum(['builtin', 'pubnub']).default('builtin'),
  /** Which PubNub keys: unset, production's on a production build and staging's elsewhere. */
  PUBNUB_KEYSET: z.enum(['production', 'staging']).optional(),
  PUBNUB_PUBLISH_KEY: z.string().default(''),
  PUBNUB_SUBSCRIBE_KEY: z.string().default(''),
  PUBNUB_STAGING_PUBLISH_KEY: z.string().default(''),
  PUBNUB_STAGING_SUBSCRIBE_KEY: z.string().default(''),
  /** Seals every message in the message envelope (docs/operations.md#message-envelope). */
  PUBNUB_CIPHER_KEY: z.string().default(''),
  PUBNUB_ORIGIN: z.url().default('https://ps.pndsn.com'),

  /** seats.aero Partner API key; set, award search also asks seats.aero's cached availability. */
  SEATS_AERO_API_KEY: z.string().default(''),
  SEATS_AERO_BASE_URL: z.url().default('https://seats.aero/partnerapi'),
  /** Milliseconds each source may take for one alliance, and for the whole search. */
  AWARD_SOURCE_TIMEOUT_MS: z.coerce.number().int().min(100).default(8000),
  AWARD_SEARCH_DEADLINE_MS: z.coerce.number().int().min(100).default(20000),
  /** Seed of the simulated availability source (same seed, same seats). */
  AWARD_SIMULATION_SEED: z.coerce.number().int().default(20261121),
  /** Simulate only the routes between these airports (comma-separated), for quick starts and tests; empty: every route. */
  AWARD_SIMULATION_AIRPORTS: z.string().default(''),
  /** Days ahead the simulated source holds when AWARD_SIMULATION_AIRPORTS is set (the full inventory holds 331). */
  AWARD_SIMULATION_DAYS: z.coerce.number().int().min(1).max(331).default(331),
  /**
   * Alliances the simulated source fails for (comma-separated: star, oneworld, skyteam), to show
   * and test an outage: the other alliances' results still show, with the alliance-down notice.
   */
  AWARD_SIMULATION_OUTAGE: z.string().default(''),
  /** Alliances the simulated source answers too slowly for (past AWARD_SOURCE_TIMEOUT_MS), as a hung upstream would. */
  AWARD_SIMULATION_SLOW: z.string().default(''),
  /** Shows the award search's maintenance message (docs/product/award-search.md#states-and-messages) while the rest of the site works. */
  AWARD_SEARCH_MAINTENANCE: boolean.default(false),

  /** The assistant (docs/assistant.md): its maintenance notice, instead of answers. */
  ASSISTANT_MAINTENANCE: boolean.default(false),
  /** A question smaller than this (Chinese characters, and each Latin word as two) gets the hint asking for more detail. */
  ASSISTANT_MIN_SIZE: z.coerce.number().int().min(1).max(20).default(4),
  /** Questions a day per visitor's address, and per member. */
  ASSISTANT_VISITOR_DAILY: z.coerce.number().int().min(0).default(20),
  ASSISTANT_MEMBER_DAILY: z.coerce.number().int().min(0).default(200),
  /**
   * An OpenAI-compatible chat-completions endpoint (e.g. https://api.openai.com/v1) and its key and
   * model: when set, the model words the answers from the retrieved rows only. Empty: the
   * built-in answers.
   */
  ASSISTANT_MODEL_URL: z.string().default(''),
  ASSISTANT_MODEL_KEY: z.string().default(''),
  ASSISTANT_MODEL_NAME: z.string().default(''),

  /**
   * Background jobs (tracking checks): `in-process` runs them inside this server; `off` leaves
   * them to `npm run worker` processes (PostgreSQL only: PGlite belongs to one process).
   */
  JOBS: z.enum(['in-process', 'off']).default('in-process'),
  /** Minutes between tracking check cycles (1–60; a cycle starts at every multiple of it past the hour). */
  TRACKING_CHECK_INTERVAL_MIN: z.coerce.number().int().min(1).max(60).default(15),
  /** Seconds a process may hold an e-mail it is sending before another process may send it instead. */
  MAIL_LEASE_S: z.coerce.number().int().min(1).default(300),

  /**
   * DKIM signing of every e-mail (docs/newsletter.md#deliverability): the signing domain, the
   * selector whose TXT record holds the public key, and the private key in PEM (`\n` may stand
   * for line breaks). All three or none.
   */
  DKIM_DOMAIN: z.string().default(''),
  DKIM_SELECTOR: z.string().default(''),
  DKIM_PRIVATE_KEY: z.string().default(''),
  /** Newsletter messages sent per minute at most (the sender's throttle). */
  NEWSLETTER_RATE_PER_MIN: z.coerce.number().int().min(1).max(100_000).default(300),
  /** Seconds a sender holds an issue; a sender that died leaves it to another after this. */
  NEWSLETTER_LEASE_S: z.coerce.number().int().min(1).default(120),
  /** The postal address every newsletter's footer shows (anti-spam law); required on a real site. */
  NEWSLETTER_POSTAL_ADDRESS: z.string().default(''),
  /** Where List-Unsubscribe's mailto goes; unsubscribe@ the domain of MAIL_FROM when unset. */
  NEWSLETTER_UNSUBSCRIBE_MAILTO: z.string().default(''),
  /** Bearer token of the mail provider's bounce and complaint webhook; unset, the webhook answers 404. */
  MAIL_WEBHOOK_TOKEN: z.string().min(24).optional(),

  /** The card processor: `sandbox`, the built-in simulated one (test cards only; no real money moves), or `stripe` (docs/payments.md#stripe). */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  /** Stripe's secret key (sk_live_… or sk_test_…); with PAYMENT_PROVIDER=stripe, PAYMENT_PUBLIC_KEY is its publishable key and PAYMENT_WEBHOOK_SECRET the endpoint's whsec_… secret. */
  STRIPE_SECRET_KEY: z.string().default(''),
  /** Where Stripe's API is reached; Stripe's own address by default (a loopback fake in tests). */
  STRIPE_API_URL: z.union([z.url(), z.literal('')]).default(''),
  /** Stripe.js, which draws the card fields (Elements) in the checkout page. */
  STRIPE_JS_URL: z.url().default('https://js.stripe.com/v3/'),
  /** The processor's public key (given to the page) and webhook signing secret; for the sandbox both are derived from APP_SECRET when unset. */
  PAYMENT_PUBLIC_KEY: z.string().default(''),
  PAYMENT_WEBHOOK_SECRET: z.string().default(''),
  /** Monthly prices per money currency, e.g. "USD 4.99, TWD 150, CAD 6.99, HKD 39, CNY 35" (every currency of docs/product/README.md#money-currencies). */
  PRICE_SPONSOR: priceList.prefault('USD 4.99, TWD 150, CAD 6.99, HKD 39, CNY 35'),
  PRICE_SPONSOR_MORE: priceList.prefault('USD 9.99, TWD 300, CAD 13.99, HKD 78, CNY 70'),
  PRICE_BUSINESS: priceList.prefault('USD 99, TWD 3000, CAD 135, HKD 780, CNY 700'),
  /** The time zone billing months turn in (a sponsorship begun on the 31st at 23:30 renews on the last day of shorter months at 23:30 there). */
  BILLING_TIME_ZONE: z.string().refine(isTimeZone, 'not an IANA time zone').default('Asia/Taipei'),
  /** Minutes between runs of the renewal job (1–60). */
  RENEWAL_CHECK_INTERVAL_MIN: z.coerce.number().int().min(1).max(60).default(15),
  /**
   * Who posts bought miles to programme accounts (docs/storefront.md#crediting-partner): `sandbox`,
   * the built-in simulated partner, or `none` (the storefront shows prices and takes no orders).
   */
  CREDITING_PARTNER: z.enum(['sandbox', 'none']).default('sandbox'),
  /** Minutes the sandbox partner takes to post an accepted order. */
  SANDBOX_POSTING_MIN: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .default(5),
  /** Share of orders (0–1) picked at random for a review before crediting, besides every first purchase. */
  STOREFRONT_SPOT_CHECK_RATE: z.coerce.number().min(0).max(1).default(0.05),
  /** An affiliate's commission, in percent of each payment attributed to them (docs/affiliates.md). */
  AFFILIATE_COMMISSION_PERCENT: z.coerce.number().min(0).max(50).default(10),
  /** Minutes between runs of the crediting job (1–60). */
  CREDITING_CHECK_INTERVAL_MIN: z.coerce.number().int().min(1).max(60).default(1),
});

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses settings, listing every bad key at once rather than stopping at the first. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known = Object.fromEntries(
    Object.keys(ConfigSchema.shape).map((key) => [
      key,
      env[key] === '' && key !== 'PUBLIC_URL' ? undefined : env[key],
    ]),
  );
  const parsed = ConfigSchema.safeParse(known);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const problems: string[] = [];
  const production = parsed.data.NODE_ENV === 'production';
  if (production && !parsed.data.APP_SECRET)
    problems.push('APP_SECRET: required in production (at least 32 characters)');
  if (production && !parsed.data.PUBLIC_URL)
    problems.push(
      "PUBLIC_URL: required in production (the site's address, e.g. https://www.example.com; links in e-mails are built from it)",
    );
  if (parsed.data.PAYMENT_PROVIDER === 'stripe') {
    for (const key of [
      'STRIPE_SECRET_KEY',
      'PAYMENT_PUBLIC_KEY',
      'PAYMENT_WEBHOOK_SECRET',
    ] as const) {
      if (!parsed.data[key]) problems.push(`${key}: required with PAYMENT_PROVIDER=stripe`);
    }
  }
  if (production && !parsed.data.DEMO_MODE) {
    // Test wiring a real site must not run on: each would take money, sign-ups or mail nowhere.
    const demoOnly = ' in production; set DEMO_MODE=true to run a demonstration with it';
    if (parsed.data.PAYMENT_PROVIDER === 'sandbox')
      problems.push(`PAYMENT_PROVIDER: the sandbox moves no real money; refused${demoOnly}`);
    if (parsed.data.CREDITING_PARTNER === 'sandbox')
      problems.push(`CREDITING_PARTNER: the sandbox credits no real miles; refused${demoOnly}`);
    if (parsed.data.CAPTCHA_PROVIDER === 'test')
      problems.push(
        `CAPTCHA_PROVIDER: the test captcha lets any script through; refused${demoOnly}`,
      );
    if (!parsed.data.SMTP_URL)
      problems.push(
        `SMTP_URL: required in production (without it no e-mail leaves the outbox); missing${demoOnly}`,
      );
    if (!parsed.data.NEWSLETTER_POSTAL_ADDRESS)
      problems.push(
        `NEWSLETTER_POSTAL_ADDRESS: required in production (the newsletter's footer must show a postal address); missing${demoOnly}`,
      );
  }
  // Facebook's address overrides exist for the tests' loopback provider; a real site talks https.
  for (const key of ['FACEBOOK_AUTH_URL', 'FACEBOOK_TOKEN_URL', 'FACEBOOK_API_URL'] as const) {
    if (production && parsed.data[key] && !parsed.data[key].startsWith('https://'))
      problems.push(`${key}: must be an https address in production`);
  }
  if (parsed.data.MESSAGING === 'pubnub') {
    const keyset = (parsed.data.PUBNUB_KEYSET ??= production ? 'production' : 'staging');
    const prefix = keyset === 'staging' ? 'PUBNUB_STAGING_' : 'PUBNUB_';
    for (const key of [`${prefix}PUBLISH_KEY`, `${prefix}SUBSCRIBE_KEY`, 'PUBNUB_CIPHER_KEY']) {
      if (!parsed.data[key as keyof typeof parsed.data])
        problems.push(`${key}: required with MESSAGING=pubnub (the ${keyset} keys)`);
    }
  }
  const dkim = [
    parsed.data.DKIM_DOMAIN,
    parsed.data.DKIM_SELECTOR,
    parsed.data.DKIM_PRIVATE_KEY,
  ].filter(Boolean).length;
  if (dkim !== 0 && dkim !== 3)
    problems.push('DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY: set all three or none');
  const publicUrl = parsed.data.PUBLIC_URL
    ? siteOrigin(parsed.data.PUBLIC_URL)
    : `http://localhost:${parsed.data.PORT}`;
  if (publicUrl === null)
    problems.push(
      "PUBLIC_URL: must be the site's origin only (scheme, host and port, no path, query or fragment)",
    );
  if (problems.length > 0) throw new ConfigError(problems);
  parsed.data.PUBLIC_URL = publicUrl ?? '';
  parsed.data.SHARES_SAMPLE_DATA ??= !production || parsed.data.DEMO_MODE;
  if (
    (parsed.data.CAPTCHA_PROVIDER === 'turnstile' ||
      parsed.data.CAPTCHA_PROVIDER === 'recaptcha') &&
    !parsed.data.CAPTCHA_SECRET_KEY
  ) {
    throw new ConfigError([
      `CAPTCHA_SECRET_KEY: required with CAPTCHA_PROVIDER=${parsed.data.CAPTCHA_PROVIDER}`,
    ]);
  }
  return parsed.data;
}

/** `https://www.example.com/` → `https://www.example.com`; null for an address with a path, query, fragment or credentials. */
function siteOrigin(address: string): string | null {
  const url = new URL(address);
  if (
    (url.pathname !== '/' && url.pathname !== '') ||
    url.search ||
    url.hash ||
    url.username ||
    url.password
  )
    return null;
  return url.origin;
}

/** A comma-separated setting as a clean list. */
export function listSetting(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
}

/** Settings for tests: in-memory database, quiet logs, no demo content unless asked. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: 'memory://',
      MEDIA_DIR: join(tmpdir(), 'tripplus-test-media'),
      SEED_DEMO: 'false',
      SHARES_SAMPLE_DATA: 'false',
      APP_SECRET: 'test-secret-test-secret-test-secret-0123',
      CAPTCHA_PROVIDER: 'test',
      // Tests drive tracking cycles themselves, with their own clock.
      JOBS: 'off',
    }),
    ...overrides,
  };
}
