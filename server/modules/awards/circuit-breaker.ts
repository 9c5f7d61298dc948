/**
 * A circuit breaker for one upstream (e.g. seats.aero for one alliance). When the upstream keeps
 * failing, every search would otherwise wait for its timeout before falling back; the breaker
 * fails fast instead, then lets a single trial call through after a cooldown to see whether the
 * upstream is back, so a recovering service is not hit by the whole backlog at once.
 */

export type CircuitState = 'closed' | 'open' | 'half-open';

export interface CircuitBreakerOptions {
  /** Consecutive failures that open the circuit. */
  failureThreshold?: number;
  /** How long the circuit stays open before one trial call is allowed. */
  cooldownMs?: number;
  /** The clock, injectable so tests need not wait for the cooldown. */
  now?: () => number;
}

/** Thrown instead of calling the task while the circuit is open. */
export class CircuitOpenError extends Error {
  override name = 'CircuitOpenError';
  constructor(message = 'Circuit open: the upstream failed repeatedly and is cooling down') {
    super(message);
  }
}

export class CircuitBreaker {
  readonly #failureThreshold: number;
  readonly #cooldownMs: number;
  readonly #now: () => number;

  /** 'open' covers half-open too: half-open is open with the cooldown elapsed, derived from the clock. */
  #phase: 'closed' | 'open' = 'closed';
  #consecutiveFailures = 0;
  #openedAt = 0;
  #trialInFlight = false;

  constructor({
    failureThreshold = 3,
    cooldownMs = 60_000,
    now = Date.now,
  }: CircuitBreakerOptions = {}) {
    if (!Number.isInteger(failureThreshold) || failureThreshold < 1)
      throw new RangeError('failureThreshold must be a positive integer');
    if (!Number.isFinite(cooldownMs) || cooldownMs < 0)
      throw new RangeError('cooldownMs must be a non-negative number');
    this.#failureThreshold = failureThreshold;
    this.#cooldownMs = cooldownMs;
    this.#now = now;
  }

  get state(): CircuitState {
    if (this.#phase === 'closed') return 'closed';
    // Computed on read rather than by a timer, so an idle breaker holds no timer and a fake clock suffices.
    return this.#trialInFlight || this.#now() - this.#openedAt >= this.#cooldownMs
      ? 'half-open'
      : 'open';
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    // Everything up to the first await runs synchronously, so two concurrent calls in half-open
    // cannot both see "no trial in flight": the first one claims the trial before yielding.
    const state = this.state;
    if (state === 'open' || (state === 'half-open' && this.#trialInFlight))
      throw new CircuitOpenError();
    const trial = state === 'half-open';
    if (trial) this.#trialInFlight = true;

    try {
      const result = await task();
      this.#succeeded(trial);
      return result;
    } catch (error) {
      this.#failed(trial);
      throw error;
    } finally {
      if (trial) this.#trialInFlight = false;
    }
  }

  #succeeded(trial: boolean): void {
    if (trial) {
      this.#phase = 'closed';
      this.#consecutiveFailures = 0;
      return;
    }
    // A call started while closed may finish after others opened the circuit; its success says
    // little about the upstream now, so only the trial may close an open circuit.
    if (this.#phase === 'closed') this.#consecutiveFailures = 0;
  }

  #failed(trial: boolean): void {
    if (trial) {
      this.#open();
      return;
    }
    // Late failures of calls started before the circuit opened must not restart the cooldown.
    if (this.#phase !== 'closed') return;
    this.#consecutiveFailures += 1;
    if (this.#consecutiveFailures >= this.#failureThreshold) this.#open();
  }

  #open(): void {
    this.#phase = 'open';
    this.#openedAt = this.#now();
    this.#consecutiveFailures = 0;
  }
}
