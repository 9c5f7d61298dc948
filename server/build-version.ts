import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

let cached: string | null = null;

/**
 * What build this process runs (issue 48; shown on /healthz and in the footer): the package's
 * version, and the commit when it is known (`BUILD_COMMIT`, else the checkout's own), as
 * `0.1.0+54eb0ee`. A release without git says only its version.
 */
export function buildVersion(): string {
  if (cached !== null) return cached;
  const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
  let commit = process.env.BUILD_COMMIT?.trim().slice(0, 12) ?? '';
  if (!commit) {
    try {
      commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        timeout: 2000,
      }).trim();
    } catch {
      commit = '';
    }
  }
  cached = /^[0-9a-f]{4,40}$/.test(commit) ? `${version}+${commit}` : version;
  return cached;
}
