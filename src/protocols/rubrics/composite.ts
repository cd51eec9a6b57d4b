/**
 * The composite score as agent-eval computes it: each dimension normalised to [0,1] with its
 * min/max, then Σ wᵢ·sᵢ / Σ wᵢ (0 when every weight is 0). Not rounded.
 */
import type { WireRubricDimension } from './wire-rubric.js';

export type CompositeDimension = Pick<WireRubricDimension, 'id' | 'weight'> &
  Partial<Pick<WireRubricDimension, 'min' | 'max'>>;

/** Composite of `scores` (keyed by dimension id) over `dimensions`; a missing score counts as min. */
export function computeComposite(
  dimensions: readonly CompositeDimension[],
  scores: Record<string, number>,
): number {
  let weighted = 0;
  let totalWeight = 0;
  for (const dimension of dimensions) {
    const min = dimension.min ?? 0;
    const max = dimension.max ?? 1;
    const span = max - min === 0 ? 1 : max - min;
    const raw = scores[dimension.id] ?? min;
    const normalised = Math.min(1, Math.max(0, (raw - min) / span));
    weighted += normalised * dimension.weight;
    totalWeight += dimension.weight;
  }
  return totalWeight === 0 ? 0 : weighted / totalWeight;
}
