import { describe, expect, it } from 'vitest';
import { CircuitBreaker, CircuitOpenError } from './circuit-breaker.ts';

/** A breaker on a hand-moved clock, with tasks that count their calls. */
function setup(options: { failureThreshold?: number; cooldownMs?: number } = {}) {
  let time = 1_000_000;
  const breaker = new CircuitBreaker({ ...options, now: () => time });
  let calls = 0;
  const fail = () => {
    calls += 1;
    return Promise.reject(new Error('upstream down'));
  };
  const succeed = () => {
    calls += 1;
    return Promise.resolve('ok');
  };
  return {
    breaker,
    fail,
    succeed,
    calls: () => calls,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

async function failTimes(breaker: CircuitBreaker, fail: () => Promise<string>, times: number) {
  for (let i = 0; i < times; i += 1)
    await expect(breaker.run(fail)).rejects.toThrow('upstream down');
}

describe('CircuitBreaker', () => {
  it('starts closed and passes results and errors through', async () => {
    const { breaker, succeed, fail } = setup();
    expect(breaker.state).toBe('closed');
    await expect(breaker.run(succeed)).resolves.toBe('ok');
    await expect(breaker.run(fail)).rejects.toThrow('upstream down');
    expect(breaker.state).toBe('closed');
  });

  it('opens after three consecutive failures and then fails fast without calling the task', async () => {
    const { breaker, fail, succeed, calls } = setup();
    await failTimes(breaker, fail, 2);
    expect(breaker.state).toBe('closed');
    await failTimes(breaker, fail, 1);
    expect(breaker.state).toBe('open');
    expect(calls()).toBe(3);

    const error = await breaker.run(succeed).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CircuitOpenError);
    expect((error as Error).name).toBe('CircuitOpenError');
    expect(calls()).toBe(3);
  });

  it('stays open until the cooldown has passed, then is half-open', async () => {
    const { breaker, fail, advance } = setup({ cooldownMs: 60_000 });
    await failTimes(breaker, fail, 3);
    advance(59_999);
    expect(breaker.state).toBe('open');
    advance(1);
    expect(breaker.state).toBe('half-open');
  });

  it('lets exactly one trial through when half-open, refusing others while it runs', async () => {
    const { breaker, fail, advance } = setup();
    await failTimes(breaker, fail, 3);
    advance(60_000);

    let release: (value: string) => void = () => undefined;
    let trialCalls = 0;
    const trial = breaker.run(() => {
      trialCalls += 1;
      return new Promise<string>((resolve) => {
        release = resolve;
      });
    });
    let otherCalls = 0;
    await expect(
      breaker.run(() => {
        otherCalls += 1;
        return Promise.resolve('second');
      }),
    ).rejects.toBeInstanceOf(CircuitOpenError);
    expect(trialCalls).toBe(1);
    expect(otherCalls).toBe(0);
    expect(breaker.state).toBe('half-open');

    release('recovered');
    await expect(trial).resolves.toBe('recovered');
  });

  it('closes when the trial succeeds', async () => {
    const { breaker, fail, succeed, advance, calls } = setup();
    await failTimes(breaker, fail, 3);
    advance(60_000);
    await expect(breaker.run(succeed)).resolves.toBe('ok');
    expect(breaker.state).toBe('closed');

    // Closed again with a fresh count: it takes three new failures to open it.
    await failTimes(breaker, fail, 2);
    expect(breaker.state).toBe('closed');
    await expect(breaker.run(succeed)).resolves.toBe('ok');
    expect(calls()).toBe(7);
  });

  it('reopens for another full cooldown when the trial fails', async () => {
    const { breaker, fail, succeed, advance, calls } = setup({ cooldownMs: 60_000 });
    await failTimes(breaker, fail, 3);
    advance(60_000);
    await expect(breaker.run(fail)).rejects.toThrow('upstream down');
    expect(breaker.state).toBe('open');
    expect(calls()).toBe(4);

    // The new cooldown counts from the failed trial, not from the first opening.
    advance(59_999);
    await expect(breaker.run(succeed)).rejects.toBeInstanceOf(CircuitOpenError);
    expect(calls()).toBe(4);
    advance(1);
    expect(breaker.state).toBe('half-open');
    await expect(breaker.run(succeed)).resolves.toBe('ok');
    expect(breaker.state).toBe('closed');
  });

  it('resets the consecutive-failure count on a success while closed', async () => {
    const { breaker, fail, succeed } = setup();
    await failTimes(breaker, fail, 2);
    await breaker.run(succeed);
    await failTimes(breaker, fail, 2);
    expect(breaker.state).toBe('closed');
    await failTimes(breaker, fail, 1);
    expect(breaker.state).toBe('open');
  });

  it('honours a custom failure threshold', async () => {
    const { breaker, fail } = setup({ failureThreshold: 1 });
    await failTimes(breaker, fail, 1);
    expect(breaker.state).toBe('open');
  });

  it('rejects nonsensical options', () => {
    expect(() => new CircuitBreaker({ failureThreshold: 0 })).toThrow(RangeError);
    expect(() => new CircuitBreaker({ cooldownMs: -1 })).toThrow(RangeError);
  });
});
