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
}

export function isClientConfig(value: unknown): value is ClientConfig {
  if (!value || typeof value !== 'object') return false;
  const config = value as Record<string, unknown>;
  return (
    typeof config.cardVariantDomain === 'string' &&
    typeof config.analytics === 'boolean' &&
    typeof config.maintenance === 'boolean' &&
    typeof config.supportEmail === 'string' &&
    typeof config.publicUrl === 'string'
  );
}

export const CLIENT_CONFIG_ELEMENT_ID = 'client-config';

export const DEFAULT_CLIENT_CONFIG: ClientConfig = {
  cardVariantDomain: 'cardplus',
  analytics: false,
  maintenance: false,
  supportEmail: 'support@example.com',
  publicUrl: '',
};
