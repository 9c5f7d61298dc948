import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, newContext, openPage, watchPage } from './browser.ts';
import { catalogText, signInNewMember } from './fixtures.ts';
import { startServer } from './server.ts';

/**
 * Articles in the browser (issue 25's "done when"): a member writes an article with two pasted
 * pictures and an embedded card, closes the tab, comes back to the autosaved draft and publishes
 * it; a visitor finds it on /share and by a search in the other Chinese script, and opens a page
 * the server rendered with no unsafe markup (pasted script, handlers and javascript: links
 * included: no dialog ever opens); a second member cannot edit or delete it; two tabs on one draft
 * do not overwrite each other.
 */
type Server = Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let server: Server;

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer({ SHARES_SAMPLE_DATA: false });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function member(language: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, {
    language,
    viewport: DESKTOP,
    baseUrl: server.baseUrl,
  });
  await signInNewMember(context, {
    baseUrl: server.baseUrl,
    nickname: language === 'en' ? 'Reader' : '阿明',
  });
  return { context, page: await context.newPage() };
}

/** Pastes into the editor what a clipboard would hold: picture files, or HTML. */
async function paste(page: Page, content: { pictures?: number; html?: string }) {
  await page.locator('.ProseMirror').evaluate(async (editor, { pictures, html }) => {
    const transfer = new DataTransfer();
    for (let index = 0; index < (pictures ?? 0); index += 1) {
      const canvas = document.createElement('canvas');
      canvas.width = 900;
      canvas.height = 600;
      const context = canvas.getContext('2d')!;
      context.fillStyle = index === 0 ? '#2a6f97' : '#c9184a';
      context.fillRect(0, 0, 900, 600);
      const blob = await new Promise<Blob>((resolve) =>
        canvas.toBlob((made) => resolve(made!), 'image/png'),
      );
      transfer.items.add(new File([blob], `photo-${index}.png`, { type: 'image/png' }));
    }
    if (html) transfer.setData('text/html', html);
    editor.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
    );
  }, content);
}

const saved = (page: Page) =>
  page.locator('[data-testid="save-state"][data-state="saved"]').waitFor({ timeout: 15_000 });

describe('articles', () => {
  it('writes, autosaves, publishes, and a visitor finds and reads it safely; another member cannot change it', async () => {
    const zh = catalogText('zh-Hant', 'articles');
    const { context, page } = await member('zh-Hant');
    const complaints = watchPage(page);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    await openPage(page, '/me/new-article');
    await page.locator('[data-testid="article-title-input"]').fill('羽田機場轉機心得');
    await page.locator('.ProseMirror').click();
    await page.keyboard.type('這次在羽田機場轉機，貴賓室很安靜。');
    await paste(page, { pictures: 2 });
    await expect
      .poll(() => page.locator('.ProseMirror img[data-image-id]').count(), { timeout: 20_000 })
      .toBe(2);
    // Pasted pictures do not become the cover behind the writer's back.
    expect(await page.getByRole('button', { name: zh('editor.addCover') }).count()).toBe(1);
    await page.keyboard.press('End');
    await paste(page, {
      html: '<p>貼上的<img src=x onerror="alert(1)"><a href="javascript:alert(2)">連結</a><script>alert(3)</script></p>',
    });

    await page.locator('[data-testid="embed-button"]').click();
    await page.locator('[data-testid="embed-choice"]').fill('Sapphire Preferred');
    await page
      .getByRole('option', { name: /Sapphire Preferred/ })
      .first()
      .click();
    await page.locator('[data-testid="embed-insert"]').click();
    await expect.poll(() => page.locator('.ProseMirror .article-embed').count()).toBe(1);
    await saved(page);
    expect(page.url()).toMatch(/\/me\/edit-article\?id=[0-9a-f-]{36}$/);
    await page.close();

    // Back later, in a new tab: the draft is there as it was left.
    const again = await context.newPage();
    watchPage(again);
    await openPage(again, '/me/articles/draft');
    await again.getByRole('link', { name: '羽田機場轉機心得' }).first().click();
    await again.locator('.ProseMirror').waitFor();
    await expect.poll(() => again.locator('.ProseMirror img[data-image-id]').count()).toBe(2);
    expect(await again.locator('.ProseMirror .article-embed').count()).toBe(1);
    expect(await again.locator('.ProseMirror').innerText()).toContain('貴賓室很安靜');
    expect(await again.locator('[data-testid="word-count"]').innerText()).toMatch(/\d/);

    await again.locator('[data-testid="publish-article"]').click();
    await again.locator('[data-testid="published-link"]').waitFor();
    const path = await again
      .locator('[data-testid="published-link"] a')
      .first()
      .getAttribute('href');
    expect(decodeURIComponent(path ?? '')).toBe('/share/article/羽田機場轉機心得');
    expect(await again.locator('[data-testid="publish-article"]').innerText()).toBe(
      zh('editor.update'),
    );

    // A visitor: the list, a search in Simplified script, and the page.
    const visitor = await newContext(browser, { language: 'zh-Hans', baseUrl: server.baseUrl });
    const reader = await visitor.newPage();
    const readerComplaints = watchPage(reader);
    reader.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await openPage(reader, '/share');
    await reader.getByRole('link', { name: '羽田機場轉機心得' }).waitFor();
    await openPage(reader, `/searcharticle?q=${encodeURIComponent('羽田机场转机')}`);
    const hit = reader.locator('[data-testid="article-card"]').first();
    expect(await hit.locator('mark').first().innerText()).toBe('羽田機場轉機');
    await hit.getByRole('link').first().click();
    await reader.locator('[data-testid="article-title"]').waitFor();
    expect(await reader.locator('[data-testid="article-body"] img').count()).toBe(2);
    expect(await reader.locator('[data-testid="embed-card"]').innerText()).toMatch(
      /Sapphire Preferred/,
    );
    // Every picture and script of the article has loaded (and run) by the time the network is quiet.
    await reader.waitForLoadState('networkidle');
    expect(dialogs).toEqual([]);
    expect(readerComplaints.list).toEqual([]);

    // Plain HTTP: the server's page holds the title and body and nothing unsafe.
    const html = await (await fetch(`${server.baseUrl}${path}`)).text();
    expect(html).toContain('羽田機場轉機心得');
    expect(html).toContain('貴賓室很安靜');
    const body = html.slice(html.indexOf('data-testid="article-body"'));
    expect(body.slice(0, body.indexOf('</main>'))).not.toMatch(
      /<script|javascript:|\son\w+=|src="x"/i,
    );

    // Another member: no editor, no deletion.
    const { context: otherContext, page: other } = await member('en');
    const id = new URL(page.url()).searchParams.get('id');
    await openPage(other, `/me/edit-article?id=${id}`);
    await other.locator('[data-testid="article-not-found"]').waitFor();
    const token =
      (await otherContext.cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
    const removal = await otherContext.request.delete(`/api/articles/${id}`, {
      headers: { 'x-csrftoken': token, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(removal.status()).toBe(403);
    expect((await fetch(`${server.baseUrl}${path}`)).status).toBe(200);
    expect(complaints.list).toEqual([]);
    await Promise.all([context.close(), visitor.close(), otherContext.close()]);
  });

  it('stops the second of two tabs from overwriting the first, and says so', async () => {
    const { context, page } = await member('en');
    const en = catalogText('en', 'articles');
    await openPage(page, '/me/new-article');
    await page.locator('[data-testid="article-title-input"]').fill('Two tabs');
    await saved(page);
    const second = await context.newPage();
    await openPage(second, page.url().replace(server.baseUrl, ''));
    await second.locator('.ProseMirror').waitFor();

    await page.locator('.ProseMirror').click();
    await page.keyboard.type('Written in the first tab.');
    await saved(page);
    await second.locator('.ProseMirror').click();
    await second.keyboard.type('Written in the second tab.');
    await second.locator('[data-testid="save-conflict"]').waitFor({ timeout: 15_000 });
    expect(await second.locator('[data-testid="save-conflict"]').innerText()).toContain(
      en('editor.conflictTitle'),
    );

    await page.reload();
    await page.locator('.ProseMirror').waitFor();
    expect(await page.locator('.ProseMirror').innerText()).toContain('Written in the first tab.');
    expect(await page.locator('.ProseMirror').innerText()).not.toContain('second tab');
    await context.close();
  });

  it('refuses a text file named .png with a message that says why', async () => {
    const { context, page } = await member('zh-Hans');
    const zh = catalogText('zh-Hans', 'articles');
    await openPage(page, '/me/new-article');
    await page.locator('[data-testid="article-title-input"]').fill('假图片');
    await saved(page);
    await page
      .locator('input[type="file"]')
      .first()
      .setInputFiles({
        name: 'photo.png',
        mimeType: 'image/png',
        buffer: Buffer.from('not a picture at all'),
      });
    await page.getByText(zh('errorProblems.IMAGE_REFUSED.not-an-image')).waitFor();
    await context.close();
  });
});

describe('article groups', () => {
  it('keeps a group by invitation to those with its link, who join and read its articles', async () => {
    const { context, page } = await member('zh-Hant');
    const zh = catalogText('zh-Hant', 'articles');
    // A published article to put in the group.
    await openPage(page, '/me/new-article');
    await page.locator('[data-testid="article-title-input"]').fill('群組裡的文章');
    await page.locator('.ProseMirror').click();
    await page.keyboard.type('只給群組成員看的心得。');
    await saved(page);
    await page.locator('[data-testid="publish-article"]').click();
    await page.locator('[data-testid="published-link"]').waitFor();

    await openPage(page, '/share/group');
    await page.locator('[data-testid="new-group"]').click();
    await page.locator('[data-testid="group-name"]').fill('東京自由行');
    await page.getByLabel(zh('groups.visibilities.invite')).check();
    await page.locator('[data-testid="group-submit"]').click();
    await page.waitForURL(/\/share\/group\/%E6%9D%B1%E4%BA%AC/);
    await page.getByText(zh('groups.inviteOnly')).first().waitFor();
    await page.locator('[data-testid="group-add-choice"]').click();
    await page.getByRole('option', { name: '群組裡的文章' }).click();
    await page.locator('[data-testid="group-add"]').click();
    await page.locator('[data-testid="article-card"]').waitFor();
    const invitePath = await page.locator('[data-testid="group-invite-path"]').innerText();
    const groupUrl = page.url().replace(server.baseUrl, '');

    const { context: guestContext, page: guest } = await member('en');
    await openPage(guest, '/share/group');
    expect(
      await guest.locator('[data-testid="group-card"]', { hasText: '東京自由行' }).count(),
    ).toBe(0);
    await openPage(guest, groupUrl);
    await guest.getByText(catalogText('en', 'articles')('groups.goneTitle')).waitFor();
    await openPage(guest, invitePath);
    await guest.locator('[data-testid="group-join"]').click();
    await guest.locator('[data-testid="group-leave"]').waitFor();
    await openPage(guest, groupUrl);
    expect(await guest.locator('[data-testid="article-card"]').innerText()).toContain(
      '群組裡的文章',
    );
    await Promise.all([context.close(), guestContext.close()]);
  });
});
