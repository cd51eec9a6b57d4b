/**
 * Behavioural attributes (Attributes & Constraints): consistency across the k repeats of one
 * example. on candidate (default): share of repeats whose normalised candidate equals the most
 * common one (ties: the value first seen). on pass: max(p, 1 − p) with p the share of repeats
 * that passed. One repeat is trivially consistent (1). Repeats whose invoke failed have no
 * candidate and count as disagreeing with the mode.
 */
import { z } from 'zod';
import { canonicalJson, normalizeLeaves, normalizeParams } from '../normalize-value.js';
import { candidateParam } from '../params.js';
import { resolveCandidate } from '../resolve-fields.js';
import type { RepeatsStageDefinition } from '../types.js';

const params = z
  .object({
    on: z
      .enum(['candidate', 'pass'])
      .default('candidate')
      .describe('Agreement of the candidate value or of pass/fail'),
    candidate: candidateParam,
    ...normalizeParams,
  })
  .strict();

export const consistency: RepeatsStageDefinition<z.output<typeof params>> = {
  type: 'consistency',
  family: 'behavioural_attributes',
  category: 'attributes',
  version: '1',
  higherIsBetter: true,
  stage: 'repeats',
  description:
    'Agreement across repeats: share of repeats giving the modal (normalised) answer, or max(p, 1−p) of passes',
  params,
  rollup(repeats, p) {
    if (repeats.length === 0) return { score: null };
    if (p.on === 'pass') {
      const share = repeats.filter((r) => r.pass).length / repeats.length;
      return { score: Math.max(share, 1 - share), details: { passShare: share, repeats: repeats.length } };
    }
    const counts = new Map<string, number>();
    for (const r of repeats.filter((x) => !x.error)) {
      const key = canonicalJson(normalizeLeaves(resolveCandidate(r.candidates, p.candidate) ?? null, p));
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    let modal = 0;
    for (const c of counts.values()) modal = Math.max(modal, c);
    return {
      score: modal / repeats.length,
      details: { distinct: counts.size, modal, repeats: repeats.length },
    };
  },
};
