import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, openPage, PHONE, watchPage } from './browser.ts';
import { catalogText } from './fixtures.ts';
import { startServer } from './server.ts';

/**
 * The assistant in the browser (issue 45's "done when" and the states of
 * docs/product/assistant.md#states-and-messages): the Amex-to-EVA
 * question answered from our data under the accuracy warning, with its source; waiting, too short,
 * error and maintenance as the visitor sees them.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the assistant', () => {
  it('answers the Amex-to-EVA question from our data with its source, under the accuracy warning, after the typing indicator (Traditional Chinese, desktop)', async () => {
    const zh = catalogText('zh-Hant', 'assistant');
    const context = await newContext(browser, { baseUrl, language: 'zh-Hant' });
    const page = await context.newPage();
    const complaints = watchPage(page);
    await openPage(page, '/asktripplus');
    // A slower network shows the waiting state before the answer.
    await page.route('**/api/assistant/ask', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.getByTestId('assistant-input').fill('Amex 點數可以轉長榮嗎？比例多少？');
    await page.getByTestId('assistant-ask').click();
    await page.getByTestId('assistant-typing').waitFor();
    expect(await page.getByTestId('assistant-typing').textContent()).toContain(zh('page.typing'));
    const answer = page.getByTestId('assistant-answer');
    await answer.waitFor();
    const shown = (await answer.textContent()) ?? '';
    expect(shown).toContain('無法轉到 無限萬哩遊');
    expect(shown).toContain('花旗 ThankYou（TYP 點數）：1:1');
    expect(await answer.getByTestId('assistant-warning').textContent()).toBe(zh('page.warning'));
    const source = answer.getByTestId('assistant-sources').getByRole('link').first();
    expect(await source.getAttribute('href')).toBe('/awardplus/transferpartner?from=amex-mr');
    await source.click();
    await page.waitForURL('**/awardplus/transferpartner?from=amex-mr');
    expect(complaints.list).toEqual([]);
    await context.close();
  });

  it('asks for more detail on a too-short question, and says "Oops" when the answer fails (English, phone)', async () => {
    const en = catalogText('en', 'assistant');
    const context = await newContext(browser, { baseUrl, language: 'en', viewport: PHONE });
    const page = await context.newPage();
    await openPage(page, '/asktripplus');
    await page.getByTestId('assistant-input').fill('CSP?');
    await page.getByTestId('assistant-ask').click();
    await page.getByText(en('page.tooShort')).waitFor();
    expect(await page.getByTestId('assistant-question').count()).toBe(0);

    // The server fails after the stream opened: its error line.
    await page.route('**/api/assistant/ask', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/x-ndjson',
        body: '{"type":"error"}\n',
      }),
    );
    await page.getByTestId('assistant-input').fill('best card for dining');
    await page.getByTestId('assistant-ask').click();
    await page.getByTestId('assistant-error').waitFor();
    expect(await page.getByTestId('assistant-error').textContent()).toBe(
      'Oops, system error. Please ask again.',
    );
    await context.close();
  });

  it('shows the maintenance notice while the assistant is under maintenance (Simplified Chinese)', async () => {
    const server = await startServer({ ASSISTANT_MAINTENANCE: true });
    try {
      const context = await newContext(browser, { baseUrl: server.baseUrl, language: 'zh-Hans' });
      const page = await context.newPage();
      await openPage(page, '/asktripplus');
      const notice = page.getByTestId('maintenance-notice');
      await notice.waitFor();
      expect(await notice.textContent()).toContain(
        catalogText('zh-Hans', 'common')('notice.maintenanceBody'),
      );
      expect(await page.getByTestId('assistant-input').count()).toBe(0);
      await context.close();
    } finally {
      await server.stop();
    }
  });
});
