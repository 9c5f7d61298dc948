import { and, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AwardItinerary, AwardQuery } from '../../../core/awards/search.ts';
import {
  diffMatches,
  isChange,
  matchOf,
  NO_CHANGE,
  TRACKING_MATCH_LIMIT,
  trackingToday,
} from '../../../core/awards/tracking.ts';
import type { Db } from '../../db/client.ts';
import { trackings } from '../../db/schema/index.ts';
import type { AwardSearch } from '../awards/index.ts';
import type { NoticeWriter } from '../notices/index.ts';
import {
  checkResult,
  recordChecks,
  touchChecked,
  type CheckResult,
  type Recorded,
} from './check-writes.ts';
import { dueByQuery, dueTrackings, type DueTracking } from './due-trackings.ts';
import type { TrackingLinks } from './tracking-links.ts';

/**
 * The background checks of award trackings (docs/trackings.md#checks). A cycle looks again at every
 * tracking that still watches and was not checked at the cycle's time, compares what matches now
 * with what matched at the last check, and records the changes with their e-mails in one
 * transaction per batch (check-writes.ts):
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
  /** Called with a batch's e-mails after its changes committed (deliver them now rather than at the next round). */
  delivered?: (mailIds: number[]) => Promise<unknown>;
  /** Writes the member's notice in the change's transaction (docs/notices.md). */
  notices?: NoticeWriter;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  batchSize?: number;
  /** Searches in flight at once: enough to keep the engine's thread busy while this one writes. */
  concurrency?: number;
}

type Outcome = { itineraries: AwardItinerary[] } | { problem: true };

/** A batch after its searches: what to mark checked, what could not compare, what to record. */
interface Examined {
  unchanged: DueTracking[];
  problems: DueTracking[];
  results: CheckResult[];
}

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
    const batches: string[][] = [];
    for (let start = 0; start < due.length;) {
      let end = Math.min(due.length, start + this.#batchSize);
      while (end < due.length && due[end]?.key === due[end - 1]?.key) end += 1;
      batches.push(due.slice(start, end).map((row) => row.id));
      start = end;
    }
    // The next batch is read and searched (the engine's thread) while this one is written (this
    // thread and the database): the batches hold different trackings.
    const examine = (ids: string[] | undefined) => {
      if (!ids) return null;
      const examined = dueTrackings(this.options.db, at, ids).then((batch) =>
        this.#examine(batch, at, report),
      );
      // Awaited in its turn; a cycle that stops before then must not leave it unhandled.
      examined.catch(() => {});
      return examined;
    };
    let next = examine(batches[0]);
    for (let index = 0; next; index += 1) {
      const examined = await next;
      next = examine(batches[index + 1]);
      await this.#write(examined, at, report);
    }
    report.ms = Math.round(performance.now() - started);
    return report;
  }

  /** One tracking now (its baseline right after it is created). */
  async checkOne(id: string, at: Date): Promise<CycleReport> {
    const report = emptyReport(at);
    const batch = await dueTrackings(this.options.db, at, [id]);
    await this.#write(await this.#examine(batch, at, report), at, report);
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

  /** Searches a batch's queries and sorts its trackings by what the check found. */
  async #examine(batch: readonly DueTracking[], at: Date, report: CycleReport): Promise<Examined> {
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
    const results: CheckResult[] = [];
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
        const diff = tracking.match === null ? NO_CHANGE : diffMatches(tracking.match, match);
        if (tracking.match !== null && !isChange(diff)) {
          unchanged.push(tracking);
          continue;
        }
        results.push(checkResult(tracking, match, diff, outcome.itineraries, this.options.links));
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.#concurrency, batch.length) }, worker));
    return { unchanged, problems, results };
  }

  async #write({ unchanged, problems, results }: Examined, at: Date, report: CycleReport) {
    report.checked += unchanged.length + results.length;
    report.problems += problems.length;
    await this.#record(results, at, report);
    await touchChecked(this.options.db, unchanged, at, null);
    await touchChecked(this.options.db, problems, at, 'source-unavailable');
  }

  /**
   * The batch's baselines and changes in one transaction; should it fail (a change recorded
   * meanwhile by another worker, say), each tracking on its own, so one cannot hold back the rest.
   * The e-mails go out once their changes are committed.
   */
  async #record(results: readonly CheckResult[], at: Date, report: CycleReport): Promise<void> {
    const { db, notices, log } = this.options;
    const recorded: Recorded[] = [];
    try {
      recorded.push(await recordChecks(db, results, at, notices));
    } catch (error) {
      log.warn({ err: error }, 'tracking batch not recorded at once: recording one by one');
      for (const result of results) {
        try {
          recorded.push(await recordChecks(db, [result], at, notices));
        } catch (error) {
          log.error(
            { err: error, tracking: result.tracking.id },
            'tracking change could not be recorded',
          );
          report.problems += 1;
        }
      }
    }
    const mailIds = recorded.flatMap((batch) => batch.mailIds);
    for (const batch of recorded) {
      report.baselines += batch.baselines;
      report.changes += batch.changes;
      report.emails += batch.mailIds.length;
    }
    if (mailIds.length === 0) return;
    await this.options
      .delivered?.(mailIds)
      .catch((error: unknown) =>
        log.warn(
          { err: error, mails: mailIds.length },
          'tracking e-mails left for the next delivery round',
        ),
      );
  }
}
