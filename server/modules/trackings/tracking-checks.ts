import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { milesFor, type AwardItinerary, type AwardQuery } from '../../../core/awards/search.ts';
import {
  afterCheck,
  awardCount,
  diffMatches,
  isChange,
  matchOf,
  NO_CHANGE,
  TRACKING_MATCH_LIMIT,
  TRACKING_PREVIEW_FLIGHTS,
  trackingToday,
  type MatchedFlight,
  type TrackingDiff,
} from '../../../core/awards/tracking.ts';
import { isLanguage, type Language } from '../../../core/locale.ts';
import type { Db } from '../../db/client.ts';
import { trackingChanges, trackings } from '../../db/schema/index.ts';
import type { AwardSearch } from '../awards/index.ts';
import { enqueueMail } from '../mail/index.ts';
import type { NoticeWriter } from '../notices/index.ts';
import { dueByQuery, dueTrackings, type DueTracking } from './due-trackings.ts';
import { trackingMail } from './tracking-mail.ts';
import type { TrackingLinks } from './tracking-links.ts';

/**
 * The background checks of award trackings (docs/trackings.md#checks). A cycle looks again at every
 * tracking that still watches and was not checked at the cycle's time, compares what matches now
 * with what matched at the last check, and records a change with its e-mail in one transaction:
 *
 * - the tracking row moves only from the version the check read (a second worker, or a retry
 *   after a crash, finds it moved and writes nothing);
 * - the change row is unique per (tracking, fingerprint), and its e-mail goes into the outbox in
 *   the same transaction: a change is never recorded without its e-mail, nor e-mailed twice;
 * - a check that could not hear from every alliance changes nothing (seats do not "vanish"
 *   because a source was down).
 *
 * The due trackings are listed once per cycle by query and checked in batches; each distinct query
 * is searched once per cycle.
 */

export interface CycleReport {
  at: string;
  /** Trackings looked at (compared or baselined). */
  checked: number;
  baselines: number;
  changes: number;
  /** Changes that wrote an e-mail into the outbox. */
  emails: number;
  /** Checks that could not compare (a source down or a failed search). */
  problems: number;
  expired: number;
  searches: number;
  ms: number;
}

export interface TrackingChecksOptions {
  db: Db;
  search: () => Promise<AwardSearch>;
  links: TrackingLinks;
  /** Called with each e-mail after its change committed (deliver it now rather than at the next round). */
  delivered?: (mailId: number) => Promise<unknown>;
  /** Writes the member's notice in the change's transaction (docs/notices.md). */
  notices?: NoticeWriter;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  batchSize?: number;
  /** Searches in flight at once: enough to keep the engine's thread busy while this one writes. */
  concurrency?: number;
}

type Outcome = { itineraries: AwardItinerary[] } | { problem: true };

const emptyReport = (at: Date): CycleReport => ({
  at: at.toISOString(),
  checked: 0,
  baselines: 0,
  changes: 0,
  emails: 0,
  problems: 0,
  expired: 0,
  searches: 0,
  ms: 0,
});

/** A short hash of a match, as change fingerprints name it. */
export const matchDigest = (match: readonly MatchedFlight[]) =>
  createHash('sha256')
    .update(JSON.stringify(match.map((flight) => [flight.id, flight.programmes])))
    .digest('hex')
    .slice(0, 16);

/** The matched flights worth showing first: fewest miles, then earliest. */
function previewOf(itineraries: readonly AwardItinerary[]): AwardItinerary[] {
  const miles = (itinerary: AwardItinerary) => milesFor(itinerary, null) ?? Number.MAX_SAFE_INTEGER;
  return [...itineraries]
    .sort(
      (a, b) =>
        miles(a) - miles(b) ||
        Date.parse(a.departure) - Date.parse(b.departure) ||
        a.id.localeCompare(b.id),
    )
    .slice(0, TRACKING_PREVIEW_FLIGHTS);
}

/** A check writes only over the version it read, and never over a later check's result. */
const untouchedSince = (id: string, version: number, at: Date) =>
  and(
    eq(trackings.id, id),
    eq(trackings.version, version),
    or(isNull(trackings.lastCheckedAt), lt(trackings.lastCheckedAt, at)),
  );

export class TrackingChecks {
  readonly #batchSize: number;
  readonly #concurrency: number;

  constructor(private readonly options: TrackingChecksOptions) {
    this.#batchSize = options.batchSize ?? 200;
    this.#concurrency = options.concurrency ?? 6;
  }

  /** Resolves once the award search can answer (the simulated inventory takes seconds to build). */
  async ready(): Promise<void> {
    await this.options.search();
  }

  /**
   * Every watching tracking not yet checked at `at`; the trackings whose dates have passed expire
   * first. The due trackings are listed once, by query, so each distinct query is searched once in
   * the whole cycle (its trackings are never split between batches), and neighbouring batches ask
   * the same routes and dates while the engine's caches hold them.
   */
  async runCycle(at: Date): Promise<CycleReport> {
    const started = performance.now();
    const report = emptyReport(at);
    report.expired = await this.expire(at);
    const due = await dueByQuery(this.options.db, at);
    for (let start = 0; start < due.length;) {
      let end = Math.min(due.length, start + this.#batchSize);
      while (end < due.length && due[end]?.key === due[end - 1]?.key) end += 1;
      const ids = due.slice(start, end).map((row) => row.id);
      await this.#checkBatch(await dueTrackings(this.options.db, at, ids), at, report);
      start = end;
    }
    report.ms = Math.round(performance.now() - started);
    return report;
  }

  /** One tracking now (its baseline right after it is created). */
  async checkOne(id: string, at: Date): Promise<CycleReport> {
    const report = emptyReport(at);
    await this.#checkBatch(await dueTrackings(this.options.db, at, [id]), at, report);
    return report;
  }

  /** Trackings whose last date is before today (trackingToday) stop watching. */
  async expire(at: Date): Promise<number> {
    const expired = await this.options.db
      .update(trackings)
      .set({ status: 'expired' })
      .where(
        and(
          sql`${trackings.status} <> 'expired'`,
          sql`(${trackings.query}->'dates'->>'to') < ${trackingToday(at)}`,
        ),
      )
      .returning({ id: trackings.id });
    return expired.length;
  }

  async #checkBatch(batch: readonly DueTracking[], at: Date, report: CycleReport): Promise<void> {
    const search = await this.options.search();
    // Identical queries (a popular route and date) are searched once: the cycle keeps them in one batch.
    const byQuery = new Map<string, Promise<Outcome>>();
    const outcomeOf = (query: AwardQuery): Promise<Outcome> => {
      const key = JSON.stringify(query);
      let outcome = byQuery.get(key);
      if (!outcome) {
        report.searches += 1;
        outcome = search.search(query, { at, limit: TRACKING_MATCH_LIMIT }).then(
          // An alliance that did not answer would look like seats gone: such a check compares nothing.
          (result): Outcome =>
            result.notices.some((notice) => notice.code === 'alliance-down')
              ? { problem: true }
              : { itineraries: result.itineraries },
          (error: unknown): Outcome => {
            this.options.log.warn({ err: error }, 'tracking check search failed');
            return { problem: true };
          },
        );
        byQuery.set(key, outcome);
      }
      return outcome;
    };

    const unchanged: DueTracking[] = [];
    const problems: DueTracking[] = [];
    let next = 0;
    const worker = async () => {
      while (next < batch.length) {
        const tracking = batch[next] as DueTracking;
        next += 1;
        const outcome = await outcomeOf(tracking.query);
        if ('problem' in outcome) {
          problems.push(tracking);
          continue;
        }
        const match = matchOf(outcome.itineraries);
        if (tracking.match !== null && !isChange(diffMatches(tracking.match, match))) {
          unchanged.push(tracking);
          continue;
        }
        try {
          await this.#record(tracking, match, outcome.itineraries, at, report);
        } catch (error) {
          this.options.log.error(
            { err: error, tracking: tracking.id },
            'tracking change could not be recorded',
          );
          report.problems += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.#concurrency, batch.length) }, worker));
    report.checked += batch.length - problems.length;
    report.problems += problems.length;
    await this.#touch(unchanged, at, null);
    await this.#touch(problems, at, 'source-unavailable');
  }

  /**
   * Marks trackings checked at `at` with nothing to record: the counts since the last check are
   * zero (or, for a check that could not compare, left as they were). One statement per batch.
   */
  async #touch(
    rows: readonly DueTracking[],
    at: Date,
    problem: 'source-unavailable' | null,
  ): Promise<void> {
    if (rows.length === 0) return;
    const pairs = sql.join(
      rows.map((row) => sql`(${row.id}::uuid, ${row.version}::int)`),
      sql`, `,
    );
    const counts = problem
      ? sql``
      : sql`, flights_added = 0, flights_removed = 0, awards_added = 0, awards_removed = 0`;
    await this.options.db.execute(sql`
      UPDATE trackings AS t SET last_checked_at = ${at.toISOString()}::timestamptz, last_check_problem = ${problem} ${counts}
      FROM (VALUES ${pairs}) AS checked(id, version)
      WHERE t.id = checked.id AND t.version = checked.version AND (t.last_checked_at IS NULL OR t.last_checked_at < ${at.toISOString()}::timestamptz)`);
  }

  /** The baseline, or a change with its e-mail: one transaction, over the version the check read. */
  async #record(
    tracking: DueTracking,
    match: MatchedFlight[],
    itineraries: readonly AwardItinerary[],
    at: Date,
    report: CycleReport,
  ): Promise<void> {
    const hasBaseline = tracking.match !== null;
    const diff: TrackingDiff = hasBaseline
      ? diffMatches(tracking.match as MatchedFlight[], match)
      : NO_CHANGE;
    const next = afterCheck(
      { status: tracking.status, keepTracking: tracking.keepTracking, hasBaseline },
      diff,
    );
    const version = tracking.version + 1;
    const preview = previewOf(itineraries);
    const language: Language = isLanguage(tracking.language) ? tracking.language : 'en';

    const mailId = await this.options.db.transaction(async (tx) => {
      const moved = await tx
        .update(trackings)
        .set({
          match,
          preview,
          matchedFlights: match.length,
          matchedAwards: awardCount(match),
          ...diff,
          status: next.status,
          version,
          lastCheckedAt: at,
          lastCheckProblem: null,
          ...(next.notify ? { notifiedAt: at } : {}),
        })
        .where(untouchedSince(tracking.id, tracking.version, at))
        .returning({ id: trackings.id });
      // Deleted, or checked by someone else meanwhile: nothing to record here.
      if (moved.length === 0) return 'moved' as const;
      if (!hasBaseline) return null;

      let mailId: number | null = null;
      if (next.notify && tracking.email) {
        mailId = await enqueueMail(
          tx as unknown as Db,
          trackingMail({
            trackingId: tracking.id,
            version,
            language,
            to: tracking.email,
            name: tracking.name,
            query: tracking.query,
            keepTracking: tracking.keepTracking,
            kind: next.status === 'notified' ? 'notified' : 'change-notified',
            diff,
            matchedFlights: match.length,
            flights: preview,
            links: this.options.links.forTracking(tracking.id),
            messageHost: this.options.links.host,
          }),
        );
      }
      const { origin, destination } = tracking.query;
      const about = { tracking: tracking.id, origin, destination, flights: match.length };
      if (next.notify)
        await this.options.notices?.write(tx as Db, tracking.memberId, 'tracking-notified', about);
      // A second insert of the same change fails here and takes the whole transaction back with it.
      await tx.insert(trackingChanges).values({
        trackingId: tracking.id,
        version,
        fingerprint: `v${version}:${matchDigest(tracking.match as MatchedFlight[])}>${matchDigest(match)}`,
        ...diff,
        status: next.status,
        mailId,
        checkedAt: at,
      });
      return mailId;
    });
    if (mailId === 'moved') return;
    if (!hasBaseline) {
      report.baselines += 1;
      return;
    }
    report.changes += 1;
    if (mailId !== null) {
      report.emails += 1;
      await this.options
        .delivered?.(mailId)
        .catch((error: unknown) =>
          this.options.log.warn(
            { err: error, mailId },
            'tracking e-mail left for the next delivery round',
          ),
        );
    }
  }
}
