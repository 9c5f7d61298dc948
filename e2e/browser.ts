import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { PAGES } from '../web/lib/site-map.ts';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const PHONE = { width: 390, height: 844 };

export { onPostgres } from '../server/test/on-postgres.ts';
export const DESKTOP = { width: 1280, height: 900 };

/** Debian's Chromium, headless, with nothing that reaches outside the machine. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
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
}

/** Everything the page complained about: console errors, uncaught exceptions, failed requests. */
export interface Complaints {
  list: string[];
}

/** With `warnings`, console warnings count too (React's development build warns of hydration problems). */
export function watchPage(page: Page, options: { warnings?: boolean } = {}): Complaints {
  const complaints: Complaints = { list: [] };
  page.on('console', (message) => {
    if (message.type() === 'error' || (options.warnings && message.type() === 'warning'))
      complaints.list.push(`console ${message.type()}: ${message.text().slice(0, 400)}`);
  });
  page.on('pageerror', (error) => complaints.list.push(`exception: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400)
      complaints.list.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return complaints;
}

/**
 * The site's pages arrive drawn by the server and answer clicks once the browser has hydrated
 * them. A test that opens a page as a visitor would and then uses it waits for that moment: the
 * page's goto and reload return only when an app page is live (pages of other servers, such as a
 * card processor's, return as usual).
 */
export function waitForLivePages(page: Page): void {
  const live = async () => {
    if ((await page.locator('#boot-state').count()) > 0)
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await live();
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await live();
    return response;
  };
}

export async function newContext(
  browser: Browser,
  options: { language?: string; viewport?: { width: number; height: number }; baseUrl: string },
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    baseURL: options.baseUrl,
  });
  context.on('page', waitForLivePages);
  if (options.language) {
    const url = new URL(options.baseUrl);
    await context.addCookies([
      { name: 'lang', value: options.language, domain: url.hostname, path: '/' },
    ]);
  }
  return context;
}

/**
 * Loads a page and waits until its own heading is on screen and the page is live: the server
 * sends it drawn, and its buttons answer once the browser has hydrated it.
 */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'load' });
  await page.locator('main h1').first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Serious or critical accessibility violations on the current page (axe-core, WCAG 2 A/AA). */
export async function seriousViolations(page: Page): Promise<string[]> {
  // evaluate() runs through the DevTools protocol, so the site's CSP (which forbids inline
  // scripts, as it should) does not have to be loosened for the test.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(context: Document, options: unknown): Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    // Only violations are read: axe then keeps one example of each pass, not every node, which
    // spares a second or so on a long page.
    const result = await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      },
      resultTypes: ['violations'],
    });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

export { PAGES };
