import type { MoneyCurrency } from './locale.ts';

/**
 * Public settings the server hands the web app inside each page it renders, so the first paint
 * needs no extra request. Never put a secret here: every visitor can read it.
 */
export interface ClientConfig {
  /** A host name containing this string gets the card-tools variant of the app (docs/product/routing.md#card-tools-host). */
  cardVariantDomain: string;
  analytics: boolean;
  maintenance: boolean;
  /** A demonstration site: every page says no real money moves. */
  demo: boolean;
  supportEmail: string;
  /** The configured public address, for canonical and alternate-language links; empty = this origin. */
  publicUrl: string;
  captcha: {
    provider: 'altcha' | 'turnstile' | 'recaptcha' | 'test';
    siteKey: string;
    scriptUrl: string;
    onLogin: boolean;
  };
  /** Domains known to lose mail: sign-up shows a hint (docs/product/accounts.md#input-limits). */
  lossyEmailDomains: string[];
  /** How long after one activation e-mail another may be asked for. */
  resendIntervalMs: number;
  /** Social sign-in providers that are configured, e.g. ['facebook']. */
  socialProviders: string[];
  /**
   * The exchange-rate table (units of each money currency per US dollar, and the day it is of),
   * for showing prices kept in another currency in the visitor's (data/exchange-rates.json).
   */
  rates: { perUsd: Record<MoneyCurrency, number>; asOf: string };
  /**
   * How the storefront takes orders (docs/storefront.md#crediting-partner): through the simulated
   * sandbox partner, or not at all (prices only).
   */
  storefrontOrders: 'sandbox' | 'closed';
  /** The build the server runs (`0.1.0+54eb0ee`), shown in the footer. */
  version: string;
  /** The assistant's settings the page needs before asking (docs/assistant.md): its maintenance notice, the too-short hint. */
  assistant: { maintenance: boolean; minSize: number };
}

export const DEFAULT_CLIENT_CONFIG: ClientConfig = {
  cardVariantDomain: 'cardplus',
  analytics: false,
  maintenance: false,
  demo: false,
  supportEmail: 'support@example.com',
  publicUrl: '',
  captcha: { provider: 'altcha', siteKey: '', scriptUrl: '', onLogin: true },
  lossyEmailDomains: [],
  resendIntervalMs: 120_000,
  socialProviders: [],
  rates: { perUsd: { USD: 1, TWD: 0, CAD: 0, HKD: 0, CNY: 0 }, asOf: '' },
  storefrontOrders: 'sandbox',
  assistant: { maintenance: false, minSize: 4 },
  version: '',
};

/** The card-tools variant of the site serves hosts whose name contains the configured domain (docs/product/routing.md#card-tools-host). */
export function isCardVariantHost(hostname: string, cardVariantDomain: string): boolean {
  return (
    cardVariantDomain.length > 0 && hostname.toLowerCase().includes(cardVariantDomain.toLowerCase())
  );
}

/** The host a page is shown on: the main site, or the card tools' own. */
export type SiteVariant = 'main' | 'card';

export function siteVariantOf(hostname: string, cardVariantDomain: string): SiteVariant {
  return isCardVariantHost(hostname, cardVariantDomain) ? 'card' : 'main';
}

/**
 * The id of the JSON block listing a rendered page's entry and the modules it preloads: the
 * server's script loader reads it to start the page, and the browser app to evaluate those
 * modules one per task (web/lib/evaluate-preloaded.ts).
 */
export const PAGE_SCRIPTS_ELEMENT_ID = 'page-scripts';
