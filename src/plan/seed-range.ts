/**
 * `run.seed`'s range (QA266): the bootstrap and sign-flip streams take the seed as 32 bits
 * (metrics/stats/prng.ts), so 4294967303 drew exactly as 7 and −1 as 4294967295, and YAML read
 * 9007199254740993 as …992; such seeds are refused, as `evalc diff --seed` refuses them (QA262).
 */
import type { PlanPath } from './diagnostic.js';

/** The largest seed the 32-bit streams tell apart from a smaller one (2³² − 1). */
export const MAX_SEED = 0xffffffff;
export const SEED_RANGE = `expected a whole number from 0 to ${MAX_SEED}`;

/** The hint under a `run.seed` out of range: why, which seed it would have drawn as (when exact), what to write. */
export function seedRangeHint(path: PlanPath, actual: unknown): string | undefined {
  if (path.join('.') !== 'run.seed' || typeof actual !== 'number') return undefined;
  const as = Number.isSafeInteger(actual) ? ` (${actual} would draw exactly as seed ${actual >>> 0})` : '';
  return `the bootstrap and sign-flip streams take the seed as 32 bits${as}: write one from 0 to ${MAX_SEED}, e.g. seed: 7`;
}
