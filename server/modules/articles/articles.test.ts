import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleDraft, ArticleImage, PublicArticle } from '../../../core/articles/articles.ts';
import type { DocNode } from '../../../core/articles/document.ts';
import { testConfig } from '../../config.ts';
import { mediaRemovals } from '../../db/schema/index.ts';
import { createTestApp, csrf } from '../../test/app.ts';
import { memberWithSession } from '../../test/members.ts';
import { sanitizeArticleHtml } from './article-html.ts';

/**
 * Articles through the API (docs/articles.md): drafts and the two-tab conflict, publication and
 * the reader's copy with no unsafe markup, pictures checked by their bytes, search across the
 * Chinese scripts, ownership, likes, deletion and the pictures' clean-up.
 */
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let close: () => Promise<void>;
let author: { id: string; cookies: Record<string, string> };
let other: { id: string; cookies: Record<string, string> };

beforeAll(async () => {
  ({ app, close } = await createTestApp({
    RATE_LIMIT_SCALE: 100,
    ARTICLE_IMAGE_MAX_BYTES: 200_000,
  }));
  author = await memberWithSession(app, { name: '小明' });
  other = await memberWithSession(app, { name: 'Other' });
});
afterAll(async () => close());

const send = (
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookies: Record<string, string>,
  payload?: unknown,
  headers: Record<string, string> = {},
) => {
  const token = csrf(cookies);
  return app.inject({
    method,
    url,
    headers: { ...token.headers, ...headers },
    cookies: { ...token.cookies, ...cookies },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
};
const get = (url: string, cookies: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, cookies });

const text = (value: string, marks?: DocNode['marks']): DocNode => ({
  type: 'text',
  text: value,
  ...(marks ? { marks } : {}),
});
const doc = (...content: DocNode[]): DocNode => ({ type: 'doc', content });
const paragraph = (...content: DocNode[]): DocNode => ({ type: 'paragraph', content });

async function newArticle(
  title: string,
  body: DocNode,
  language = 'zh-Hant',
): Promise<ArticleDraft> {
  const created = await send('POST', '/api/articles', author.cookies, {
    title,
    coverImageId: null,
    doc: body,
    language,
  });
  expect(created.statusCode).toBe(200);
  return created.json().article as ArticleDraft;
}

async function publish(article: ArticleDraft): Promise<ArticleDraft> {
  const published = await send('POST', `/api/articles/${article.id}/publish`, author.cookies, {
    version: article.version,
  });
  expect(published.statusCode).toBe(200);
  return published.json().article as ArticleDraft;
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();

describe('drafts', () => {
  it("saves with the version it last saw, and refuses a second tab's older copy without changing anything", async () => {
    const article = await newArticle('草稿', doc(paragraph(text('第一段'))));
    expect(article.status).toBe('draft');
    const first = await send('PUT', `/api/articles/${article.id}`, author.cookies, {
      title: '第一個分頁',
      coverImageId: null,
      doc: doc(paragraph(text('第一個分頁寫的'))),
      language: 'zh-Hant',
      version: article.version,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().article.version).toBe(article.version + 1);

    const second = await send('PUT', `/api/articles/${article.id}`, author.cookies, {
      title: '第二個分頁',
      coverImageId: null,
      doc: doc(paragraph(text('舊的'))),
      language: 'zh-Hant',
      version: article.version,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      error: 'ARTICLE_CONFLICT',
      details: { version: article.version + 1 },
    });
    const stored = (await get(`/api/articles/${article.id}`, author.cookies)).json()
      .article as ArticleDraft;
    expect(stored.title).toBe('第一個分頁');
  });

  it('lets only the author read, change, publish or delete an article; to others a draft is not there at all', async () => {
    const article = await newArticle('我的文章', doc(paragraph(text('內容'))));
    const attempts = async (version: number) => [
      await get(`/api/articles/${article.id}`, other.cookies),
      await send('PUT', `/api/articles/${article.id}`, other.cookies, {
        title: 'x',
        coverImageId: null,
        doc: doc(),
        language: 'en',
        version,
      }),
      await send('POST', `/api/articles/${article.id}/publish`, other.cookies, { version }),
      await send('DELETE', `/api/articles/${article.id}`, other.cookies),
    ];
    // A draft answers another member as an id that was never used does: nothing says it exists.
    expect((await attempts(article.version)).map((answer) => answer.statusCode)).toEqual([
      404, 404, 404, 404,
    ]);
    expect((await get(`/api/articles/${crypto.randomUUID()}`, other.cookies)).statusCode).toBe(404);
    // Reporting it is refused the same way, and staff's queue never shows its title.
    expect(
      (await send('POST', `/api/articles/${article.id}/flag`, other.cookies, { reason: 'spam' }))
        .statusCode,
    ).toBe(404);
    const staff = await memberWithSession(app, { role: 'admin' });
    expect((await get('/api/admin/shares/flags', staff.cookies)).body).not.toContain('我的文章');
    // Once published it is there for everyone to read: changing it is refused as not theirs.
    const published = await publish(article);
    expect((await attempts(published.version)).slice(1).map((answer) => answer.statusCode)).toEqual(
      [403, 403, 403],
    );
    expect(
      (await send('POST', `/api/articles/${article.id}/flag`, other.cookies, { reason: 'spam' }))
        .statusCode,
    ).toBe(200);
    expect((await get(`/api/articles/${article.id}`, author.cookies)).json().article.title).toBe(
      '我的文章',
    );
    expect(
      (
        await send(
          'POST',
          '/api/articles',
          {},
          { title: 'x', coverImageId: null, doc: doc(), language: 'en' },
        )
      ).statusCode,
    ).toBe(401);
  });

  it('refuses to publish an article without a title or a body', async () => {
    const untitled = await newArticle('', doc(paragraph(text('內容'))));
    const answer = await send('POST', `/api/articles/${untitled.id}/publish`, author.cookies, {
      version: untitled.version,
    });
    expect(answer.json()).toMatchObject({
      error: 'INVALID_ARTICLE',
      details: { problem: 'title-missing' },
    });
    const empty = await newArticle('只有標題', doc(paragraph()));
    expect(
      (
        await send('POST', `/api/articles/${empty.id}/publish`, author.cookies, {
          version: empty.version,
        })
      ).json().details.problem,
    ).toBe('body-empty');
  });
});

describe("publication and readers' copy", () => {
  it('renders pasted script, event handlers and javascript: links as nothing but text', async () => {
    const hostile = doc(
      paragraph(
        text('<img src=x onerror=alert(1)>'),
        text('click', [{ type: 'link', attrs: { href: 'javascript:alert(2)' } }]),
      ),
      { type: 'script', content: [text('alert(3)')] },
      { type: 'image', attrs: { src: 'javascript:alert(4)' } },
      paragraph(
        text('outside', [{ type: 'link', attrs: { href: 'https://example.org/a' } }]),
        text('inside', [{ type: 'link', attrs: { href: 'http://localhost:3000/cardplus' } }]),
      ),
    );
    const article = await publish(await newArticle('安全測試', hostile));
    expect(article.slug).toBe('安全測試');
    const read = (await get(`/api/articles/read/${encodeURIComponent(article.slug!)}`)).json()
      .article as PublicArticle;
    const html = read.segments
      .map((segment) => (segment.type === 'html' ? segment.html : ''))
      .join('');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toMatch(/<img|<script|javascript:|<[^>]+\son\w+=/i);
    expect(html).toContain(
      '<a href="https://example.org/a" rel="noopener nofollow ugc" target="_blank">outside</a>',
    );
    expect(html).toContain('<a href="/cardplus">inside</a>');
    expect(html).toContain('click');
  });

  it('keeps hostile markup out even when it reaches the second lock straight', () => {
    const cleaned = sanitizeArticleHtml(
      '<p onclick="x()">a<script>alert(1)</script><img src="x" onerror="alert(1)"><img src="/media/articles/a.webp"><a href="javascript:alert(1)">b</a><a href="data:text/html,x">c</a><iframe src="https://evil"></iframe></p>',
    );
    expect(cleaned).toBe('<p>a<img src="/media/articles/a.webp" /><a>b</a><a>c</a></p>');
  });

  it('keeps a draft off /share and out of search; unpublishing takes it back off', async () => {
    const article = await newArticle('草稿不公開 zzqq', doc(paragraph(text('zzqq'))));
    const listed = async () =>
      ((await get('/api/articles')).json().articles as { id: string }[]).some(
        (entry) => entry.id === article.id,
      );
    const found = async () => (await get('/api/articles/search?q=zzqq')).json().total as number;
    expect([await listed(), await found()]).toEqual([false, 0]);
    const published = await publish(article);
    expect([await listed(), await found()]).toEqual([true, 1]);
    expect(
      (await get(`/api/articles/read/${encodeURIComponent(published.slug!)}`)).statusCode,
    ).toBe(200);
    await send('POST', `/api/articles/${article.id}/unpublish`, author.cookies);
    expect([await listed(), await found()]).toEqual([false, 0]);
    expect(
      (await get(`/api/articles/read/${encodeURIComponent(published.slug!)}`)).statusCode,
    ).toBe(404);
    // Its author still opens it, to check it before publishing again.
    expect(
      (await get(`/api/articles/read/${encodeURIComponent(published.slug!)}`, author.cookies))
        .statusCode,
    ).toBe(200);
  });

  it("shows an embedded card with the catalogue's data and a gone one as missing", async () => {
    const article = await publish(
      await newArticle(
        '嵌入卡片',
        doc(
          paragraph(text('看這張卡')),
          { type: 'tripplusEmbed', attrs: { kind: 'card', id: 'chase-sapphire-preferred' } },
          { type: 'tripplusEmbed', attrs: { kind: 'card', id: 'no-such-card' } },
        ),
      ),
    );
    const read = (await get(`/api/articles/read/${encodeURIComponent(article.slug!)}`)).json()
      .article as PublicArticle;
    expect(
      read.segments.map((segment) => (segment.type === 'embed' ? segment.embed.kind : 'html')),
    ).toEqual(['html', 'card', 'missing']);
    const card = read.segments[1];
    expect(card?.type === 'embed' && card.embed.kind === 'card' && card.embed.name.en).toMatch(
      /^Chase Sapphire Preferred/,
    );
  });

  it('finds a Traditional article with a Simplified query and back, with the match marked', async () => {
    await publish(
      await newArticle('桃園機場貴賓室心得', doc(paragraph(text('這次在貴賓室等了兩小時。')))),
    );
    await publish(
      await newArticle('香港机场转机', doc(paragraph(text('简体写的文章，讲转机。'))), 'zh-Hans'),
    );
    const simplified = (
      await get(`/api/articles/search?q=${encodeURIComponent('机场贵宾室')}`)
    ).json();
    expect(simplified.hits.map((hit: { article: { title: string } }) => hit.article.title)).toEqual(
      ['桃園機場貴賓室心得'],
    );
    expect(simplified.hits[0].title).toEqual([
      { text: '桃園', match: false },
      { text: '機場貴賓室', match: true },
      { text: '心得', match: false },
    ]);
    const traditional = (await get(`/api/articles/search?q=${encodeURIComponent('轉機')}`)).json();
    expect(
      traditional.hits.map((hit: { article: { title: string } }) => hit.article.title),
    ).toEqual(['香港机场转机']);
    expect(
      (
        await get(
          `/api/articles/search?author=${encodeURIComponent('小明')}&q=${encodeURIComponent('轉機')}`,
        )
      ).json().total,
    ).toBe(1);
    expect(
      (await get(`/api/articles/search?author=nobody&q=${encodeURIComponent('轉機')}`)).json()
        .total,
    ).toBe(0);
  });

  it('keeps readers on the published version while its author edits, until the changes are published', async () => {
    const published = await publish(
      await newArticle('原本的標題', doc(paragraph(text('原本的內容 qqoriginal')))),
    );
    const edited = await send('PUT', `/api/articles/${published.id}`, author.cookies, {
      title: '改過的標題',
      coverImageId: null,
      doc: doc(paragraph(text('改過的內容 qqedited'))),
      language: 'zh-Hant',
      version: published.version,
    });
    expect(edited.json().article).toMatchObject({
      title: '改過的標題',
      publishedVersion: published.version,
      version: published.version + 1,
    });
    const reading = async () =>
      (await get(`/api/articles/read/${encodeURIComponent(published.slug!)}`)).json()
        .article as PublicArticle;
    const before = await reading();
    expect([before.title, JSON.stringify(before.segments).includes('qqoriginal')]).toEqual([
      '原本的標題',
      true,
    ]);
    expect([
      (await get('/api/articles/search?q=qqedited')).json().total,
      (await get('/api/articles/search?q=qqoriginal')).json().total,
    ]).toEqual([0, 1]);
    await publish(edited.json().article);
    const after = await reading();
    expect([after.title, JSON.stringify(after.segments).includes('qqedited')]).toEqual([
      '改過的標題',
      true,
    ]);
    expect([
      (await get('/api/articles/search?q=qqedited')).json().total,
      (await get('/api/articles/search?q=qqoriginal')).json().total,
    ]).toEqual([1, 0]);
    // The address stays the first publication's.
    expect(after.slug).toBe('原本的標題');
  });

  it('gives a second article of the same title its own address', async () => {
    const first = await publish(await newArticle('同名文章', doc(paragraph(text('一')))));
    const second = await publish(await newArticle('同名文章', doc(paragraph(text('二')))));
    expect(first.slug).toBe('同名文章');
    expect(second.slug).toBe(`同名文章-${second.id.slice(0, 6)}`);
  });

  it('counts one like per member', async () => {
    const article = await publish(await newArticle('按讚', doc(paragraph(text('讚')))));
    await send('PUT', `/api/articles/${article.id}/like`, other.cookies, { liked: true });
    const again = await send('PUT', `/api/articles/${article.id}/like`, other.cookies, {
      liked: true,
    });
    expect(again.json().likes).toBe(1);
    const read = (
      await get(`/api/articles/read/${encodeURIComponent(article.slug!)}`, other.cookies)
    ).json().article as PublicArticle;
    expect([read.likes, read.likedByMe]).toEqual([1, true]);
    expect(
      (await send('PUT', `/api/articles/${article.id}/like`, {}, { liked: true })).statusCode,
    ).toBe(401);
  });
});

describe('pictures', () => {
  const upload = (articleId: string, bytes: Buffer, type = 'image/png', cookies = author.cookies) =>
    send('POST', `/api/articles/${articleId}/images`, cookies, bytes, { 'content-type': type });

  it("converts a picture to WebP widths, serves them, and uses it in the reader's copy", async () => {
    const article = await newArticle('有圖', doc(paragraph(text('圖'))));
    const answer = await upload(article.id, await png(1200, 800));
    expect(answer.statusCode).toBe(200);
    const image = answer.json().image as ArticleImage;
    expect([image.width, image.height, image.sources.map((source) => source.width)]).toEqual([
      1200,
      800,
      [480, 960, 1200],
    ]);
    const served = await get(image.sources[0]!.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(480);

    const saved = await send('PUT', `/api/articles/${article.id}`, author.cookies, {
      title: '有圖',
      coverImageId: image.id,
      doc: doc({ type: 'image', attrs: { imageId: image.id, caption: '<b>說明</b>' } }),
      language: 'zh-Hant',
      version: article.version,
    });
    expect(saved.statusCode).toBe(200);
    const published = await publish(saved.json().article);
    const read = (await get(`/api/articles/read/${encodeURIComponent(published.slug!)}`)).json()
      .article as PublicArticle;
    expect(read.cover?.id).toBe(image.id);
    const html = read.segments[0]?.type === 'html' ? read.segments[0].html : '';
    expect(html).toContain(`src="/media/articles/${article.id}/${image.id}-960.webp"`);
    expect(html).toContain('width="1200" height="800"');
    expect(html).toContain('<figcaption>&lt;b&gt;說明&lt;/b&gt;</figcaption>');
  });

  it("refuses a text file named .png, a picture over the limit, another member's upload and a picture of no article", async () => {
    const article = await newArticle('拒絕', doc(paragraph(text('x'))));
    const fake = await upload(article.id, Buffer.from('just text, not a picture'));
    expect([fake.statusCode, fake.json().details?.problem]).toEqual([400, 'not-an-image']);
    const noise = await sharp(
      Buffer.alloc(400 * 400 * 3, 7).map((_, index) => (index * 7919) % 251),
      { raw: { width: 400, height: 400, channels: 3 } },
    )
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(200_000);
    expect((await upload(article.id, noise)).statusCode).toBe(413);
    expect(
      (await upload(article.id, await png(10, 10), 'image/png', other.cookies)).statusCode,
    ).toBe(404);
    const stored = (await get(`/api/articles/${article.id}`, author.cookies)).json()
      .article as ArticleDraft;
    expect(stored.images).toEqual([]);
    // A document naming a picture the article does not have is refused.
    const named = await send('PUT', `/api/articles/${article.id}`, author.cookies, {
      title: 'x',
      coverImageId: null,
      doc: doc({ type: 'image', attrs: { imageId: crypto.randomUUID() } }),
      language: 'en',
      version: stored.version,
    });
    expect(named.json().details?.problem).toBe('unknown-image');
  });

  it("removes a deleted article's pictures by the clean-up, not before its row is gone", async () => {
    const article = await newArticle('要刪除', doc(paragraph(text('x'))));
    const image = (await upload(article.id, await png(300, 200))).json().image as ArticleImage;
    const folder = join(testConfig().MEDIA_DIR, 'articles', article.id);
    expect(existsSync(folder)).toBe(true);
    expect((await send('DELETE', `/api/articles/${article.id}`, author.cookies)).statusCode).toBe(
      200,
    );
    expect((await get(`/api/articles/${article.id}`, author.cookies)).statusCode).toBe(404);
    expect((await app.database.db.select().from(mediaRemovals)).map((row) => row.prefix)).toContain(
      `articles/${article.id}`,
    );
    expect(existsSync(folder)).toBe(true);
    expect(await app.articles.images.cleanUp()).toBeGreaterThan(0);
    expect(existsSync(folder)).toBe(false);
    expect((await get(image.sources[0]!.url)).statusCode).toBe(404);
  });
});

describe('groups', () => {
  const group = (cookies: Record<string, string>, input: Record<string, unknown>) =>
    send('POST', '/api/groups', cookies, { description: '', ...input });

  it('lets members join a public group and add their own published articles; only the owner changes or deletes it', async () => {
    const created = await group(author.cookies, { name: '日本行程', visibility: 'public' });
    expect(created.statusCode).toBe(200);
    const { id, slug } = created.json().group as { id: string; slug: string };
    expect(slug).toBe('日本行程');
    expect(
      ((await get('/api/groups')).json().groups as { id: string }[]).map((entry) => entry.id),
    ).toContain(id);

    const mine = await newArticle('不是你的', doc(paragraph(text('x'))));
    await publish(mine);
    expect(
      (await send('POST', `/api/groups/${id}/articles`, other.cookies, { articleId: mine.id }))
        .statusCode,
    ).toBe(403);
    expect((await send('POST', `/api/groups/${id}/join`, other.cookies, {})).statusCode).toBe(200);
    // Another member's article is not theirs to add, even once they are in.
    expect(
      (await send('POST', `/api/groups/${id}/articles`, other.cookies, { articleId: mine.id }))
        .statusCode,
    ).toBe(403);
    const draft = await newArticle('還是草稿', doc(paragraph(text('x'))));
    expect(
      (await send('POST', `/api/groups/${id}/articles`, author.cookies, { articleId: draft.id }))
        .statusCode,
    ).toBe(400);
    // Another member's draft is not there for them.
    expect(
      (await send('POST', `/api/groups/${id}/articles`, other.cookies, { articleId: draft.id }))
        .statusCode,
    ).toBe(404);
    expect(
      (await send('POST', `/api/groups/${id}/articles`, author.cookies, { articleId: mine.id }))
        .statusCode,
    ).toBe(200);
    const view = (await get(`/api/groups/${encodeURIComponent(slug)}`)).json().group;
    expect([
      view.members,
      view.articleList.map((entry: { id: string }) => entry.id),
      view.inviteToken,
    ]).toEqual([2, [mine.id], null]);
    expect(
      (
        await get(
          `/api/articles/search?group=${encodeURIComponent(slug)}&q=${encodeURIComponent('不是你的')}`,
        )
      ).json().total,
    ).toBe(1);

    const attempts = [
      await send('PUT', `/api/groups/${id}`, other.cookies, {
        name: '改名',
        description: '',
        visibility: 'public',
      }),
      await send('DELETE', `/api/groups/${id}`, other.cookies),
      await send('DELETE', `/api/groups/${id}/articles/${mine.id}`, other.cookies),
      await send('POST', `/api/groups/${id}/invite`, other.cookies),
    ];
    expect(attempts.map((answer) => answer.statusCode)).toEqual([403, 403, 403, 403]);
    expect((await send('DELETE', `/api/groups/${id}`, author.cookies)).statusCode).toBe(200);
    expect((await get(`/api/groups/${encodeURIComponent(slug)}`)).statusCode).toBe(404);
  });

  it('keeps a group by invitation out of the list and answers 404 without its link', async () => {
    const created = (
      await group(author.cookies, { name: 'Invite only', visibility: 'invite' })
    ).json().group as { id: string; slug: string; inviteToken: string };
    expect(created.inviteToken).toMatch(/^[\w-]{20,}$/);
    expect(
      ((await get('/api/groups')).json().groups as { id: string }[]).map((entry) => entry.id),
    ).not.toContain(created.id);
    expect((await get(`/api/groups/${created.slug}`, other.cookies)).statusCode).toBe(404);
    expect((await get(`/api/groups/${created.slug}?invite=wrong`, other.cookies)).statusCode).toBe(
      404,
    );
    expect(
      (await send('POST', `/api/groups/${created.id}/join`, other.cookies, { invite: 'wrong' }))
        .statusCode,
    ).toBe(404);
    // Its owner's routes and 'report this' answer as for a group that is not there.
    expect(
      (
        await send('PUT', `/api/groups/${created.id}`, other.cookies, {
          name: '改名',
          description: '',
          visibility: 'public',
        })
      ).statusCode,
    ).toBe(404);
    expect((await send('POST', `/api/groups/${created.id}/invite`, other.cookies)).statusCode).toBe(
      404,
    );
    expect(
      (await send('POST', `/api/groups/${created.id}/flag`, other.cookies, { reason: 'spam' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await get(`/api/groups/${created.slug}?invite=${created.inviteToken}`, other.cookies))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await send('POST', `/api/groups/${created.id}/join`, other.cookies, {
          invite: created.inviteToken,
        })
      ).statusCode,
    ).toBe(200);
    expect((await get(`/api/groups/${created.slug}`, other.cookies)).json().group.isMember).toBe(
      true,
    );
    // A new link: the old one no longer lets anyone in.
    const renewed = (await send('POST', `/api/groups/${created.id}/invite`, author.cookies)).json()
      .inviteToken as string;
    expect(renewed).not.toBe(created.inviteToken);
    expect(
      (await get(`/api/groups/${created.slug}?invite=${created.inviteToken}`)).statusCode,
    ).toBe(404);
  });
});
