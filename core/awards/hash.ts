/**
 * A fast, well-mixed 32-bit integer hash (the finaliser of MurmurHash3 over a running state),
 * so that simulated availability is a pure function of its inputs: same inputs, same seats.
 */
export function mix32(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Hashes several integers into one, order-sensitive. */
export function hashInts(...values: number[]): number {
  let state = 0x9e3779b9;
  for (const value of values) state = mix32(state ^ mix32(value + 0x7f4a7c15));
  return state;
}

/** Hashes a string (e.g. a flight key) to an integer. */
export function hashString(text: string): number {
  let state = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1)
    state = Math.imul(state ^ text.charCodeAt(index), 0x01000193);
  return mix32(state);
}

/** A uniform number in [0, 1) from a hash. */
export function unit(hash: number): number {
  return hash / 4_294_967_296;
}
