/** Small constructors for ScoreResult values, so every metric reports errors the same way. */
import type { Json, ScoreResult } from './types.js';

/** A metric that could not be computed (bad params at run time, missing expected value…). */
export function metricError(message: string, details?: Json): ScoreResult {
  return {
    score: null,
    error: { kind: 'metric_error', message, ...(details === undefined ? {} : { details }) },
  };
}

/** A binary outcome: score 1/0 and pass. */
export function binaryResult(passed: boolean, details?: Json): ScoreResult {
  return { score: passed ? 1 : 0, pass: passed, ...(details === undefined ? {} : { details }) };
}

export function clamp01(x: number): number {
  return Math.min(1, Math.max(0, x));
}
