import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { readCatalog } from '../locales/read-catalog.ts';
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
  return readCatalog(language, 'pages') as Record<string, Record<string, unknown>>;
}

/** One string of a page in a language, e.g. pageText('zh-Hant', 'tos', 'title'). */
export function pageText(language: string, page: string, key: string): string {
  const text = pageStrings(language)[page]?.[key];
  if (typeof text !== 'string') throw new Error(`No string ${language} pages:${page}.${key}`);
  return text;
}

/**
 * A catalog of a language as a lookup, with the placeholders filled:
 * `catalogText('zh-Hant', 'cards')('wallet.count', { count: 9, max: 10 })`.
 */
export function catalogText(
  language: string,
  namespace: string,
): (path: string, values?: Record<string, string | number>) => string {
  const catalog: unknown = readCatalog(language, namespace);
  return (path, values = {}) => {
    const text = path
      .split('.')
      .reduce<unknown>(
        (node, key) => (node as Record<string, unknown> | undefined)?.[key],
        catalog,
      );
    if (typeof text !== 'string') throw new Error(`No string ${language} ${namespace}:${path}`);
    return Object.entries(values).reduce(
      (line, [key, value]) => line.replaceAll(`{{${key}}}`, String(value)),
      text,
    );
  };
}

interface MailboxMessage {
  to: string;
  subject: string;
  headers: Record<string, string>;
  text: string;
  html: string;
}

/** Messages the site sent to an address, newest first, from the development mailbox (of the shared server unless another is named). */
export async function mailTo(
  email: string,
  baseUrl: string = inject('baseUrl'),
): Promise<MailboxMessage[]> {
  const response = await fetch(`${baseUrl}/dev/mailbox.json?to=${encodeURIComponent(email)}`);
  return ((await response.json()) as { messages: MailboxMessage[] }).messages;
}

/** Waits for the newest activation code sent to an address. */
export async function activationCodeFor(
  email: string,
  after = 0,
  baseUrl: string = inject('baseUrl'),
): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const messages = await mailTo(email, baseUrl);
    if (messages.length > after) {
      const code = /^([A-Z0-9_]{5})$/m.exec(messages[0]?.text ?? '')?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no activation code for ${email}`);
}

let memberCounter = 0;
export function uniqueEmail(label = 'member'): string {
  memberCounter += 1;
  return `${label}.${Date.now().toString(36)}.${memberCounter}@example.com`.toLowerCase();
}

/**
 * A new, activated member, signed in on the given browser context through the API (the same
 * calls the page makes, with the CSRF cookie and header). Returns the credentials.
 */
export async function signInNewMember(
  context: BrowserContext,
  overrides: { nickname?: string; baseUrl?: string } = {},
) {
  const email = uniqueEmail();
  const password = 'a long password';
  const api = context.request;
  await api.get('/healthz');
  const token =
    (await context.cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const headers = { 'x-csrftoken': token, 'x-requested-with': 'XMLHttpRequest' };
  const nickname = overrides.nickname ?? 'Traveller';
  const signup = await api.post('/api/auth/signup', {
    headers,
    data: { nickname, email, password, captcha: 'test-ok' },
  });
  if (!signup.ok()) throw new Error(`sign-up failed: ${await signup.text()}`);
  const code = await activationCodeFor(email, 0, overrides.baseUrl ?? inject('baseUrl'));
  await api.post('/api/auth/activate', { headers, data: { email, code } });
  const login = await api.post('/api/auth/login', {
    headers,
    data: { email, password, captcha: 'test-ok' },
  });
  if (!login.ok()) throw new Error(`login failed: ${await login.text()}`);
  return { email, password, nickname };
}
