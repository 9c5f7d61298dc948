import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema/index.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's store, in the database: one row per key with its hits and the end of its
 * window, moved in one statement (a window that has ended starts again at 1). Several server
 * processes share the counts, and a restart resets none of them. Ended windows are swept now and
 * then, so the table holds only the keys that are counting.
 */
export class DatabaseRateLimitStore {
  #calls = 0;

  constructor(private readonly db: Db) {}

  incr(key: string, callback: Callback, timeWindow: number): void {
    this.#increment(key, timeWindow).then(
      (result) => callback(null, result),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  read(key: string, callback: Callback): void {
    this.db
      .select()
      .from(rateLimitCounters)
      .where(sql`${rateLimitCounters.key} = ${key} and ${rateLimitCounters.windowEndsAt} > now()`)
      .then(
        ([row]) =>
          callback(
            null,
            row
              ? { current: row.hits, ttl: Math.max(0, row.windowEndsAt.getTime() - Date.now()) }
              : { current: 0, ttl: 0 },
          ),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
  }

  /** Every limit of the app counts in the same table; keys carry the limit's name. */
  child(): DatabaseRateLimitStore {
    return this;
  }

  async #increment(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
    const windowEnd = sql`now() + make_interval(secs => ${windowMs / 1000})`;
    const [row] = await this.db
      .insert(rateLimitCounters)
      .values({ key, hits: 1, windowEndsAt: windowEnd })
      .onConflictDoUpdate({
        target: rateLimitCounters.key,
        set: {
          hits: sql`case when ${rateLimitCounters.windowEndsAt} <= now() then 1 else ${rateLimitCounters.hits} + 1 end`,
          windowEndsAt: sql`case when ${rateLimitCounters.windowEndsAt} <= now() then ${windowEnd} else ${rateLimitCounters.windowEndsAt} end`,
        },
      })
      .returning({
        hits: rateLimitCounters.hits,
        ttl: sql<number>`greatest(0, extract(epoch from (${rateLimitCounters.windowEndsAt} - now())) * 1000)`,
      });
    this.#calls += 1;
    if (this.#calls % 200 === 0)
      await this.db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowEndsAt, sql`now()`));
    return { current: row!.hits, ttl: Math.round(Number(row!.ttl)) };
  }
}

/** The store as @fastify/rate-limit takes it: a class it constructs itself, here bound to the database. */
export function databaseRateLimitStore(db: Db) {
  return class BoundDatabaseRateLimitStore extends DatabaseRateLimitStore {
    constructor() {
      super(db);
    }
  };
}
