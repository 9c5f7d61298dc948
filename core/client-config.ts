/**
 * Public settings the server hands the web app inside index.html, so the first paint needs
 * no extra request. Never put a secret here: every visitor can read it.
 */
export interface ClientConfig {
  /** A host name containing this string gets the card-tools variant of the app (SPEC §2). */
  cardVariantDomain: string;
  analytics: boolean;
  maintenance: boolean;
  supportEmail: string;
  /** Absolute site address for canonical and alternate-language links; empty = this origin. */
  publicUrl: string;
  captcha: {
    provider: 'altcha' | 'turnstile' | 'recaptcha' | 'test';
    siteKey: string;
    scriptUrl: string;
    onLogin: boolean;
  };
  /** Domains known to lose mail: sign-up shows a hint (SPEC §5). */
  lossyEmailDomains: string[];
  /** How long after one activation e-mail another may be asked for. */
  resendIntervalMs: number;
  /** Social sign-in providers that are configured, e.g. ['facebook']. */
  socialProviders: string[];
}

export function isClientConfig(value: unknown): value is ClientConfig {
  if (!value || typeof value !== 'object') return false;
  const config = value as Record<string, unknown>;
  return (
    typeof config.cardVariantDomain === 'string' &&
    typeof config.analytics === 'boolean' &&
    typeof config.maintenance === 'boolean' &&
    typeof config.supportEmail === 'string' &&
    typeof config.publicUrl === 'string' &&
    typeof config.captcha === 'object' &&
    config.captcha !== null &&
    Array.isArray(config.lossyEmailDomains) &&
    typeof config.resendIntervalMs === 'number' &&
    Array.isArray(config.socialProviders)
  );
}

export const CLIENT_CONFIG_ELEMENT_ID = 'client-config';
/** Data for this visit that the server puts into the page, so the first paint needs no call. */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

export const DEFAULT_CLIENT_CONFIG: ClientConfig = {
  cardVariantDomain: 'cardplus',
  analytics: false,
  maintenance: false,
  supportEmail: 'support@example.com',
  publicUrl: '',
  captcha: { provider: 'altcha', siteKey: '', scriptUrl: '', onLogin: true },
  lossyEmailDomains: [],
  resendIntervalMs: 120_000,
  socialProviders: [],
};
