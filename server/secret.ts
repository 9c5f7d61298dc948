import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Config } from './config.ts';

/**
 * The key behind every HMAC the server makes. Production sets APP_SECRET; a development machine
 * gets one generated once and kept beside the embedded database, so codes survive a restart.
 */
export function resolveAppSecret(config: Config): string {
  if (config.APP_SECRET) return config.APP_SECRET;
  if (config.DATA_DIR.startsWith('memory://')) return randomBytes(32).toString('base64url');
  const file = join(dirname(config.DATA_DIR), 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
