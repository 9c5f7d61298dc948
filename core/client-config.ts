import { z } from 'zod';

/**
 * Public settings the server hands the web app inside index.html, so the first paint needs
 * no extra request. Never put a secret here: every visitor can read it.
 */
export const ClientConfigSchema = z.object({
  /** A host name containing this string gets the card-tools variant of the app (SPEC §2). */
  cardVariantDomain: z.string(),
  analytics: z.boolean(),
  maintenance: z.boolean(),
  supportEmail: z.string(),
  /** Absolute site address for canonical and alternate-language links; empty = this origin. */
  publicUrl: z.string(),
});
export type ClientConfig = z.infer<typeof ClientConfigSchema>;

export const CLIENT_CONFIG_ELEMENT_ID = 'client-config';

export const DEFAULT_CLIENT_CONFIG: ClientConfig = {
  cardVariantDomain: 'cardplus',
  analytics: false,
  maintenance: false,
  supportEmail: 'support@example.com',
  publicUrl: '',
};
