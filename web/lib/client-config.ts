import { CLIENT_CONFIG_ELEMENT_ID, DEFAULT_CLIENT_CONFIG, PAGE_DATA_ELEMENT_ID, isClientConfig, type ClientConfig } from '../../core/client-config.ts';

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

/** Per-visit data the server put into the page (e.g. the banner's promotion), or {} without it. */
export function pageData(): Record<string, unknown> {
  const element = typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element?.textContent) return {};
  try {
    const value: unknown = JSON.parse(element.textContent);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
