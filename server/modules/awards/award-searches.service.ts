import { currentPlan } from '../../../core/payments/sponsorship.ts';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  calendarAwardQuery,
  isCalendarMonthInRange,
  isWithinHorizon,
  searchDays,
  toAwardQuery,
  type AwardCalendarQuery,
  type CreateAwardSearch,
} from '../../../core/awards/search-contract.ts';
import {
  BOOKING_HORIZON_DAYS,
  SEARCH_ALLIANCES,
  type AwardQuery,
  type AwardSearchEvent,
  type AwardSearchView,
  type CalendarDay,
  type SearchAlliance,
} from '../../../core/awards/search.ts';
import { LIMITS } from '../../../core/limits.ts';
import type { Db } from '../../db/client.ts';
import { awardSearches, members } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { SourceStatus } from '../../../core/awards/source-status.ts';
import { sourceStatus } from './source-status.ts';
import type { MemberRow } from '../auth/index.ts';
import { chargeDays, daysLeft, quotaMonth, quotaRules, refundDays } from './award-quota.ts';
import type { AwardSearch } from './award-search.ts';

/**
 * Award searches as members run them: checks the plan's limits, charges the month's
 * search days and records the search in one transaction, runs it in the background and reports
 * progress to whoever listens (the SSE stream), then stores the results. A search that fails as
 * a whole gives its days back.
 */

export type SearchEvent = AwardSearchEvent;

interface Running {
  memberId: string;
  events: SearchEvent[];
  listeners: Set<(event: SearchEvent) => void>;
}

/** How long a calendar month is kept, and how many are (the oldest go first). */
const CALENDAR_KEEP_MS = 15 * 60 * 1000;
const CALENDAR_ENTRIES = 500;

/** How long a finished search's events stay in memory for a late stream (then the stored row answers). */
const KEEP_EVENTS_MS = 10 * 60 * 1000;

export type SearchView = AwardSearchView;

const routeKey = (query: { origin: string; destination: string }) =>
  `${query.origin}-${query.destination}`;

export class AwardSearches {
  readonly #running = new Map<string, Running>();
  readonly #pending = new Set<Promise<void>>();
  readonly #calendars = new Map<
    string,
    { at: number; route: string; days: Promise<CalendarDay[]> }
  >();

  constructor(
    private readonly options: {
      db: Db;
      /** The orchestrator, started on first use (building the simulated inventory takes seconds). */
      search: () => Promise<AwardSearch>;
      now: () => Date;
      /** Whether search is under maintenance now: a server setting or staff's live switch. */
      maintenance: () => Promise<boolean>;
      /** Alliances staff took down for maintenance: searches ask the others and say so. */
      restingAlliances?: () => Promise<readonly SearchAlliance[]>;
      /** E-mail addresses (lower case) the live scan is open to besides enabled accounts. */
      liveScanMembers?: readonly string[];
      /** The availability sources searched, for /seat/status (a simulated one is named as such). */
      sources?: { id: string; simulated: boolean }[];
      log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
    },
  ) {}

  #status: { at: number; answer: Promise<SourceStatus> } | null = null;

  /**
   * The health of award search per alliance over the last day (/seat/status), worked out at most
   * once every 30 seconds: every open page asks each minute, and the answer reads a day of searches.
   */
  status(): Promise<SourceStatus> {
    const now = Date.now();
    if (!this.#status || now - this.#status.at >= 30_000) {
      const answer = (async () =>
        sourceStatus({
          db: this.options.db,
          now: this.options.now(),
          sources: this.options.sources ?? [],
          maintenance: await this.options.maintenance(),
          resting: (await this.options.restingAlliances?.()) ?? [],
        }))();
      this.#status = { at: now, answer };
      answer.catch(() => (this.#status = null));
    }
    return this.#status.answer;
  }

  async start(
    member: MemberRow,
    request: CreateAwardSearch,
  ): Promise<{ id: string; daysLeft: number | null }> {
    const resting = (await this.options.restingAlliances?.()) ?? [];
    if (
      (await this.options.maintenance()) ||
      (request.alliance
        ? resting.includes(request.alliance as SearchAlliance)
        : resting.length >= SEARCH_ALLIANCES.length)
    )
      throw new AppError('SEARCH_MAINTENANCE', {
        message: 'Maintaining, please come back later.',
      });
    if (request.live && !this.liveScanOpen(member)) {
      throw new AppError('SCRAPING_CLOSED_BETA', {
        message:
          'The live scan is in closed beta. Register your interest and we will let you know when your account is enabled.',
      });
    }
    if (!isWithinHorizon(request.endDate, this.options.now().toISOString().slice(0, 10))) {
      throw new AppError('INVALID_AWARD_QUERY', {
        message: `Airlines open award seats up to ${BOOKING_HORIZON_DAYS} days ahead.`,
        fields: { endDate: 'too-far' },
      });
    }
    const plan = currentPlan(member, this.options.now());
    const rules = quotaRules(plan);
    const days = searchDays(request);
    if (days > rules.daysPerSearch) {
      throw new AppError('SEARCH_TOO_MANY_DAYS', {
        message: `At most ${rules.daysPerSearch} days per search.`,
        fields: { endDate: 'too-many-days' },
      });
    }
    const now = this.options.now();
    const month = quotaMonth(now);
    const { db } = this.options;

    const [recent] = await db
      .select({ searches: count() })
      .from(awardSearches)
      .where(
        and(
          eq(awardSearches.memberId, member.id),
          gt(awardSearches.createdAt, new Date(now.getTime() - 24 * 3600 * 1000)),
        ),
      );
    if ((recent?.searches ?? 0) >= LIMITS.search.searchesPer24Hours) {
      throw new AppError('SEARCH_OVER_LIMIT', {
        message:
          'Limited resources, currently exceeding usage limit. We recommend waiting for 24 hours before making another inquiry.',
      });
    }

    const query = toAwardQuery(request);
    const id = await db.transaction(async (tx) => {
      const used = await chargeDays(
        tx as unknown as Db,
        member.id,
        month,
        days,
        rules.daysPerMonth,
      );
      if (used === null) return null;
      const [row] = await tx
        .insert(awardSearches)
        .values({ memberId: member.id, query, days, month, live: request.live === true })
        .returning({ id: awardSearches.id });
      return row?.id ?? null;
    });
    if (!id)
      throw new AppError('SEARCH_MONTH_USED_UP', {
        message: 'The search availability for this month has been exhausted.',
      });

    const running: Running = { memberId: member.id, events: [], listeners: new Set() };
    this.#running.set(id, running);
    const work = this.#run(
      id,
      member.id,
      query,
      { live: request.live, resting },
      month,
      days,
      running,
    ).finally(() => this.#pending.delete(work));
    this.#pending.add(work);
    return { id, daysLeft: await daysLeft(db, member.id, plan, month) };
  }

  async #run(
    id: string,
    memberId: string,
    query: AwardQuery,
    how: { live: boolean; resting: readonly SearchAlliance[] },
    month: string,
    days: number,
    running: Running,
  ): Promise<void> {
    const emit = (event: SearchEvent) => {
      running.events.push(event);
      for (const listener of running.listeners) listener(event);
    };
    const { db } = this.options;
    try {
      const orchestrator = await this.options.search();
      const result = await orchestrator.search(query, { onProgress: emit, ...how });
      this.#forgetCalendars(query);
      await db
        .update(awardSearches)
        .set({
          status: 'done',
          itineraries: result.itineraries,
          notices: result.notices,
          alliances: result.alliances,
          finishedAt: this.options.now(),
        })
        .where(eq(awardSearches.id, id));
      emit({ type: 'done', status: 'done' });
    } catch (error) {
      const name = error instanceof AppError ? error.error : 'INTERNAL';
      if (!(error instanceof AppError))
        this.options.log.error({ err: error, search: id }, 'award search failed');
      // Nothing was found: the days go back to the month.
      await db
        .transaction(async (tx) => {
          await refundDays(tx as unknown as Db, memberId, month, days);
          await tx
            .update(awardSearches)
            .set({ status: 'failed', error: name, finishedAt: this.options.now() })
            .where(eq(awardSearches.id, id));
        })
        .catch((failure: unknown) =>
          this.options.log.error(
            { err: failure, search: id },
            'could not record a failed award search',
          ),
        );
      emit({ type: 'done', status: 'failed', error: name });
    } finally {
      setTimeout(() => this.#running.delete(id), KEEP_EVENTS_MS).unref();
    }
  }

  /**
   * Progress of a member's search: what happened so far, then each new event, until `done`.
   * Returns an unsubscribe function, or null when the search is not the member's.
   */
  async subscribe(
    id: string,
    memberId: string,
    listener: (event: SearchEvent) => void,
  ): Promise<(() => void) | null> {
    const running = this.#running.get(id);
    if (running) {
      if (running.memberId !== memberId) return null;
      for (const event of running.events) listener(event);
      running.listeners.add(listener);
      return () => running.listeners.delete(listener);
    }
    // Not running here (finished long ago, or the server restarted): the stored row answers.
    const view = await this.get(id, memberId);
    if (!view) return null;
    listener({
      type: 'done',
      status: view.status === 'done' ? 'done' : 'failed',
      ...(view.status === 'done' ? {} : { error: view.error ?? 'SEARCH_UNAVAILABLE' }),
    });
    return () => {};
  }

  async get(id: string, memberId: string): Promise<SearchView | null> {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
    const [row] = await this.options.db
      .select()
      .from(awardSearches)
      .where(and(eq(awardSearches.id, id), eq(awardSearches.memberId, memberId)));
    if (!row) return null;
    return {
      id: row.id,
      status: row.status,
      error: row.error,
      query: row.query,
      results: row.itineraries ?? [],
      notices: row.notices,
      alliances: row.alliances,
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
    };
  }

  /**
   * The award calendar of a month: the lowest miles per day, days before today left empty. It
   * reads availability already held, so it charges no search days; a month is kept 15 minutes.
   */
  async calendar(request: AwardCalendarQuery): Promise<CalendarDay[]> {
    if (await this.options.maintenance())
      throw new AppError('SEARCH_MAINTENANCE', {
        message: 'Maintaining, please come back later.',
      });
    const now = this.options.now();
    if (!isCalendarMonthInRange(request.month, now.toISOString().slice(0, 10))) {
      throw new AppError('INVALID_AWARD_QUERY', {
        message: `The calendar shows months from last month to ${BOOKING_HORIZON_DAYS} days ahead.`,
        fields: { month: 'out-of-range' },
      });
    }
    const key = JSON.stringify(request);
    let kept = this.#calendars.get(key);
    if (!kept || now.getTime() - kept.at > CALENDAR_KEEP_MS) {
      const days = this.options
        .search()
        .then((search) => search.calendar(calendarAwardQuery(request)));
      kept = { at: now.getTime(), route: routeKey(request), days };
      this.#calendars.delete(key);
      this.#calendars.set(key, kept);
      if (this.#calendars.size > CALENDAR_ENTRIES)
        this.#calendars.delete(this.#calendars.keys().next().value as string);
      // A failure is not kept: the next request tries again.
      days.catch(() => this.#calendars.get(key) === kept && this.#calendars.delete(key));
    }
    const today = now.toISOString().slice(0, 10);
    return (await kept.days).map((day) =>
      day.date < today ? { date: day.date, miles: null, programme: null } : day,
    );
  }

  /**
   * A search looks at the route's seats again, so the months kept of its calendar may no longer
   * say what the member just saw: they are worked out again on the next ask, and the calendar
   * beside the results agrees with them.
   */
  #forgetCalendars(query: Pick<AwardQuery, 'origin' | 'destination'>): void {
    const route = routeKey(query);
    for (const [key, kept] of this.#calendars)
      if (kept.route === route) this.#calendars.delete(key);
  }

  /** Whether the live scan's closed beta is open to the member: their account, or their address on the list. */
  liveScanOpen(member: MemberRow): boolean {
    return (
      member.scrapingEnabled ||
      (member.email !== null &&
        (this.options.liveScanMembers ?? []).includes(member.email.toLowerCase()))
    );
  }

  /** Records the member's request to join the live scan's beta (the first request's time is kept). */
  async requestLiveScan(member: MemberRow): Promise<Date> {
    if (member.scrapingRequestedAt) return member.scrapingRequestedAt;
    const at = this.options.now();
    await this.options.db
      .update(members)
      .set({ scrapingRequestedAt: at, updatedAt: at })
      .where(and(eq(members.id, member.id), isNull(members.scrapingRequestedAt)));
    return at;
  }

  async daysLeft(member: MemberRow): Promise<number | null> {
    return daysLeft(
      this.options.db,
      member.id,
      currentPlan(member, this.options.now()),
      quotaMonth(this.options.now()),
    );
  }

  /** Waits for searches still running (tests, and a graceful shutdown). */
  async settle(): Promise<void> {
    await Promise.all([...this.#pending]);
  }
}
