/* eslint-disable max-lines -- the orchestrator: sources, timeouts, circuit breakers and merging are one search, tested together in award-search.test.ts. */
import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_RESULT_LIMIT,
  isAwardQueryErrorCode,
  type AwardQueryErrorCode,
} from '../../../core/awards/engine.ts';
import {
  instantOf,
  markBest,
  milesFor,
  SEARCH_ALLIANCES,
  sortItineraries,
  type AwardItinerary,
  type AwardQuery,
  type AwardSearchResult,
  type CalendarDay,
  type RedeemOption,
  type SearchAlliance,
  type SearchNotice,
  type SearchProgress,
} from '../../../core/awards/search.ts';
import { AppError } from '../../errors.ts';
import type { AwardSource } from './award-source.ts';
import { CircuitBreaker, CircuitOpenError } from './circuit-breaker.ts';

/**
 * The award search orchestrator (docs/awards.md#sources, docs/product/award-search.md#alliances):
 * asks every source that serves an alliance, all alliances in parallel, each call cut at its
 * timeout and all of them at the search's deadline, and merges what came back. One alliance being
 * down leaves the others' results standing with a notice; only when no alliance answered does the
 * search fail.
 */

export interface AwardSearchOptions {
  sources: AwardSource[];
  /** How long one source may take for one alliance (AWARD_SOURCE_TIMEOUT_MS). */
  timeoutMs: number;
  /** How long the whole search may take, from its start (AWARD_SEARCH_DEADLINE_MS). */
  deadlineMs: number;
  /** The clock: sources stamp what they fetch with it, and the breakers cool down by it. */
  now: () => Date;
  /** One breaker per source and alliance; the breaker's defaults when absent. */
  breaker?: { failureThreshold: number; cooldownMs: number };
  /** Source failures are logged with the source, alliance and reason; never the query or keys. */
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

export interface AwardSearchRequestOptions {
  /** At most this many itineraries: the best flights first, then the cheapest. */
  limit?: number;
  /** Told when an alliance starts, and when all its sources have answered or failed. */
  onProgress?: (progress: SearchProgress) => void;
  /** A live scan: sources look again now (the closed-beta scraping tool). */
  live?: boolean;
  /** The time to search at instead of the clock's: a tracking check runs at its cycle's time (the tests' injected clock). */
  at?: Date;
  /** Alliances staff took down for maintenance: not asked, and named in a notice (docs/staff.md#live-settings). */
  resting?: readonly SearchAlliance[];
}

type QueryErrorCode = AwardQueryErrorCode;

/** Which request field each query error is about, and what the member is told. */
const QUERY_ERRORS: Record<QueryErrorCode, { field: string; message: string }> = {
  'unknown-origin': { field: 'origin', message: 'The origin is not an airport or city we know.' },
  'unknown-destination': {
    field: 'destination',
    message: 'The destination is not an airport or city we know.',
  },
  'same-place': {
    field: 'destination',
    message: 'The origin and the destination are the same place.',
  },
  'bad-dates': { field: 'dates', message: 'The dates are not a valid range.' },
  'too-many-days': { field: 'dates', message: 'The date range is too long.' },
};

/** An AwardQueryError, or the same thing rebuilt by a source (the simulated one crosses a thread): its `code` is what counts. */
function queryErrorCode(error: unknown): QueryErrorCode | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  return isAwardQueryErrorCode(error.code) ? error.code : null;
}

/**
 * No source answered: when every one asked ran out of time it is a gateway timeout
 * (docs/product/award-search.md#states-and-messages: ask for fewer dates), otherwise the sources
 * are unavailable (the unstable-connection message).
 */
function nothingAnswered(failures: readonly FailureReason[]): AppError {
  if (failures.length > 0 && failures.every((reason) => reason === 'timeout')) {
    return new AppError('SEARCH_TIMEOUT', {
      message: 'The award search took too long. Please try again, or narrow the search.',
    });
  }
  return new AppError('SEARCH_UNAVAILABLE', {
    message: 'Award availability cannot be searched right now. Please try again later.',
  });
}

function invalidQuery(code: QueryErrorCode): AppError {
  const { field, message } = QUERY_ERRORS[code];
  return new AppError('INVALID_AWARD_QUERY', { message, fields: { [field]: code } });
}

type FailureReason = 'timeout' | 'error' | 'circuit-open';

type CallOutcome =
  | { alliance: SearchAlliance; source: AwardSource; itineraries: AwardItinerary[] }
  | { alliance: SearchAlliance; source: AwardSource; failed: FailureReason };

/** What the breaker's task resolves to: only real upstream failures are thrown, and so counted. */
type TaskResult =
  { itineraries: AwardItinerary[] } | { queryError: QueryErrorCode } | { cancelled: true };

export class AwardSearch {
  readonly #sources: readonly AwardSource[];
  readonly #timeoutMs: number;
  readonly #deadlineMs: number;
  readonly #now: () => Date;
  readonly #breakerOptions: AwardSearchOptions['breaker'];
  readonly #log: Pick<FastifyBaseLogger, 'warn'> | undefined;
  readonly #breakers = new Map<string, CircuitBreaker>();

  constructor({ sources, timeoutMs, deadlineMs, now, breaker, log }: AwardSearchOptions) {
    this.#sources = [...sources];
    this.#timeoutMs = timeoutMs;
    this.#deadlineMs = deadlineMs;
    this.#now = now;
    this.#breakerOptions = breaker;
    this.#log = log;
  }

  async search(
    query: AwardQuery,
    options: AwardSearchRequestOptions = {},
  ): Promise<AwardSearchResult> {
    const limit = options.limit ?? DEFAULT_RESULT_LIMIT;
    const now = options.at ?? this.#now();
    const resting = options.resting ?? [];
    const alliances = (query.alliance ? [query.alliance] : [...SEARCH_ALLIANCES]).filter(
      (alliance) => !resting.includes(alliance),
    );
    if (alliances.length === 0)
      throw new AppError('SEARCH_MAINTENANCE', { message: 'Maintaining, please come back later.' });

    const deadline = new AbortController();
    const deadlineTimer = setTimeout(
      () =>
        deadline.abort(
          new DOMException(`The search deadline of ${this.#deadlineMs} ms passed`, 'TimeoutError'),
        ),
      this.#deadlineMs,
    );
    // Fired when the search ends early (a bad query): the calls still out stop, and are not counted as failures.
    const cancel = new AbortController();

    const report = options.onProgress ?? (() => {});
    let outcomes: CallOutcome[];
    try {
      outcomes = (
        await Promise.all(
          alliances.map(async (alliance) => {
            report({ type: 'scanning', alliance });
            const calls = await Promise.all(
              this.#sources
                .filter((source) => source.serves(alliance))
                .map((source) =>
                  this.#call(
                    source,
                    alliance,
                    query,
                    now,
                    deadline.signal,
                    cancel.signal,
                    options.live ?? false,
                  ),
                ),
            );
            const answers = calls.flatMap((outcome) =>
              'itineraries' in outcome ? [outcome.itineraries.length] : [],
            );
            report(
              answers.length > 0
                ? {
                    type: 'alliance-done',
                    alliance,
                    found: answers.reduce((sum, count) => sum + count, 0),
                  }
                : { type: 'alliance-down', alliance },
            );
            return calls;
          }),
        )
      ).flat();
    } finally {
      clearTimeout(deadlineTimer);
      cancel.abort(new DOMException('The search ended', 'AbortError'));
    }

    const answered: SearchAlliance[] = [];
    const down: SearchAlliance[] = [];
    for (const alliance of alliances) {
      // An alliance no source serves is down too: its availability is missing from the result, which is what the notice says.
      if (outcomes.some((outcome) => outcome.alliance === alliance && 'itineraries' in outcome))
        answered.push(alliance);
      else down.push(alliance);
    }
    if (answered.length === 0) {
      const failures = outcomes.filter((outcome) => 'failed' in outcome);
      throw nothingAnswered(failures.map((outcome) => outcome.failed));
    }

    const merged = markBest(mergeAnswers(outcomes), null);
    const notices: SearchNotice[] = [
      ...resting
        .filter((alliance) => !query.alliance || alliance === query.alliance)
        .map((alliance) => ({ code: 'alliance-maintenance' as const, alliance })),
      ...down.map((alliance) => ({ code: 'alliance-down' as const, alliance })),
    ];
    let shown = merged;
    if (merged.length > limit) {
      shown = [...merged].sort(byBestThenCheapest).slice(0, limit);
      notices.push({ code: 'truncated', shown: shown.length, found: merged.length });
    }
    return { itineraries: sortItineraries(shown, 'departure'), notices, alliances: answered };
  }

  /**
   * The lowest miles per day over the query's dates, from the sources that hold availability
   * (the simulated one). Each day keeps the lowest price any source has.
   */
  async calendar(query: AwardQuery): Promise<CalendarDay[]> {
    const now = this.#now();
    const sources = this.#sources.filter((source) => source.calendar);
    const answers = await Promise.all(
      sources.map(async (source) => {
        const signal = AbortSignal.timeout(this.#deadlineMs);
        try {
          return await untilAborted(
            (source.calendar as NonNullable<AwardSource['calendar']>)({ query, now, signal }),
            signal,
          );
        } catch (error) {
          const code = queryErrorCode(error);
          if (code) throw invalidQuery(code);
          this.#log?.warn(
            {
              source: source.id,
              reason: signal.aborted ? 'timeout' : 'error',
              message: error instanceof Error ? error.message : String(error),
            },
            'award calendar failed',
          );
          return signal.aborted ? 'timeout' : 'error';
        }
      }),
    );
    const days = answers.filter((answer): answer is CalendarDay[] => Array.isArray(answer));
    if (days.length === 0)
      throw nothingAnswered(
        answers.filter((answer): answer is 'timeout' | 'error' => typeof answer === 'string'),
      );
    const lowest = new Map<string, CalendarDay>();
    for (const day of days.flat()) {
      const known = lowest.get(day.date);
      if (!known || (day.miles !== null && (known.miles === null || day.miles < known.miles)))
        lowest.set(day.date, day);
    }
    return [...lowest.values()].sort((a, b) => a.date.localeCompare(b.date));
  }

  #breaker(source: AwardSource, alliance: SearchAlliance): CircuitBreaker {
    const key = `${source.id}:${alliance}`;
    let breaker = this.#breakers.get(key);
    if (!breaker) {
      breaker = new CircuitBreaker({ ...this.#breakerOptions, now: () => this.#now().getTime() });
      this.#breakers.set(key, breaker);
    }
    return breaker;
  }

  /** One source for one alliance: an answer or a failure, never a throw, except for a bad query. */
  async #call(
    source: AwardSource,
    alliance: SearchAlliance,
    query: AwardQuery,
    now: Date,
    deadline: AbortSignal,
    cancel: AbortSignal,
    fresh: boolean,
  ): Promise<CallOutcome> {
    const controller = new AbortController();
    const { signal } = controller;
    const timer = setTimeout(
      () =>
        controller.abort(
          new DOMException(`${source.id} took longer than ${this.#timeoutMs} ms`, 'TimeoutError'),
        ),
      this.#timeoutMs,
    );
    const onDeadline = () => controller.abort(deadline.reason);
    const onCancel = () => controller.abort(cancel.reason);
    deadline.addEventListener('abort', onDeadline, { once: true });
    cancel.addEventListener('abort', onCancel, { once: true });
    if (deadline.aborted) onDeadline();

    try {
      const result = await this.#breaker(source, alliance).run(async (): Promise<TaskResult> => {
        try {
          return {
            itineraries: await untilAborted(
              source.search({ query, alliance, now, signal, fresh }),
              signal,
            ),
          };
        } catch (error) {
          // Resolved rather than thrown so the breaker does not count them: a bad query is the
          // member's mistake and a cancelled call says nothing about the upstream.
          const code = queryErrorCode(error);
          if (code) return { queryError: code };
          if (cancel.aborted) return { cancelled: true };
          throw error;
        }
      });
      if ('queryError' in result) throw invalidQuery(result.queryError);
      // Only after another call's bad query, when nobody reads the outcome.
      if ('cancelled' in result) return { alliance, source, failed: 'error' };
      return { alliance, source, itineraries: result.itineraries };
    } catch (error) {
      if (error instanceof AppError) throw error;
      const failed: FailureReason =
        error instanceof CircuitOpenError ? 'circuit-open' : signal.aborted ? 'timeout' : 'error';
      // The reason and the error's message only: sources word their errors without keys or request bodies.
      this.#log?.warn(
        {
          source: source.id,
          alliance,
          reason: failed,
          message: error instanceof Error ? error.message : String(error),
        },
        'award source failed',
      );
      return { alliance, source, failed };
    } finally {
      clearTimeout(timer);
      deadline.removeEventListener('abort', onDeadline);
      cancel.removeEventListener('abort', onCancel);
    }
  }
}

/**
 * Waits for a source's answer until the signal fires. A source that ignores its signal is not
 * waited for; its late answer or failure is dropped (handled here, so it is never unhandled).
 */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * Every answering source's itineraries. The same id from two sources is two offers (different
 * seats, prices, freshness) and both are kept. The same id from one source twice comes from two
 * alliances' calls (a partner airline outside every alliance, bookable from both): it is one
 * itinerary, kept once with the redeem options of both calls and the fresher look's seats.
 */
function mergeAnswers(outcomes: readonly CallOutcome[]): AwardItinerary[] {
  const merged = new Map<string, AwardItinerary>();
  for (const outcome of outcomes) {
    if (!('itineraries' in outcome)) continue;
    for (const itinerary of outcome.itineraries) {
      const key = `${outcome.source.id}\u0000${itinerary.id}`;
      const existing = merged.get(key);
      merged.set(key, existing ? combine(existing, itinerary) : itinerary);
    }
  }
  return [...merged.values()];
}

function combine(a: AwardItinerary, b: AwardItinerary): AwardItinerary {
  const [fresher, older] =
    Date.parse(b.source.fetchedAt) > Date.parse(a.source.fetchedAt) ? [b, a] : [a, b];
  const options = new Map<string, RedeemOption>(
    older.redeemOptions.map((option) => [option.programme, option]),
  );
  // The fresher look's price wins for a programme both have.
  for (const option of fresher.redeemOptions) options.set(option.programme, option);
  return {
    ...fresher,
    redeemOptions: [...options.values()].sort(
      (x, y) =>
        x.miles - y.miles || x.feesUsd - y.feesUsd || x.programme.localeCompare(y.programme),
    ),
  };
}

/** The order the cap keeps: best flights first, then the fewest miles (ties by departure, then id, so the cut is stable). */
function byBestThenCheapest(a: AwardItinerary, b: AwardItinerary): number {
  const miles = (itinerary: AwardItinerary) => milesFor(itinerary, null) ?? Number.MAX_SAFE_INTEGER;
  return (
    Number(b.best) - Number(a.best) ||
    miles(a) - miles(b) ||
    instantOf(a.departure) - instantOf(b.departure) ||
    a.id.localeCompare(b.id) ||
    a.source.id.localeCompare(b.source.id)
  );
}
