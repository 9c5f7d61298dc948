import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { milesFor, type AwardItinerary } from '../../../core/awards/search.ts';
import {
  afterCheck,
  awardCount,
  TRACKING_PREVIEW_FLIGHTS,
  type MatchedFlight,
  type TrackingDiff,
  type TrackingStatus,
} from '../../../core/awards/tracking.ts';
import { isLanguage, type Language } from '../../../core/locale.ts';
import type { Db } from '../../db/client.ts';
import { trackingChanges } from '../../db/schema/index.ts';
import { enqueueMails, type OutgoingMail } from '../mail/index.ts';
import type { NewNotice, NoticeWriter } from '../notices/index.ts';
import type { DueTracking } from './due-trackings.ts';
import type { TrackingLinks } from './tracking-links.ts';
import { trackingMail } from './tracking-mail.ts';

/**
 * What a tracking check cycle writes (docs/trackings.md#checks), a batch at a time: the trackings
 * with nothing new in one statement, and the baselines and changes, with their e-mails, notices
 * and change rows, in one transaction per batch. Every row moves only from the version the check
 * read, so a second worker or a retry after a crash finds it moved and writes nothing for it.
 */

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

/** A check that found something to record: the tracking's first match, or a change from its last. */
export interface CheckResult {
  tracking: DueTracking;
  match: MatchedFlight[];
  preview: AwardItinerary[];
  diff: TrackingDiff;
  status: TrackingStatus;
  notify: boolean;
  /** The version it moves to. */
  version: number;
  /** Its e-mail, when it notifies a member with an address (not for a baseline). */
  mail: OutgoingMail | null;
}

/** What a check of `tracking` records, given what matches now and how that differs from its last match (none for a baseline). */
export function checkResult(
  tracking: DueTracking,
  match: MatchedFlight[],
  diff: TrackingDiff,
  itineraries: readonly AwardItinerary[],
  links: TrackingLinks,
): CheckResult {
  const hasBaseline = tracking.match !== null;
  const next = afterCheck(
    { status: tracking.status, keepTracking: tracking.keepTracking, hasBaseline },
    diff,
  );
  const version = tracking.version + 1;
  const preview = previewOf(itineraries);
  const language: Language = isLanguage(tracking.language) ? tracking.language : 'en';
  const mail =
    next.notify && tracking.email
      ? trackingMail({
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
          links: links.forTracking(tracking.id),
          messageHost: links.host,
        })
      : null;
  return { tracking, match, preview, diff, ...next, version, mail };
}

/** What a batch's transaction wrote. */
export interface Recorded {
  baselines: number;
  changes: number;
  /** The e-mails it put in the outbox, to deliver now that it committed. */
  mailIds: number[];
}

/**
 * Records a batch's baselines and changes in one transaction: each tracking over the version its
 * check read (those moved meanwhile are left out), then for the changes their e-mails, notices and
 * change rows. A second insert of the same change (unique per tracking and fingerprint) fails and
 * takes the whole batch back with it: the caller then records the batch one tracking at a time.
 */
export async function recordChecks(
  db: Db,
  results: readonly CheckResult[],
  at: Date,
  notices: NoticeWriter | undefined,
): Promise<Recorded> {
  const recorded: Recorded = { baselines: 0, changes: 0, mailIds: [] };
  if (results.length === 0) return recorded;
  const rows = results.map((result) => ({
    id: result.tracking.id,
    read_version: result.tracking.version,
    match: result.match,
    preview: result.preview,
    matched_flights: result.match.length,
    matched_awards: awardCount(result.match),
    flights_added: result.diff.flightsAdded,
    flights_removed: result.diff.flightsRemoved,
    awards_added: result.diff.awardsAdded,
    awards_removed: result.diff.awardsRemoved,
    status: result.status,
    notify: result.notify,
  }));
  const checkedAt = at.toISOString();
  await db.transaction(async (tx) => {
    // One statement for the batch; the rows travel as one JSON document rather than a dozen
    // parameters each.
    const moved = await tx.execute(sql`
      UPDATE trackings AS t SET
        match = c.match, preview = c.preview,
        matched_flights = c.matched_flights, matched_awards = c.matched_awards,
        flights_added = c.flights_added, flights_removed = c.flights_removed,
        awards_added = c.awards_added, awards_removed = c.awards_removed,
        status = c.status, version = c.read_version + 1,
        last_checked_at = ${checkedAt}::timestamptz, last_check_problem = NULL,
        notified_at = CASE WHEN c.notify THEN ${checkedAt}::timestamptz ELSE t.notified_at END
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS c(
        id uuid, read_version int, match jsonb, preview jsonb, matched_flights int,
        matched_awards int, flights_added int, flights_removed int, awards_added int,
        awards_removed int, status text, notify boolean)
      WHERE t.id = c.id AND t.version = c.read_version
        AND (t.last_checked_at IS NULL OR t.last_checked_at < ${checkedAt}::timestamptz)
      RETURNING t.id`);
    // Deleted, or checked by someone else meanwhile: nothing to record for those.
    const movedIds = new Set(
      (moved as unknown as { rows: { id: string }[] }).rows.map((row) => row.id),
    );
    const written = results.filter((result) => movedIds.has(result.tracking.id));
    const changes = written.filter((result) => result.tracking.match !== null);
    recorded.baselines = written.length - changes.length;
    recorded.changes = changes.length;
    if (changes.length === 0) return;

    const mailed = changes.filter((result) => result.mail !== null);
    const mailIds = await enqueueMails(
      tx as unknown as Db,
      mailed.map((result) => result.mail as OutgoingMail),
    );
    const mailOf = new Map(mailed.map((result, index) => [result, mailIds[index] ?? null]));
    const notified: NewNotice[] = changes
      .filter((result) => result.notify)
      .map(({ tracking, match }) => ({
        memberId: tracking.memberId,
        kind: 'tracking-notified',
        payload: {
          tracking: tracking.id,
          origin: tracking.query.origin,
          destination: tracking.query.destination,
          flights: match.length,
        },
      }));
    await notices?.writeMany(tx as Db, notified);
    await tx.insert(trackingChanges).values(
      changes.map((result) => ({
        trackingId: result.tracking.id,
        version: result.version,
        fingerprint: `v${result.version}:${matchDigest(result.tracking.match as MatchedFlight[])}>${matchDigest(result.match)}`,
        ...result.diff,
        status: result.status,
        mailId: mailOf.get(result) ?? null,
        checkedAt: at,
      })),
    );
    recorded.mailIds = mailIds;
  });
  return recorded;
}

/**
 * Marks trackings checked at `at` with nothing to record: the counts since the last check are
 * zero (or, for a check that could not compare, left as they were). One statement per batch.
 */
export async function touchChecked(
  db: Db,
  rows: readonly DueTracking[],
  at: Date,
  problem: 'source-unavailable' | null,
): Promise<void> {
  if (rows.length === 0) return;
  const checked = JSON.stringify(rows.map((row) => ({ id: row.id, read_version: row.version })));
  const counts = problem
    ? sql``
    : sql`, flights_added = 0, flights_removed = 0, awards_added = 0, awards_removed = 0`;
  const checkedAt = at.toISOString();
  await db.execute(sql`
    UPDATE trackings AS t SET last_checked_at = ${checkedAt}::timestamptz, last_check_problem = ${problem} ${counts}
    FROM jsonb_to_recordset(${checked}::jsonb) AS c(id uuid, read_version int)
    WHERE t.id = c.id AND t.version = c.read_version
      AND (t.last_checked_at IS NULL OR t.last_checked_at < ${checkedAt}::timestamptz)`);
}
