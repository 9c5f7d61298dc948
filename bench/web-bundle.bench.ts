/**
 * bench:web — builds the web app, opens the landing page in Chromium on the real server, and
 * prints the gzip size of the JavaScript fetched before the page is interactive (its heading on
 * screen and the network quiet) and of the CSS it is drawn with, then the size of every lazily
 * loaded chunk. Budget: landing page <= 150 KB of gzip JS. Last line: one line of JSON.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../e2e/browser.ts';
import { WEB_DIST, startServer } from '../e2e/server.ts';

const BUDGET_KB = 150;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const gzipBytes = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

execFileSync('npm', ['run', 'build', '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });

const assets = join(WEB_DIST, 'assets');
const chunks = readdirSync(assets)
  .filter((file) => file.endsWith('.js'))
  .map((file) => ({
    file,
    gzip: gzipBytes(join(assets, file)),
    raw: readFileSync(join(assets, file)).length,
  }));

const server = await startServer({ ANALYTICS: 'off' });
const browser = await launchBrowser();
const landingScripts = new Set<string>();
const landingStyles = new Set<string>();
try {
  const page = await browser.newPage();
  page.on('request', (request) => {
    if (request.resourceType() === 'script')
      landingScripts.add(new URL(request.url()).pathname.split('/').pop() ?? '');
    if (request.resourceType() === 'stylesheet')
      landingStyles.add(new URL(request.url()).pathname.split('/').pop() ?? '');
  });
  await page.goto(`${server.baseUrl}/`, { waitUntil: 'networkidle' });
  await page.locator('main h1').waitFor();
} finally {
  await browser.close();
  await server.stop();
}

// Vite's manifest (keys relative to web/) says which chunks are loaded lazily and from which
// source: a route chunk is a lazily loaded page module (features/*, or the shared page frame
// that most routes load); catalogs and shared library code are counted apart.
const manifest = JSON.parse(
  readFileSync(join(WEB_DIST, '.vite', 'manifest.json'), 'utf8'),
) as Record<string, { file: string; isDynamicEntry?: boolean }>;
const routeChunkFiles = new Set(
  Object.entries(manifest)
    .filter(
      ([source, entry]) =>
        (entry.isDynamicEntry && source.startsWith('features/')) ||
        source.startsWith('_page-skeleton'),
    )
    .map(([, entry]) => entry.file.replace(/^assets\//, '')),
);
const landing = chunks.filter((chunk) => landingScripts.has(chunk.file));
const landingKb = kb(landing.reduce((sum, chunk) => sum + chunk.gzip, 0));
const routeChunks = chunks
  .filter((chunk) => routeChunkFiles.has(chunk.file))
  .sort((a, b) => b.gzip - a.gzip);
const largest = routeChunks[0];

console.log('\nJavaScript the landing page loads before it is interactive (gzip -9):');
for (const chunk of landing.sort((a, b) => b.gzip - a.gzip))
  console.log(
    `  ${chunk.file.padEnd(40)} ${String(kb(chunk.gzip)).padStart(7)} KB  (${kb(chunk.raw)} KB raw)`,
  );
console.log(
  `  ${'total'.padEnd(40)} ${String(landingKb).padStart(7)} KB  budget ${BUDGET_KB} KB: ${landingKb <= BUDGET_KB ? 'within' : 'OVER'}`,
);
const styles = [...landingStyles].map((file) => ({
  file,
  gzip: gzipBytes(join(assets, file)),
  raw: readFileSync(join(assets, file)).length,
}));
const landingCssKb = kb(styles.reduce((sum, style) => sum + style.gzip, 0));
console.log('\nCSS the landing page is drawn with (gzip -9):');
for (const style of styles)
  console.log(
    `  ${style.file.padEnd(40)} ${String(kb(style.gzip)).padStart(7)} KB  (${kb(style.raw)} KB raw)`,
  );
console.log(`  ${'total'.padEnd(40)} ${String(landingCssKb).padStart(7)} KB`);
console.log('\nRoute chunks, largest first (gzip -9):');
for (const chunk of routeChunks)
  console.log(`  ${chunk.file.padEnd(40)} ${String(kb(chunk.gzip)).padStart(7)} KB`);
console.log(
  `\nAll JavaScript built: ${chunks.length} files, ${kb(chunks.reduce((sum, chunk) => sum + chunk.gzip, 0))} KB gzip.`,
);
console.log(
  JSON.stringify({
    landing_js_kb_gzip: landingKb,
    landing_css_kb_gzip: landingCssKb,
    largest_chunk_kb_gzip: kb(largest?.gzip ?? 0),
  }),
);
