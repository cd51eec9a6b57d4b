/**
 * QA65 (QA59 F13): a metric's `threshold` compares each example's score, in [0, 1] for every
 * metric. `threshold: 1.5` failed every example and `threshold: -1` passed every scored one, both
 * accepted without a word; validate now warns (EVALC_METRIC_THRESHOLD), as it does for a gate's
 * `min`/`max` outside [0, 1] (EVALC_GATE_RANGE).
 */
import { describe, expect, it } from 'vitest';
import { oneTaskPlanYaml, planDiagnostics, withMessage } from './plan-helpers.js';

async function diagnosticsFor(metrics: string): Promise<string[]> {
  return (await planDiagnostics(oneTaskPlanYaml(metrics, 'metrics: [ { type: pass_rate } ]\n'))).map(
    withMessage,
  );
}

describe('a threshold outside [0, 1]', () => {
  it('warns, naming the range and what it does to every example', async () => {
    expect(
      await diagnosticsFor(
        '[ { type: exact_match, threshold: 1.5 }, { id: c2, type: contains, threshold: -1 }, { type: time_to_success, threshold: 2000 } ]',
      ),
    ).toEqual([
      "warning EVALC_METRIC_THRESHOLD tasks.t.metrics.0.threshold: `threshold: 1.5` on `exact_match`: no score reaches it: every example fails this metric (a threshold compares the example's score, which lies in [0, 1])",
      "warning EVALC_METRIC_THRESHOLD tasks.t.metrics.1.threshold: `threshold: -1` on `c2`: every scored example passes it (a threshold compares the example's score, which lies in [0, 1])",
      "warning EVALC_METRIC_THRESHOLD tasks.t.metrics.2.threshold: `threshold: 2000` on `time_to_success`: no score reaches it: every example fails this metric (a threshold compares the example's score, which lies in [0, 1])",
    ]);
  });

  it('stays quiet from 0 to 1 inclusive', async () => {
    expect(
      await diagnosticsFor(
        '[ { type: exact_match, threshold: 1 }, { id: c2, type: contains, threshold: 0 }, { type: time_to_success, threshold: 0.5 } ]',
      ),
    ).toEqual([]);
  });
});
