import { eq, isNotNull } from 'drizzle-orm';
import type { DocNode } from '../../../core/articles/document.ts';
import type { Db } from '../../db/client.ts';
import { articleGroups, articles } from '../../db/schema/index.ts';
import type { Articles } from './articles.service.ts';
import type { ArticleGroups } from './groups.service.ts';

const paragraph = (text: string): DocNode => ({
  type: 'paragraph',
  content: [{ type: 'text', text }],
});
const heading = (text: string): DocNode => ({
  type: 'heading',
  attrs: { level: 2 },
  content: [{ type: 'text', text }],
});
const item = (text: string): DocNode => ({ type: 'listItem', content: [paragraph(text)] });

/**
 * The sample article and group of a fresh install (docs/articles.md#sample-article), with SHARES_SAMPLE_DATA:
 * a short guide to writing here, in Traditional Chinese, that shows what an article can hold
 * (headings, a list, a quote, a live card and programme). It states no figures of its own, is
 * labelled as a sample on its page and stays out of search engines; the setting off removes it.
 */
const SAMPLE = {
  key: 'how-to-write',
  slug: 'sample-how-to-write-a-trip-report',
  title: '範例文章：如何寫一篇好讀的兌換心得',
  doc: {
    type: 'doc',
    content: [
      paragraph(
        '這是一篇範例文章，示範會員在 TripPlus 能寫些什麼。你可以在「我的文章」按「寫文章」開始，草稿會自動儲存。',
      ),
      heading('先寫清楚這趟行程'),
      {
        type: 'bulletList',
        content: [
          item('航線、艙等與日期'),
          item('用了哪個飛行計畫的里程，以及里程從哪裡轉來'),
          item('訂位時遇到的問題和解法'),
        ],
      },
      {
        type: 'blockquote',
        content: [
          paragraph('數字請寫你實際付出的里程與稅金，並註明查詢日期：航空公司的兌換表會變。'),
        ],
      },
      heading('放進 TripPlus 的卡片與飛行計畫'),
      paragraph('在編輯器按「嵌入」可以放入信用卡或飛行計畫，讀者看到的是當下的資料，例如：'),
      { type: 'tripplusEmbed', attrs: { kind: 'card', id: 'chase-sapphire-preferred' } },
      { type: 'tripplusEmbed', attrs: { kind: 'programme', id: 'eva-infinity' } },
      paragraph('寫好後按「發佈」，文章就會出現在社群文章列表與文章搜尋。'),
    ],
  } satisfies DocNode,
};

/** The sample group, public, holding the sample article. */
const SAMPLE_GROUP = {
  key: 'trip-reports',
  slug: 'sample-trip-reports',
  name: '範例群組：兌換心得',
  description:
    '範例群組，示範會員如何把文章整理成群組。建立自己的群組後，可以公開，也可以只讓拿到邀請連結的人加入。',
  articleSlug: SAMPLE.slug,
};

export async function syncSampleArticle(
  db: Db,
  enabled: boolean,
  services: { articles: Articles; groups: ArticleGroups },
): Promise<void> {
  if (!enabled) {
    await db.delete(articleGroups).where(isNotNull(articleGroups.sample));
    await db.delete(articles).where(isNotNull(articles.sample));
    return;
  }
  const [existing] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(eq(articles.sample, SAMPLE.key));
  if (!existing)
    await services.articles.addSample({
      key: SAMPLE.key,
      slug: SAMPLE.slug,
      title: SAMPLE.title,
      doc: SAMPLE.doc,
      language: 'zh-Hant',
    });
  const [group] = await db
    .select({ id: articleGroups.id })
    .from(articleGroups)
    .where(eq(articleGroups.sample, SAMPLE_GROUP.key));
  if (!group) await services.groups.addSample(SAMPLE_GROUP);
}
