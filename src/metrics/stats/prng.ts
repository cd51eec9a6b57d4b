/**
 * Seeded pseudo-random numbers: mulberry32 (32-bit state, period 2^32), deterministic for a
 * seed on every platform. `deriveSeed` mixes a base seed with a label (FNV-1a) so that each
 * bootstrap stream (agent × metric) is independent of iteration order.
 */

export type Random = () => number;

/** mulberry32 adds this to its state per number: the state after k numbers is seed + k × it. */
export const MULBERRY32_INCREMENT = 0x6d2b79f5;

/** Returns a generator of floats in [0, 1) for a 32-bit seed. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + MULBERRY32_INCREMENT) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Integer in [0, n). */
export function randomIndex(random: Random, n: number): number {
  return Math.floor(random() * n);
}

/** Mixes a seed with a string label (FNV-1a 32-bit over UTF-16 code units). */
export function deriveSeed(seed: number, label: string): number {
  let hash = 0x811c9dc5 ^ (seed >>> 0);
  for (let i = 0; i < label.length; i += 1) {
    hash ^= label.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
