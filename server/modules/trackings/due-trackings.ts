import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { AwardQuery } from '../../../core/awards/search.ts';
import type { MatchedFlight, TrackingStatus } from '../../../core/awards/tracking.ts';
import type { Db } from '../../db/client.ts';
import { members, trackings } from '../../db/schema/index.ts';

/**
 * Which trackings a check cycle looks at (docs/trackings.md#checks): those that still watch and
 * were not checked at the cycle's time, listed once by query, then read a batch at a time.
 */

export interface DueTracking {
  id: string;
  memberId: string;
  query: AwardQuery;
  keepTracking: boolean;
  status: TrackingStatus;
  match: MatchedFlight[] | null;
  version: number;
  email: string | null;
  name: string;
  language: string;
}

/** Whether a tracking still watches and was not checked at `at` (or later). */
function isDue(at: Date) {
  const watching = or(
    eq(trackings.status, 'tracking'),
    and(
      eq(trackings.keepTracking, true),
      or(eq(trackings.status, 'notified'), eq(trackings.status, 'change-notified')),
    ),
  );
  return and(watching, or(isNull(trackings.lastCheckedAt), lt(trackings.lastCheckedAt, at)));
}

/**
 * The due trackings' ids with a digest of their query, in the order the cycle checks them:
 * route and first date, then the query (identical ones next to each other), then id.
 */
export async function dueByQuery(db: Db, at: Date): Promise<{ id: string; key: string }[]> {
  const key = sql<string>`md5(${trackings.query}::text)`;
  return db
    .select({ id: trackings.id, key })
    .from(trackings)
    .where(isDue(at))
    .orderBy(
      sql`${trackings.query}->>'origin'`,
      sql`${trackings.query}->>'destination'`,
      sql`${trackings.query}->'dates'->>'from'`,
      key,
      asc(trackings.id),
    );
}

/** The trackings of `ids` that are still due (one may have been deleted or checked since it was listed). */
export async function dueTrackings(
  db: Db,
  at: Date,
  ids: readonly string[],
): Promise<DueTracking[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: trackings.id,
      memberId: trackings.memberId,
      query: trackings.query,
      keepTracking: trackings.keepTracking,
      status: trackings.status,
      match: trackings.match,
      version: trackings.version,
      email: members.email,
      name: members.name,
      language: members.language,
    })
    .from(trackings)
    .innerJoin(members, eq(members.id, trackings.memberId))
    .where(and(isDue(at), inArray(trackings.id, [...ids])))
    .orderBy(asc(trackings.id));
}
