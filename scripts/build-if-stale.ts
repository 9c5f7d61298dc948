/**
 * `npm test`'s first step: builds the app (`npm run build`, and React's development build for the
 * page sweeps, `npm run build:dev`) unless dist/ was built from exactly these sources. CI runs the
 * suite twice, on PGlite and on PostgreSQL; the second run finds the build of the first and skips
 * it. The stamp is a hash of every file the builds read, so any change to them builds again.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const STAMP = 'dist/.built-from';
const INPUT_FOLDERS = ['core', 'data', 'locales', 'server', 'web'];
const INPUT_FILES = [
  'package-lock.json',
  'package.json',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.server.json',
  'scripts/build-server.ts',
  'scripts/precompress.ts',
];
const OUTPUTS = ['dist/web/index.html', 'dist/web-dev/index.html', 'dist/node/server/main.js'];

function inputs(folder: string, out: string[] = []): string[] {
  for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) inputs(path, out);
    else if (!/\.test\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** A hash of every file the builds read. */
export function sourcesHash(): string {
  const hash = createHash('sha256');
  for (const path of [
    ...INPUT_FOLDERS.flatMap((folder) => inputs(folder)),
    ...INPUT_FILES.filter(existsSync),
  ]) {
    hash.update(path).update('\0').update(readFileSync(path)).update('\0');
  }
  return hash.digest('hex');
}

/** Whether dist/ holds a build of exactly these sources (the crash tests then run the compiled worker). */
export function builtFromSources(sources = sourcesHash()): boolean {
  return OUTPUTS.every(existsSync) && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === sources;
}

function main(): void {
  const sources = sourcesHash();
  if (builtFromSources(sources)) {
    console.log('the build in dist/ is of these sources; not building again');
    return;
  }
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  execFileSync(npm, ['run', 'build'], { stdio: 'inherit' });
  execFileSync(npm, ['run', 'build:dev'], { stdio: 'inherit' });
  writeFileSync(STAMP, sources);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
