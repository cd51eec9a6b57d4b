/**
 * Behavioural attributes (Attributes & Constraints): consistency across the k repeats of one
 * example. on candidate (default): share of repeats whose normalised candidate equals the most
 * common one (ties: the value first seen). on pass: max(p, 1 − p) with p the share of repeats
 * that passed. One repeat is trivially consistent (1). Repeats whose invoke failed, or whose
 * binding has not the candidate, have none and count as disagreeing with the mode.
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
  // 2: a repeat without the candidate counts against the mode, as a failed one (QA249)
  version: '2',
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
      // A repeat without the candidate (no answer output, or a candidate: the binding did not
      // extract) has none to agree on, as a failed one: all such repeats read `null` and agreed,
      // so every example scored 1 where README says such a binding scores 0 (QA249). An answer of
      // null is a value, and agrees with another null.
      const value = resolveCandidate(r.candidates, p.candidate);
      if (value === undefined) continue;
      const key = canonicalJson(normalizeLeaves(value, p));
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
