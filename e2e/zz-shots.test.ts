import { it } from 'vitest';
import { DESKTOP, PHONE, launchBrowser, newContext, openPage } from './browser.ts';
import { signInNewMember } from './fixtures.ts';
import { startServer } from './server.ts';

it('shots', async () => {
  const browser = await launchBrowser();
  const server = await startServer({});
  for (const [language, viewport] of [['zh-Hant', DESKTOP], ['en', PHONE], ['zh-Hans', DESKTOP]] as const) {
    const context = await newContext(browser, { language, viewport, baseUrl: server.baseUrl });
    await signInNewMember(context, { baseUrl: server.baseUrl });
    const page = await context.newPage();
    await openPage(page, '/me/new-article');
    await page.locator('[data-testid="article-title-input"]').fill(language === 'en' ? 'Flying EVA business with LifeMiles' : '用 LifeMiles 兌換長榮商務艙');
    await page.locator('.ProseMirror').click();
    await page.keyboard.type(language === 'en' ? 'The first paragraph of the trip report.' : '這是心得的第一段。');
    await page.locator('[data-testid="save-state"][data-state="saved"]').waitFor({ timeout: 15000 });
    await page.screenshot({ path: `/tmp/editor-${language}.png`, fullPage: true });
    await openPage(page, '/me/articles');
    await page.screenshot({ path: `/tmp/mine-${language}.png`, fullPage: true });
    await openPage(page, `/searcharticle?q=${encodeURIComponent('範例')}`);
    await page.screenshot({ path: `/tmp/search-${language}.png`, fullPage: true });
    await context.close();
  }
  await browser.close();
  await server.stop();
}, 120_000);
