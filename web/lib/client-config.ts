import { CLIENT_CONFIG_ELEMENT_ID, DEFAULT_CLIENT_CONFIG, isClientConfig, type ClientConfig } from '../../core/client-config.ts';

let cached: ClientConfig | null = null;

/** Public settings the server put into index.html; defaults when the page was not served by it (Vite dev). */
export function clientConfig(): ClientConfig {
  if (cached) return cached;
  const element = typeof document === 'undefined' ? null : document.getElementById(CLIENT_CONFIG_ELEMENT_ID);
  let parsed: ClientConfig = DEFAULT_CLIENT_CONFIG;
  if (element?.textContent) {
    try {
      const value: unknown = JSON.parse(element.textContent);
      if (isClientConfig(value)) parsed = value;
    } catch {
      // A malformed element is a server bug; the defaults keep the site usable.
    }
  }
  cached = parsed;
  return parsed;
}
