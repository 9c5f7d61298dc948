import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, openPage, PHONE, watchPage } from './browser.ts';
import { catalogText, mailTo, uniqueEmail } from './fixtures.ts';

/**
 * Site search and the feedback form in the browser (issue 45): the header box suggests EVA Air's
 * programme and its transfer partners for 长荣 and opens one with the keyboard; /search arrives as
 * HTML with its results grouped and marked; a phone reaches it from the header; a report without
 * a description is refused with the message, and one with it reaches the support mailbox.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('site search', () => {
  it('suggests EVA Air’s programme and its transfer partners as 长荣 is typed in the header, and opens the first with the keyboard (Simplified Chinese, desktop)', async () => {
    const context = await newContext(browser, { baseUrl, language: 'zh-Hans' });
    const page = await context.newPage();
    const complaints = watchPage(page);
    await openPage(page, '/');
    await page.getByTestId('header-search').fill('长荣');
    const suggestions = page.getByTestId('header-suggestion');
    await suggestions.first().waitFor();
    const shown = await suggestions.allTextContents();
    expect(shown[0]).toContain('无限万哩游');
    expect(shown.some((text) => text.includes('转点到 无限万哩游'))).toBe(true);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => suggestions.first().getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/rewardslib/eva-infinity');
    expect(complaints.list).toEqual([]);
    await context.close();
  });

  it('renders grouped, marked results on the server, and a phone reaches the search from the header (Traditional Chinese, phone)', async () => {
    // As a search engine or a reader without scripts gets it: the results are in the HTML.
    const html = await (await fetch(`${baseUrl}/search?q=sapphire%20prefered&lang=en`)).text();
    expect(html).toContain('<mark>Sapphire</mark><span> </span><mark>Preferred</mark>');
    expect(html).toContain('href="/cardplus/c/chase-sapphire-preferred"');
    // The home page tells search engines where the site search is.
    const home = await (await fetch(`${baseUrl}/?lang=en`)).text();
    expect(home).toContain(`"urlTemplate":"${baseUrl}/search?q={search_term_string}"`);

    const context = await newContext(browser, { baseUrl, language: 'zh-Hant', viewport: PHONE });
    const page = await context.newPage();
    await openPage(page, '/faq');
    await page.getByTestId('header-search-link').click();
    await page.waitForURL('**/search');
    await page.getByTestId('site-search-words').fill('長榮');
    await page.getByTestId('site-search-words').press('Enter');
    const programmes = page.getByTestId('search-group-programme');
    await programmes.waitFor();
    expect(await programmes.getByTestId('search-hit').first().textContent()).toBe('無限萬哩遊');
    expect(await page.getByTestId('site-search-count').textContent()).toMatch(
      /^「長榮」共 \d+ 筆結果$/,
    );
    await context.close();
  });
});

describe('feedback', () => {
  it('refuses a report without a description with the message, then sends one that reaches the support mailbox (English)', async () => {
    const en = catalogText('en', 'feedback');
    const context = await newContext(browser, { baseUrl, language: 'en' });
    const page = await context.newPage();
    await openPage(page, '/faq');
    await page.getByTestId('footer-feedback').click();
    await page.waitForURL('**/feedback?from=%2Ffaq');
    await page.getByTestId('feedback-submit').click();
    await page.getByText(en('form.descriptionRequired')).waitFor();

    const token = `ticket-${Date.now().toString(36)}`;
    const sender = uniqueEmail('feedback');
    await page.getByTestId('feedback-description').fill(`The FAQ page scrolls oddly (${token}).`);
    await page.getByTestId('feedback-email').fill(sender);
    await page.getByTestId('feedback-submit').click();
    await page.getByTestId('feedback-sent').waitFor();
    expect(await page.getByTestId('feedback-sent').textContent()).toContain(en('sent.copy'));

    const support = (await mailTo('support@example.com')).find((mail) => mail.text.includes(token));
    expect(support?.text).toContain(`Page: ${baseUrl}/faq`);
    expect((await mailTo(sender))[0]?.subject).toBe(
      catalogText('en', 'emails')('feedback.copySubject'),
    );
    await context.close();
  });
});
