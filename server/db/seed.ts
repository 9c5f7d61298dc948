import type { Db } from './client.ts';
import { promotions } from './schema/index.ts';

/**
 * Demo content for a fresh embedded database, so that `npm start` shows a living site.
 * Idempotent: rows are keyed by slug and never overwritten.
 */
export async function seedDemoContent(db: Db): Promise<void> {
  await db
    .insert(promotions)
    .values([
      {
        slug: 'award-tracking-launch',
        titleEn:
          'Never miss a released award seat: set up a tracking and we e-mail you when seats open',
        titleZhHant: '釋出的獎勵機位不再錯過：設定追蹤，一有機位就寄信通知您',
        titleZhHans: '不再错过释放的奖励机位：设置追踪，一有机位就发邮件通知您',
        titleJa:
          '特典航空券の空席を見逃さない：追跡を設定すると空席が出たときにメールでお知らせします',
        linkPath: '/awardplus/scraping/alert',
      },
    ])
    .onConflictDoNothing({ target: promotions.slug });
}
