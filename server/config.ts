import { z } from 'zod';

const boolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

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
  /** Public address of the site, e.g. https://www.example.com; sets Secure cookies when https. */
  PUBLIC_URL: z.union([z.url(), z.literal('')]).default(''),
  /** Behind a reverse proxy, trust X-Forwarded-* headers. */
  TRUST_PROXY: boolean.default(false),
  /** A host name containing this string serves the card-tools variant (SPEC §2). */
  CARD_VARIANT_DOMAIN: z.string().min(1).default('cardplus'),
  /** `log` writes analytics events to the server log; `off` sends nothing from browsers. */
  ANALYTICS: z.enum(['off', 'log']).default('off'),
  /** Shows the maintenance notice on every page. */
  MAINTENANCE: boolean.default(false),
  SUPPORT_EMAIL: z.email().default('support@example.com'),
  /** Load demo content (the campaign banner) into an empty database at boot. */
  SEED_DEMO: boolean.default(true),
  /** Folder of the built web app. */
  WEB_DIST: z.string().min(1).default('dist/web'),
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
    Object.keys(ConfigSchema.shape).map((key) => [key, env[key] === '' && key !== 'PUBLIC_URL' ? undefined : env[key]]),
  );
  const parsed = ConfigSchema.safeParse(known);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  return parsed.data;
}

/** Settings for tests: in-memory database, quiet logs, no demo content unless asked. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://', SEED_DEMO: 'false' }), ...overrides };
}
