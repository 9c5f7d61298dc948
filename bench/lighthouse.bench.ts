/**
 * `npm run bench:lighthouse`: builds the web app, starts it as `npm start` would on the embedded
 * database (production mode, full simulated inventory), and runs Lighthouse 12 over the public
 * pages a visitor lands on from a search: mobile, simulated slow 4G (150 ms RTT, 1.6 Mbit/s,
 * CPU slowed 4×), Debian's Chromium. Each page runs BENCH_RUNS times (default 3); the median run
 * of each is reported. Prints a table, then as its last line one line of JSON with per page
 * `perf`, `lcp_ms`, `tbt_ms`, `cls`, `seo` and `a11y`.
 *
 * Targets on the 2-core machine: LCP ≤ 2500 ms, TBT ≤ 200 ms, CLS ≤ 0.1, SEO and accessibility 1.
 */
import { execFileSync } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startBuiltServer, waitFor } from './built-server.ts';

// A member's article: the fresh install's is a sample, kept out of search engines on purpose
// (docs/articles.md#sample-article), so its one expected SEO failure is 'is-crawlable'.
const SAMPLE_ARTICLE = '/share/article/sample-how-to-write-a-trip-report';
const NOINDEX_BY_DESIGN = new Set([SAMPLE_ARTICLE]);

// A card's renewal offers: one with no sample reports, since a page whose summary rests on samples is kept out of search engines (docs/shares.md#sample-data).
const PAGES = [
  '/',
  '/awardplus',
  '/cardplus/s',
  '/cardplus/c/chase-sapphire-preferred',
  '/rewardslib/eva-infinity',
  '/faq',
  '/storefront',
  '/storefront/buy/avianca-lifemiles',
  '/cardplus/uscard-in-tw',
  '/cardplus/card-renewal-offer/chase-sapphire-preferred',
  '/share',
  SAMPLE_ARTICLE,
  '/promo',
  '/seat/status',
  '/shop',
  '/shop/product/tripplus-tee',
];
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TARGETS = { lcp_ms: 2500, tbt_ms: 200, cls: 0.1 };
// BENCH_LANG=zh-hant runs the pages in that language (the cookie a visitor's choice sets).
const LANGUAGE = process.env.BENCH_LANG ?? 'en';

const median = <T>(values: T[], by: (value: T) => number): T =>
  [...values].sort((a, b) => by(a) - by(b))[Math.floor(values.length / 2)] as T;

interface PageFigures {
  perf: number;
  lcp_ms: number;
  tbt_ms: number;
  cls: number;
  seo: number;
  a11y: number;
  fcp_ms: number;
  /** Bytes the page transferred, and what Lighthouse names as the LCP element. */
  kb: number;
  /** Lighthouse's measure of this machine's CPU during the run (its `benchmarkIndex`). */
  cpu: number;
  /** The lowest and highest TBT of the page's runs: how much the machine moved the figure. */
  tbtLow?: number;
  tbtHigh?: number;
}

console.log('Building the web app…');
execFileSync('npm', ['run', 'build', '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });

const { base, server } = await startBuiltServer();

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
});

const results: Record<string, PageFigures> = {};
try {
  await waitFor(`${base}/readyz`, 120_000);
  // The simulated inventory builds at start; the award landing page waits for its samples once.
  await fetch(`${base}/awardplus`);
  for (const path of PAGES) {
    const runs: PageFigures[] = [];
    for (let run = 0; run < RUNS; run++) {
      const answer = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'seo', 'accessibility'],
        extraHeaders: {
          Cookie: `lang=${LANGUAGE.replace('zh-hant', 'zh-Hant').replace('zh-hans', 'zh-Hans')}`,
        },
      });
      const lhr = answer?.lhr;
      if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      // A run Lighthouse could not finish (a trace it could not read) has no figures: it is named
      // and left out of the median, not counted as a page with no blocking.
      if (
        !Number.isFinite(audit('total-blocking-time')) ||
        !Number.isFinite(audit('largest-contentful-paint'))
      ) {
        const reason =
          lhr.runtimeError?.message ??
          lhr.audits['total-blocking-time']?.errorMessage ??
          'no figures';
        console.log(`  ${path} run ${run + 1}: Lighthouse gave no timings (${reason}); left out`);
        continue;
      }
      runs.push({
        perf: lhr.categories.performance?.score ?? 0,
        lcp_ms: Math.round(audit('largest-contentful-paint')),
        tbt_ms: Math.round(audit('total-blocking-time')),
        cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
        seo: lhr.categories.seo?.score ?? 0,
        a11y: lhr.categories.accessibility?.score ?? 0,
        fcp_ms: Math.round(audit('first-contentful-paint')),
        kb: Math.round(audit('total-byte-weight') / 1024),
        cpu: Math.round(lhr.environment.benchmarkIndex),
      });
      for (const category of ['seo', 'accessibility'] as const) {
        const failing = Object.values(lhr.audits).filter(
          (item) =>
            item.score === 0 &&
            lhr.categories[category]?.auditRefs.some((ref) => ref.id === item.id && ref.weight > 0),
        );
        if (run === 0 && failing.length > 0)
          console.log(`  ${path} ${category}: ${failing.map((item) => item.id).join(', ')}`);
        // A page kept out of search engines by design meets the SEO target when that is all that fails.
        if (
          category === 'seo' &&
          NOINDEX_BY_DESIGN.has(path) &&
          failing.every((item) => item.id === 'is-crawlable')
        )
          runs[runs.length - 1]!.seo = 1;
      }
    }
    if (runs.length === 0)
      throw new Error(`Lighthouse gave no timings for ${path} in ${RUNS} run(s)`);
    const tbts = runs.map((figures) => figures.tbt_ms);
    results[path] = {
      ...median(runs, (figures) => figures.lcp_ms + figures.tbt_ms),
      tbtLow: Math.min(...tbts),
      tbtHigh: Math.max(...tbts),
    };
    const figures = results[path];
    console.log(
      `  ${path}: perf ${figures.perf} · LCP ${figures.lcp_ms} ms · TBT ${figures.tbt_ms} ms · CLS ${figures.cls} · SEO ${figures.seo} · a11y ${figures.a11y}`,
    );
  }
} finally {
  await chrome.kill();
  server.kill('SIGTERM');
}

const pad = (value: string | number, width: number) => String(value).padStart(width);
console.log(
  `\nLighthouse 12, mobile, simulated slow 4G, median of ${RUNS} run(s), language ${LANGUAGE}:`,
);
console.log(
  `${'page'.padEnd(40)}${pad('perf', 6)}${pad('FCP ms', 8)}${pad('LCP ms', 8)}${pad('TBT ms', 8)}${pad('(runs)', 12)}${pad('CLS', 7)}${pad('SEO', 6)}${pad('a11y', 6)}${pad('KB', 6)}${pad('CPU', 6)}`,
);
let within = true;
for (const [path, figures] of Object.entries(results)) {
  const ok =
    figures.lcp_ms <= TARGETS.lcp_ms &&
    figures.tbt_ms <= TARGETS.tbt_ms &&
    figures.cls <= TARGETS.cls &&
    figures.seo === 1 &&
    figures.a11y === 1;
  within &&= ok;
  console.log(
    `${path.padEnd(40)}${pad(figures.perf, 6)}${pad(figures.fcp_ms, 8)}${pad(figures.lcp_ms, 8)}${pad(figures.tbt_ms, 8)}${pad(`${figures.tbtLow}–${figures.tbtHigh}`, 12)}${pad(figures.cls, 7)}${pad(figures.seo, 6)}${pad(figures.a11y, 6)}${pad(figures.kb, 6)}${pad(figures.cpu, 6)}${ok ? '' : '  over target'}`,
  );
}
// Simulated throttling multiplies the main thread's observed work by four, so a machine that runs
// slower or unevenly moves TBT by hundreds of milliseconds from run to run; CPU is Lighthouse's
// benchmark of the machine in the median run (a high-end desktop scores 1500-2000, which 4x
// slows to a mid-tier phone).
console.log(
  "(runs): lowest and highest TBT of the runs; CPU: Lighthouse's benchmarkIndex of the machine in the median run.",
);
console.log(
  `Targets: LCP ≤ ${TARGETS.lcp_ms} ms, TBT ≤ ${TARGETS.tbt_ms} ms, CLS ≤ ${TARGETS.cls}, SEO and accessibility 1: ${within ? 'all met' : 'NOT all met'}`,
);
console.log(
  JSON.stringify(
    Object.fromEntries(
      Object.entries(results).map(([path, { perf, lcp_ms, tbt_ms, cls, seo, a11y }]) => [
        path,
        { perf, lcp_ms, tbt_ms, cls, seo, a11y },
      ]),
    ),
  ),
);
