import { and, desc, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Language } from '../../../core/locale.ts';
import type { Promotion } from '../../../core/promotions.ts';
import type { Db } from '../../db/client.ts';
import { promotions } from '../../db/schema/index.ts';

/** The newest promotion running at `now`, titled in `language` (Japanese falls back to English). */
export async function getCurrentPromotion(options: {
  db: Db;
  language: Language;
  now?: Date;
}): Promise<Promotion | null> {
  // The database's own clock by default: its timestamps carry microseconds, and a JavaScript
  // Date (milliseconds) could see a promotion created this very millisecond as not yet started.
  const now = options.now ?? sql`now()`;
  const [row] = await options.db
    .select()
    .from(promotions)
    .where(
      and(lte(promotions.startsAt, now), or(isNull(promotions.endsAt), gt(promotions.endsAt, now))),
    )
    .orderBy(desc(promotions.startsAt), desc(promotions.id))
    .limit(1);
  if (!row) return null;
  const title = {
    en: row.titleEn,
    'zh-Hant': row.titleZhHant,
    'zh-Hans': row.titleZhHans,
    ja: row.titleJa ?? row.titleEn,
  }[options.language];
  return { id: row.id, title, linkPath: row.linkPath, endsAt: row.endsAt?.toISOString() ?? null };
}
