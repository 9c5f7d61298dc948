/**
 * The statistics of a shared-data summary (docs/shares.md#summaries): with a handful of reports a
 * bare percentage misleads, so a share comes with its 95% Wilson score interval, and amounts are
 * medians (one generous offer does not move them).
 */

/** z for a two-sided 95% interval. */
export const Z_95 = 1.959963984540054;

/** The Wilson score interval of `successes` out of `trials`, as fractions in [0, 1]. */
export function wilsonInterval(
  successes: number,
  trials: number,
  z = Z_95,
): { low: number; high: number } {
  if (!Number.isInteger(trials) || trials <= 0 || successes < 0 || successes > trials)
    throw new RangeError('wilsonInterval needs 0 <= successes <= trials, trials > 0');
  const p = successes / trials;
  const z2 = z * z;
  const centre = p + z2 / (2 * trials);
  const spread = z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  const denominator = 1 + z2 / trials;
  // Clamped: rounding can put an end a hair outside [0, 1] when p is 0 or 1.
  return {
    low: Math.max(0, (centre - spread) / denominator),
    high: Math.min(1, (centre + spread) / denominator),
  };
}

/** The median of the values (the mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
