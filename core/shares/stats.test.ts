import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { median, wilsonInterval, Z_95 } from './stats.ts';

/**
 * The Wilson interval is checked against its definition, solved another way: the ends are the two
 * p with (p̂ − p)² = z² p (1 − p) / n, the roots of a quadratic; and against published values.
 */
function wilsonByQuadratic(successes: number, trials: number, z: number) {
  const phat = successes / trials;
  const k = (z * z) / trials;
  // (1 + k) p² − (2p̂ + k) p + p̂² = 0
  const a = 1 + k;
  const b = -(2 * phat + k);
  const c = phat * phat;
  const root = Math.sqrt(Math.max(0, b * b - 4 * a * c));
  return { low: (-b - root) / (2 * a), high: (-b + root) / (2 * a) };
}

describe('wilsonInterval', () => {
  it('gives the published 95% intervals', () => {
    // statsmodels proportion_confint(method="wilson"): 4/5 → (0.3755, 0.9638); 0/10 → (0, 0.2775); 50/100 → (0.4038, 0.5962).
    expect(wilsonInterval(4, 5).low).toBeCloseTo(0.3755, 4);
    expect(wilsonInterval(4, 5).high).toBeCloseTo(0.9638, 4);
    expect(wilsonInterval(0, 10).low).toBe(0);
    expect(wilsonInterval(0, 10).high).toBeCloseTo(0.2775, 4);
    expect(wilsonInterval(50, 100).low).toBeCloseTo(0.4038, 4);
    expect(wilsonInterval(50, 100).high).toBeCloseTo(0.5962, 4);
  });

  it('agrees with the quadratic’s roots, holds the observed share, and stays within [0, 1]', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 5000 })
          .chain((trials) => fc.tuple(fc.integer({ min: 0, max: trials }), fc.constant(trials))),
        ([successes, trials]) => {
          const interval = wilsonInterval(successes, trials);
          const reference = wilsonByQuadratic(successes, trials, Z_95);
          expect(interval.low).toBeCloseTo(reference.low, 9);
          expect(interval.high).toBeCloseTo(reference.high, 9);
          expect(interval.low).toBeGreaterThanOrEqual(0);
          expect(interval.high).toBeLessThanOrEqual(1);
          expect(interval.low).toBeLessThanOrEqual(successes / trials + 1e-12);
          expect(interval.high).toBeGreaterThanOrEqual(successes / trials - 1e-12);
        },
      ),
    );
  });

  it('refuses impossible counts', () => {
    expect(() => wilsonInterval(3, 2)).toThrow(RangeError);
    expect(() => wilsonInterval(0, 0)).toThrow(RangeError);
  });
});

describe('median', () => {
  it('is the middle value, or the mean of the middle two', () => {
    expect(median([])).toBeNull();
    expect(median([7])).toBe(7);
    expect(median([40_000, 20_000, 60_000])).toBe(40_000);
    expect(median([100, 200, 75, 300])).toBe(150);
  });

  it('splits the values in halves, whatever their order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1e6, max: 1e6 }), { minLength: 1, maxLength: 60 }),
        (values) => {
          const middle = median(values) as number;
          const below = values.filter((value) => value < middle).length;
          const above = values.filter((value) => value > middle).length;
          expect(below).toBeLessThanOrEqual(values.length / 2);
          expect(above).toBeLessThanOrEqual(values.length / 2);
          expect(median([...values].reverse())).toBe(middle);
        },
      ),
    );
  });
});
