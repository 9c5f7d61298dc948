import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { launchBrowser, newContext, watchPage, type Complaints } from './browser.ts';

export interface Visit {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  complaints: Complaints;
}

/**
 * One browser per test file, and a fresh context and page per test (no cookies or storage
 * carried over). With `failOnComplaints`, a console error or failed request fails the test.
 */
export function useFreshPagePerTest(options: { failOnComplaints: boolean }): Visit {
  const visit = {} as Visit;
  beforeAll(async () => {
    visit.browser = await launchBrowser();
  });
  afterAll(() => visit.browser?.close());
  beforeEach(async () => {
    visit.context = await newContext(visit.browser, { baseUrl: inject('baseUrl') });
    visit.page = await visit.context.newPage();
    visit.complaints = watchPage(visit.page);
  });
  afterEach(async () => {
    const complaints = [...visit.complaints.list];
    await visit.context.close();
    if (options.failOnComplaints) expect(complaints).toEqual([]);
  });
  return visit;
}

/** The `pages` catalog of a language, to compare what the browser shows with what it should. */
export function pageStrings(language: string): Record<string, Record<string, unknown>> {
  return JSON.parse(readFileSync(`locales/${language}/pages.json`, 'utf8'));
}

/** One string of a page in a language, e.g. pageText('zh-Hant', 'tos', 'title'). */
export function pageText(language: string, page: string, key: string): string {
  const text = pageStrings(language)[page]?.[key];
  if (typeof text !== 'string') throw new Error(`No string ${language} pages:${page}.${key}`);
  return text;
}
