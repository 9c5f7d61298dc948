import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isLinkable } from '../web/lib/site-map.ts';
import { DESKTOP, PHONE, launchBrowser, newContext, openPage } from './browser.ts';
import { signInNewMember } from './fixtures.ts';

/**
 * Issue 22's link sweep: every link of the header (the phone's menu drawer too), the footer, the
 * home page, the section menus, the avatar menu and the profile menu, on a desktop and a phone, leads to
 * a real page: not the frame of a feature still to come, not a results page without its search,
 * not a 'not found' or error screen, and not a redirect somewhere else.
 */

// The links are the site map's in every language (only their words differ, which the page
// sweeps and e2e/pages-html.test.ts check); what differs is the frame: the desktop header and
// the phone's drawer. Links are gathered from both frames and each distinct one followed once.
const RUNS = [
  { language: 'en', viewport: DESKTOP },
  { language: 'zh-Hant', viewport: PHONE },
] as const;

const hrefs = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
const local = (href: string) =>
  href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/api/');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('every link in the header, footer, menus and home page leads to a real page', () => {
  it(`in the frames of ${RUNS.map(({ language, viewport }) => `${language} at ${viewport.width} px`).join(' and ')}`, async () => {
    const found = new Map<string, string>();
    const note = (where: string, list: string[]) =>
      list.filter(local).forEach((href) => found.has(href) || found.set(href, where));
    const contexts: BrowserContext[] = [];
    try {
      // The links of each frame, gathered by a signed-in member (the avatar and profile menus too).
      for (const { language, viewport } of RUNS) {
        const context = await newContext(browser, {
          language,
          viewport,
          baseUrl: inject('baseUrl'),
        });
        contexts.push(context);
        await signInNewMember(context);
        const page = await context.newPage();
        const frame = `${language} at ${viewport.width} px`;
        await openPage(page, '/');
        note(`home (${frame})`, await hrefs(page, 'main a[href]'));
        note(`footer (${frame})`, await hrefs(page, '[data-testid="site-footer"] a[href]'));
        if (viewport === PHONE) {
          await page.locator('[data-testid="site-header"] button.mantine-Burger-root').click();
          await page.getByRole('dialog').locator('nav a[href]').first().waitFor();
          note(`menu drawer (${frame})`, await hrefs(page, '[role="dialog"] nav a[href]'));
          await page.keyboard.press('Escape');
        } else {
          note(`header (${frame})`, await hrefs(page, '[data-testid="site-header"] a[href]'));
        }
        await page.locator('[data-testid="account-menu"]').click();
        await page.getByRole('menu').waitFor();
        note(`avatar menu (${frame})`, await hrefs(page, '[role="menu"] a[href]'));
        await page.keyboard.press('Escape');
        await openPage(page, '/profilepage');
        note(
          `profile menu (${frame})`,
          await hrefs(page, '[data-testid="profile-bar"] nav a[href]'),
        );
        await page.close();
      }
      expect(found.size).toBeGreaterThan(15);

      // Each link is followed once: where it leads does not depend on the language or the frame.
      const page = await contexts[0]!.newPage();
      const problems: string[] = [];
      const visited = new Set<string>();
      // The links found on the way (section menus, breadcrumbs) are followed too, one level down.
      for (let round = 0; round < 2; round += 1) {
        for (const [href, where] of [...found]) {
          if (visited.has(href)) continue;
          visited.add(href);
          if (!isLinkable(href)) {
            problems.push(`${href} (from ${where}): not a page navigation may point at`);
            continue;
          }
          await openPage(page, href);
          const target = new URL(href, 'http://x').pathname.replace(/\/$/, '') || '/';
          const landed = new URL(page.url()).pathname.replace(/\/$/, '') || '/';
          if (landed !== target) problems.push(`${href} (from ${where}): landed on ${landed}`);
          if (
            (await page
              .locator(
                '[data-planned="true"], [data-testid="not-found"], [data-testid="route-error"]',
              )
              .count()) > 0
          )
            problems.push(`${href} (from ${where}): a frame, not-found or error screen`);
          if (round === 0)
            note(
              `section menu of ${href}`,
              await hrefs(page, '[data-testid="section-nav"] a[href]'),
            );
        }
      }
      expect(problems).toEqual([]);
    } finally {
      await Promise.all(contexts.map((context) => context.close()));
    }
  });
});
