import { and, desc, gte, ne } from 'drizzle-orm';
import { SEARCH_ALLIANCES, type SearchAlliance } from '../../../core/awards/search.ts';
import type { SourceStatus } from '../../../core/awards/source-status.ts';
import type { Db } from '../../db/client.ts';
import { awardSearches } from '../../db/schema/index.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The 95th percentile (nearest rank) of some durations; null for none. */
function p95(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}

/**
 * The health of award search per alliance over the last day (docs/product/site.md#seat-status),
 * read from the searches themselves: a search asked an alliance unless it asked another alone or
 * staff had it resting; it
 * failed for the alliance when the whole search failed or the alliance was reported down; the
 * alliance is up or down as the latest search that asked it found.
 */
export async function sourceStatus(options: {
  db: Db;
  now: Date;
  sources: { id: string; simulated: boolean }[];
  maintenance: boolean;
  resting: readonly SearchAlliance[];
}): Promise<SourceStatus> {
  const { now } = options;
  const rows = await options.db
    .select({
      createdAt: awardSearches.createdAt,
      finishedAt: awardSearches.finishedAt,
      status: awardSearches.status,
      error: awardSearches.error,
      query: awardSearches.query,
      alliances: awardSearches.alliances,
      notices: awardSearches.notices,
    })
    .from(awardSearches)
    .where(
      and(
        gte(awardSearches.createdAt, new Date(now.getTime() - DAY_MS)),
        ne(awardSearches.status, 'searching'),
      ),
    )
    // The newest first, so a busy day's latest searches are the ones kept; then oldest first.
    .orderBy(desc(awardSearches.createdAt))
    .limit(20_000);
  rows.reverse();
  const alliances = SEARCH_ALLIANCES.map((alliance) => {
    const asked = rows.flatMap((row) => {
      const rested = row.notices.some(
        (notice) => notice.code === 'alliance-maintenance' && notice.alliance === alliance,
      );
      // A search of one alliance asked no other; one refused for maintenance asked none.
      const only = row.query.alliance;
      if (rested || (only && only !== alliance) || row.error === 'SEARCH_MAINTENANCE') return [];
      const failed =
        row.status === 'failed' ||
        row.notices.some(
          (notice) => notice.code === 'alliance-down' && notice.alliance === alliance,
        );
      const answered = !failed && row.alliances.includes(alliance);
      const ms = row.finishedAt ? row.finishedAt.getTime() - row.createdAt.getTime() : null;
      return [{ at: row.createdAt.getTime(), done: row.finishedAt, failed, answered, ms }];
    });
    const window = (since: number) => {
      const inside = asked.filter((search) => search.at >= since);
      return {
        searches: inside.length,
        failed: inside.filter((search) => search.failed).length,
        p95Ms: p95(inside.flatMap((search) => (search.ms === null ? [] : [search.ms]))),
      };
    };
    const latest = asked.at(-1);
    const lastAnswered = asked.filter((search) => search.answered).at(-1);
    const state: SourceStatus['alliances'][number]['state'] =
      options.maintenance || options.resting.includes(alliance)
        ? 'maintenance'
        : !latest
          ? 'unknown'
          : latest.failed
            ? 'down'
            : 'up';
    return {
      alliance,
      state,
      lastAnsweredAt: lastAnswered?.done?.toISOString() ?? null,
      hour: window(now.getTime() - HOUR_MS),
      day: window(now.getTime() - DAY_MS),
    };
  });
  return {
    now: now.toISOString(),
    sources: options.sources,
    maintenance: options.maintenance,
    alliances,
  };
}
