/**
 * A small deterministic generator of numbers in [0, 1) (xorshift32), for tests and benchmarks
 * whose runs must repeat: a failing run can be tried again with its seed. Not for anything that
 * must be unpredictable.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
}
