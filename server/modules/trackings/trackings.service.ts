import { currentPlan } from '../../../core/payments/sponsorship.ts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { toAwardQuery } from '../../../core/awards/search-contract.ts';
import { BOOKING_HORIZON_DAYS } from '../../../core/awards/search.ts';
import type { CreateTracking } from '../../../core/awards/tracking-contract.ts';
import {
  isWatching,
  trackingAllowance,
  trackingDaysUsed,
  trackingToday,
  type TrackingAllowance,
  type TrackingView,
} from '../../../core/awards/tracking.ts';
import { dayDifference } from '../../../core/awards/zoned-time.ts';
import type { Plan } from '../../../core/limits.ts';
import type { Db } from '../../db/client.ts';
import { trackings } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { MemberRow } from '../auth/index.ts';
import { cancelMail } from '../mail/index.ts';
import type { TrackingChecks } from './tracking-checks.ts';
import type { TrackingLinks } from './tracking-links.ts';
import { trackingTopic } from './tracking-mail.ts';

type TrackingRow = typeof trackings.$inferSelect;

/** More tracking days asked for than remain (creating, or keep-tracking switched on). */
const daysExceeded = (remaining: number) =>
  new AppError('TRACKING_DAYS_EXCEEDED', {
    message: `You have ${remaining} remaining tracking days available. Please delete other entries to free up more days.`,
    fields: { remaining: String(remaining) },
  });

/**
 * Members' award trackings (docs/product/trackings.md): create within the plan's tracking days,
 * list with the allowance, read one, delete (which frees its days and cancels any e-mail not yet
 * sent), and stop from an e-mail's signed link without a login.
 */
export class Trackings {
  readonly #pending = new Set<Promise<unknown>>();

  constructor(
    private readonly options: {
      db: Db;
      checks: TrackingChecks;
      links: TrackingLinks;
      now: () => Date;
      log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
    },
  ) {}

  async create(
    member: MemberRow,
    request: CreateTracking,
  ): Promise<{ tracking: TrackingView; allowance: TrackingAllowance }> {
    const now = this.options.now();
    const today = trackingToday(now);
    if (dayDifference(today, request.startDate) < 0) {
      throw new AppError('TRACKING_DATES_PAST', {
        message: 'Track dates from today on.',
        fields: { startDate: 'past' },
      });
    }
    if (dayDifference(today, request.endDate) > BOOKING_HORIZON_DAYS) {
      throw new AppError('INVALID_AWARD_QUERY', {
        message: `Airlines open award seats up to ${BOOKING_HORIZON_DAYS} days ahead.`,
        fields: { endDate: 'too-far' },
      });
    }
    const query = toAwardQuery(request);
    const days = trackingDaysUsed(query.dates, today);
    const { db } = this.options;

    const { row, allowance } = await db.transaction(async (tx) => {
      // One member's creations queue on their row, so two at once cannot both take the last days.
      await tx.execute(sql`SELECT id FROM members WHERE id = ${member.id} FOR UPDATE`);
      const held = await tx.select().from(trackings).where(eq(trackings.memberId, member.id));
      const { remaining } = this.#allowance(currentPlan(member, this.options.now()), held, today);
      if (days > remaining) {
        throw daysExceeded(remaining);
      }
      const [inserted] = await tx
        .insert(trackings)
        .values({
          memberId: member.id,
          query,
          keepTracking: request.keepTracking,
          fromSearch: request.fromSearch ?? null,
        })
        .returning();
      return {
        row: inserted as TrackingRow,
        allowance: this.#allowance(
          currentPlan(member, this.options.now()),
          [...held, inserted as TrackingRow],
          today,
        ),
      };
    });
    // The baseline is taken at once, in the background: the list shows what matches within moments.
    this.#background(this.options.checks.checkOne(row.id, now));
    return { tracking: this.#view(row, today), allowance };
  }

  async list(
    member: MemberRow,
  ): Promise<{ trackings: TrackingView[]; allowance: TrackingAllowance }> {
    const rows = await this.options.db
      .select()
      .from(trackings)
      .where(eq(trackings.memberId, member.id))
      .orderBy(desc(trackings.createdAt));
    const today = trackingToday(this.options.now());
    return {
      trackings: rows.map((row) => this.#view(row, today)),
      allowance: this.#allowance(currentPlan(member, this.options.now()), rows, today),
    };
  }

  async get(member: MemberRow, id: string): Promise<TrackingView | null> {
    const [row] = await this.options.db
      .select()
      .from(trackings)
      .where(and(eq(trackings.id, id), eq(trackings.memberId, member.id)));
    return row ? this.#view(row, trackingToday(this.options.now())) : null;
  }

  async allowance(member: MemberRow): Promise<TrackingAllowance> {
    const rows = await this.options.db
      .select()
      .from(trackings)
      .where(eq(trackings.memberId, member.id));
    return this.#allowance(
      currentPlan(member, this.options.now()),
      rows,
      trackingToday(this.options.now()),
    );
  }

  /**
   * Keep-tracking switched on or off after creation, typically after the 'notified' e-mail
   * (docs/product/trackings.md#states): on, a notified tracking watches again for changes and
   * holds its days again, so it needs them free; off, it stops at its last e-mail and frees them.
   * Null when the member has no such tracking.
   */
  async setKeepTracking(
    member: MemberRow,
    id: string,
    keepTracking: boolean,
  ): Promise<{ tracking: TrackingView; allowance: TrackingAllowance } | null> {
    const today = trackingToday(this.options.now());
    return this.options.db.transaction(async (tx) => {
      // As in create: one member's changes queue on their row, so days cannot be taken twice.
      await tx.execute(sql`SELECT id FROM members WHERE id = ${member.id} FOR UPDATE`);
      const held = await tx.select().from(trackings).where(eq(trackings.memberId, member.id));
      const row = held.find((candidate) => candidate.id === id);
      if (!row) return null;
      // Its dates are over: there is nothing left to watch.
      if (row.status === 'expired')
        throw new AppError('TRACKING_DATES_PAST', { message: 'Track dates from today on.' });
      const plan = currentPlan(member, this.options.now());
      if (keepTracking && !isWatching(row.status, row.keepTracking)) {
        const others = held.filter((candidate) => candidate.id !== id);
        const { remaining } = this.#allowance(plan, others, today);
        const days = trackingDaysUsed(row.query.dates, today, isWatching(row.status, true));
        if (days > remaining) {
          throw daysExceeded(remaining);
        }
      }
      const [updated] = await tx
        .update(trackings)
        .set({ keepTracking })
        .where(eq(trackings.id, id))
        .returning();
      const rows = held.map((candidate) =>
        candidate.id === id ? (updated as TrackingRow) : candidate,
      );
      return {
        tracking: this.#view(updated as TrackingRow, today),
        allowance: this.#allowance(plan, rows, today),
      };
    });
  }

  /** Deletes a member's tracking: its days are free at once and its unsent e-mails are cancelled. */
  async remove(member: MemberRow, id: string): Promise<boolean> {
    return this.#delete(and(eq(trackings.id, id), eq(trackings.memberId, member.id)), id);
  }

  /**
   * The e-mail's stop link (and the mail client's one-click unsubscribe): the signature proves
   * the link came from us. Stopping twice is fine: the second finds nothing to stop.
   */
  async stop(
    id: string,
    signature: string,
  ): Promise<{ stopped: boolean; query: TrackingView['query'] | null }> {
    if (!this.options.links.verify(id, signature)) {
      throw new AppError('TRACKING_LINK_INVALID', {
        message: 'This stop link is not valid. Sign in to manage your trackings.',
      });
    }
    const [row] = await this.options.db
      .select({ query: trackings.query })
      .from(trackings)
      .where(eq(trackings.id, id));
    const stopped = await this.#delete(eq(trackings.id, id), id);
    return { stopped, query: row?.query ?? null };
  }

  /** Waits for background baselines (tests, and a clean shutdown). */
  async settle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
  }

  async #delete(where: ReturnType<typeof and>, id: string): Promise<boolean> {
    return this.options.db.transaction(async (tx) => {
      const deleted = await tx.delete(trackings).where(where).returning({ id: trackings.id });
      if (deleted.length === 0) return false;
      // In the same transaction: once the delete commits, no e-mail of this tracking is left to send.
      await cancelMail(tx as unknown as Db, trackingTopic(id));
      return true;
    });
  }

  #allowance(plan: Plan, rows: readonly TrackingRow[], today: string): TrackingAllowance {
    const days = trackingAllowance(plan);
    const used = rows.reduce(
      (sum, row) =>
        sum + trackingDaysUsed(row.query.dates, today, isWatching(row.status, row.keepTracking)),
      0,
    );
    return { plan, days, used, remaining: Math.max(0, days - used) };
  }

  #view(row: TrackingRow, today: string): TrackingView {
    return {
      id: row.id,
      query: row.query,
      keepTracking: row.keepTracking,
      status: row.status,
      days: trackingDaysUsed(row.query.dates, today, isWatching(row.status, row.keepTracking)),
      matchedFlights: row.matchedFlights,
      matchedAwards: row.matchedAwards,
      changes: {
        flightsAdded: row.flightsAdded,
        flightsRemoved: row.flightsRemoved,
        awardsAdded: row.awardsAdded,
        awardsRemoved: row.awardsRemoved,
      },
      flights: row.preview,
      lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
      lastCheckProblem: row.lastCheckProblem ?? null,
      notifiedAt: row.notifiedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  #background(work: Promise<unknown>): void {
    const tracked = work.catch((error: unknown) =>
      this.options.log.warn({ err: error }, 'tracking baseline failed; the next cycle takes it'),
    );
    this.#pending.add(tracked);
    void tracked.finally(() => this.#pending.delete(tracked));
  }
}
