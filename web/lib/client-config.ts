import {
  DEFAULT_CLIENT_CONFIG,
  siteVariantOf,
  type ClientConfig,
  type SiteVariant,
} from '../../core/client-config.ts';

let current: ClientConfig = DEFAULT_CLIENT_CONFIG;

/** Set once at start from what the server put into the page, for code outside React (analytics). */
export function setClientConfig(config: ClientConfig): void {
  current = config;
}

/** The public settings of this site; the defaults when the page was not served by it (Vite dev). */
export function clientConfig(): ClientConfig {
  return current;
}

/** Whether this page is on the card tools' own host, as the server decides it from the host name. */
export function browserVariant(): SiteVariant {
  return siteVariantOf(window.location.hostname, current.cardVariantDomain);
}
