/**
 * `npm run build` (last step): compiles the server to JavaScript in dist/node, so production runs
 * `node dist/node/server/main.js` with no TypeScript loader on the request path. The compiled
 * files keep the repository's layout, and the files the server reads beside its code (migrations,
 * catalogs, the data folder, the sandbox's browser scripts, package.json) are copied into the same
 * places, so every path the code names relative to itself holds in both.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';

const OUT = 'dist/node';

rmSync(OUT, { recursive: true, force: true });
execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.server.json'], {
  stdio: 'inherit',
});

const notCode = (path: string) => !/\.(ts|tsx)$/.test(path);
for (const folder of [
  'data',
  'locales',
  'server/db/migrations',
  'server/modules/payments/sandbox/browser',
]) {
  cpSync(folder, `${OUT}/${folder}`, { recursive: true, filter: notCode });
}
cpSync('package.json', `${OUT}/package.json`);
// The web app's pages are not part of the server's build: only their types were read.
rmSync(`${OUT}/web`, { recursive: true, force: true });
console.log(`server compiled to ${OUT}`);
