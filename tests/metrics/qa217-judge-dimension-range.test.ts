/**
 * QA217: `judge` with `dimension:` on a rubric registered on an agent-eval server whose dimensions
 * score on 1..5 (agent-eval's rubric dimensions have `min`/`max`, shared/protocols/agent-eval.md
 * "Composite": normalised = clamp((score − min)/(max − min), 0, 1)). `/v1/rubrics` lists no range, so
 * evalc cannot normalise a raw 3: it was clamped to 1, so answers the judge scored 5, 3 and 4
 * (agent-eval's normalised 1, 0.5, 0.75, computed by hand) all read 1. Now a score outside [0, 1] is a
 * metric_error naming the range problem; a score on 0..1 is kept as it was (0.4 → 0.4).
 */
import { describe, expect, it } from 'vitest';
import { scoreMetric } from '../../src/metrics/score-example.js';
import { judgeClient, metric, scoreInput } from './helpers.js';

const verdictWith = (a: number) =>
  judgeClient(() => ({ ok: true, verdict: { score: 0.5, dimensions: { a, b: 1 }, failureModes: [] } }));

describe('judge dimension: a score outside [0, 1] (QA217)', () => {
  it('is a metric_error, not clamped to 1', async () => {
    for (const raw of [5, 3, 1.5, -1]) {
      const r = await scoreMetric(
        metric({ type: 'judge', judge: 'j', rubric: 'five', dimension: 'a' }),
        scoreInput({ judge: verdictWith(raw), content: 'answer' }),
      );
      expect(r.score).toBeNull();
      expect(r.error?.kind).toBe('metric_error');
      expect(r.error?.message).toContain(`dimension "a" scored ${raw}, outside [0, 1]`);
    }
  });

  it('keeps a score on 0..1 as the judge gave it, the bounds included', async () => {
    for (const raw of [0, 0.4, 1]) {
      const r = await scoreMetric(
        metric({ type: 'judge', judge: 'j', rubric: 'five', dimension: 'a' }),
        scoreInput({ judge: verdictWith(raw), content: 'answer' }),
      );
      expect(r.score).toBe(raw);
    }
  });
});
