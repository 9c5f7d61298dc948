import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  AwardQueryError,
  DEFAULT_RESULT_LIMIT,
  isAwardQueryErrorCode,
} from '../../../core/awards/engine.ts';
import type { AwardItinerary, CalendarDay, SearchAlliance } from '../../../core/awards/search.ts';
import type { AwardSource, CalendarRequest, SourceRequest } from './award-source.ts';
import type { EngineWorkerData, EngineWorkerReply, EngineWorkerRequest } from './engine-worker.ts';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * The simulated availability source: the award engine over the simulated inventory, run on a
 * worker thread (engine-worker.ts). Building the full inventory takes seconds and a search over
 * it up to a few hundred milliseconds of synchronous work; on the main thread either would stall every
 * request the server is handling, health checks included. On the worker they only queue behind
 * each other, one search at a time, while the main thread keeps serving.
 */

export interface SimulatedSourceOptions {
  /** Same seed, same seats (AWARD_SIMULATION_SEED). */
  seed: number;
  /** The clock at start: the inventory starts at its UTC date. Searches take theirs from the request. */
  now?: () => Date;
  /** A small inventory for tests: only routes between these airports, for this many days. */
  small?: { airports: string[]; days: number };
  /** Itineraries asked of the engine per alliance (the orchestrator caps the merged result). */
  limit?: number;
  /** Alliances whose searches fail, as an upstream outage would (AWARD_SIMULATION_OUTAGE). */
  outage?: readonly SearchAlliance[];
  /** Alliances whose searches never answer, as a hung upstream (AWARD_SIMULATION_SLOW): the caller's timeout ends them. */
  slow?: readonly SearchAlliance[];
}

export interface SimulatedSourceReady {
  flightDays: number;
  buildMs: number;
}

/** The engine failed for a reason other than the query (a bug, or the worker stopped). */
export class SimulatedEngineError extends Error {
  override name = 'SimulatedEngineError';
  readonly code = 'engine-error';
}

/** `--cpu-prof` and `--cpu-prof-dir <dir>` (either form) among a process's flags. */
function profilingFlags(argv: readonly string[]): string[] {
  const flags: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const flag = argv[index] as string;
    if (flag === '--cpu-prof' || flag.startsWith('--cpu-prof-dir=')) flags.push(flag);
    else if (flag === '--cpu-prof-dir' && argv[index + 1]) {
      flags.push(flag, argv[index + 1] as string);
      index += 1;
    }
  }
  return flags;
}

/**
 * The worker runs TypeScript, so it needs tsx's loader in its own thread. `execArgv: ['--import',
 * 'tsx']` does not give it that on Node 20: tsx registers its hooks on the main thread only there
 * (in workers only from Node 22.22.3 / 24.11.1), and Node 20 does not share the main thread's hooks
 * with workers, so the worker fails with ERR_UNKNOWN_FILE_EXTENSION, under `tsx server/main.ts` and
 * under vitest alike. tsx's `tsImport` registers the hooks in the thread that calls it, so the
 * worker starts from a line of JavaScript that loads engine-worker.ts through it. Both addresses
 * are resolved here, not by the worker: a bare `tsx` would be looked up from the working directory.
 */
function bootstrap(): string {
  // Compiled (production runs dist/node): the worker is JavaScript beside this file.
  if (import.meta.url.endsWith('.js'))
    return `import(${JSON.stringify(new URL('./engine-worker.js', import.meta.url).href)});`;
  // Found through tsx's package.json rather than import.meta.resolve, which Vite's module runner
  // (the browser tests' global setup loads the server through it) does not support.
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  const api = pathToFileURL(
    join(
      dirname(manifestPath),
      manifest.exports['./esm/api']?.import.default ?? 'dist/esm/api/index.mjs',
    ),
  ).href;
  const workerUrl = new URL('./engine-worker.ts', import.meta.url).href;
  return `import(${JSON.stringify(api)}).then(({ tsImport }) => tsImport(${JSON.stringify(workerUrl)}, ${JSON.stringify(import.meta.url)}));`;
}

interface Pending {
  resolve: (reply: Extract<EngineWorkerReply, { ok: true }>) => void;
  reject: (error: Error) => void;
}

export class SimulatedSource implements AwardSource {
  readonly id = 'simulated' as const;
  readonly #worker: Worker;
  readonly #limit: number;
  readonly #outage: ReadonlySet<SearchAlliance>;
  readonly #slow: ReadonlySet<SearchAlliance>;
  readonly #ready: Promise<SimulatedSourceReady>;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  /** Set once the worker is gone (closed or crashed): every call fails with it from then on. */
  #stopped: Error | null = null;

  private constructor(
    worker: Worker,
    limit: number,
    outage: readonly SearchAlliance[],
    slow: readonly SearchAlliance[],
  ) {
    this.#worker = worker;
    this.#limit = limit;
    this.#outage = new Set(outage);
    this.#slow = new Set(slow);
    this.#ready = new Promise<SimulatedSourceReady>((resolve, reject) => {
      worker.on('message', (reply: EngineWorkerReply) => {
        if ('type' in reply) {
          resolve({ flightDays: reply.flightDays, buildMs: reply.buildMs });
          return;
        }
        const pending = this.#pending.get(reply.id);
        // Nobody waits for an answer to an aborted search.
        if (!pending) return;
        this.#pending.delete(reply.id);
        if (reply.ok) pending.resolve(reply);
        else
          pending.reject(
            isAwardQueryErrorCode(reply.code)
              ? new AwardQueryError(reply.code, reply.message)
              : new SimulatedEngineError(reply.message),
          );
      });
      worker.on('error', (error) => {
        const stopped = new SimulatedEngineError('The simulated engine stopped', { cause: error });
        this.#stop(stopped);
        reject(stopped);
      });
      worker.on('exit', (exitCode) => {
        const stopped = new SimulatedEngineError(`The simulated engine exited (code ${exitCode})`);
        this.#stop(stopped);
        reject(stopped);
      });
    });
    // Whoever starts the source may never call ready(): a failed build then shows up as rejected searches, not an unhandled rejection.
    this.#ready.catch(() => undefined);
  }

  static start({
    seed,
    now = () => new Date(),
    small,
    limit = DEFAULT_RESULT_LIMIT,
    outage = [],
    slow = [],
  }: SimulatedSourceOptions): SimulatedSource {
    const workerData: EngineWorkerData = {
      seed,
      nowMs: now().getTime(),
      ...(small ? { small: true, airports: small.airports, days: small.days } : {}),
    };
    // The worker does not inherit the main process's flags (tsx's or vitest's own loaders), only
    // its CPU profiling: a profiled process (bench:tracking's BENCH_PROFILE) profiles its engine too.
    const execArgv = profilingFlags(process.execArgv);
    const worker = new Worker(bootstrap(), { eval: true, workerData, execArgv });
    return new SimulatedSource(worker, limit, outage, slow);
  }

  /** Resolves once the inventory is built (searches sent before then wait in the worker's queue). */
  ready(): Promise<SimulatedSourceReady> {
    return this.#ready;
  }

  /** Every alliance: the simulated timetable has all their airlines. */
  serves(_alliance: SearchAlliance): boolean {
    return true;
  }

  async search({ query, alliance, now, signal, fresh }: SourceRequest): Promise<AwardItinerary[]> {
    if (this.#outage.has(alliance))
      throw new SimulatedEngineError(`Simulated outage of ${alliance}`);
    if (this.#slow.has(alliance)) {
      await new Promise<never>((_, reject) => {
        if (signal.aborted) reject(abortReason(signal));
        signal.addEventListener('abort', () => reject(abortReason(signal)), { once: true });
      });
    }
    const reply = await this.#call(
      {
        type: 'search',
        query,
        alliance,
        nowMs: now.getTime(),
        limit: this.#limit,
        fresh: fresh ?? false,
      },
      signal,
    );
    if (!('itineraries' in reply))
      throw new SimulatedEngineError('The simulated engine answered a search with something else');
    return reply.itineraries;
  }

  /** The lowest miles per day of the query's dates, from the seats held. */
  async calendar({ query, now, signal }: CalendarRequest): Promise<CalendarDay[]> {
    const reply = await this.#call({ type: 'calendar', query, nowMs: now.getTime() }, signal);
    if (!('days' in reply))
      throw new SimulatedEngineError(
        'The simulated engine answered a calendar with something else',
      );
    return reply.days;
  }

  /** Size of the inventory: flight-days and the bytes of its typed arrays. */
  async stats(): Promise<{ flightDays: number; bytes: number }> {
    const reply = await this.#call({ type: 'stats' });
    if (!('bytes' in reply))
      throw new SimulatedEngineError('The simulated engine answered stats with something else');
    return { flightDays: reply.flightDays, bytes: reply.bytes };
  }

  /** Stops the worker; searches still waiting are rejected. */
  async close(): Promise<void> {
    this.#stop(new SimulatedEngineError('The simulated source is closed'));
    await this.#worker.terminate();
  }

  #call(
    message: DistributiveOmit<Exclude<EngineWorkerRequest, { type: 'cancel' }>, 'id'>,
    signal?: AbortSignal,
  ): Promise<Extract<EngineWorkerReply, { ok: true }>> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    const id = this.#nextId;
    this.#nextId += 1;
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        // Stop waiting now; the worker drops the search if it has not started it yet.
        if (!this.#pending.delete(id)) return;
        this.#worker.postMessage({ id, type: 'cancel' } satisfies EngineWorkerRequest);
        reject(abortReason(signal as AbortSignal));
      };
      this.#pending.set(id, {
        resolve: (reply) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(reply);
        },
        reject: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#worker.postMessage({ ...message, id } satisfies EngineWorkerRequest);
    });
  }

  #stop(error: Error): void {
    if (this.#stopped) return;
    this.#stopped = error;
    const waiting = [...this.#pending.values()];
    this.#pending.clear();
    for (const pending of waiting) pending.reject(error);
  }
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error
    ? signal.reason
    : new DOMException('The search was aborted', 'AbortError');
}
