/**
 * QA38: a regression gate on a measurement without a budget (`tokens`) is always skipped — the
 * lock keeps no per-example value to pair (validate warns, EVALC_GATE_VOLATILE) — but the reports
 * said "no paired examples with the baseline", which reads as a baseline of another plan even when
 * the baseline is this plan's own lock. The message now names the reason.
 */
import { describe, expect, it } from 'vitest';
import { aggregate } from '../../src/metrics/aggregate.js';
import type { ExampleScoreRow } from '../../src/metrics/example-rows.js';
import { evaluateGates } from '../../src/metrics/gates.js';
import { metric } from './helpers.js';

const tokens = metric({ type: 'tokens' });

function row(example: string, value: number | undefined): ExampleScoreRow {
  const r: ExampleScoreRow = {
    agent: 'a',
    task: 't',
    dataset: 'd',
    example,
    metric: 'tokens',
    score: null,
    weight: 1,
    datasetWeight: 1,
    taskWeight: 1,
  };
  if (value !== undefined) r.value = value;
  return r;
}

describe('a regression gate on a measurement (QA38)', () => {
  it('says the baseline keeps no per-example values, not "no paired examples"', () => {
    const current = [row('e0', 12), row('e1', 15)];
    const report = aggregate({
      benchmark: 'b',
      bootstrap: { seed: 1, resamples: 50 },
      tasks: [
        {
          id: 't',
          weight: 1,
          metrics: [tokens],
          datasets: [
            {
              id: 'd',
              weight: 1,
              agents: {
                a: ['e0', 'e1'].map((example, i) => ({
                  example,
                  weight: 1,
                  invokeErrors: 0,
                  repeats: 1,
                  metrics: { tokens: { score: null, value: 12 + 3 * i, errors: 0 } },
                })),
              },
            },
          ],
        },
      ],
    });
    // The baseline is a lockfile's rows: the same examples, no value (the lock keeps the mean only).
    const baseline = [row('e0', undefined), row('e1', undefined)];
    const [r] = evaluateGates(
      [{ metric: 'tokens', regression: { max_drop: 0 } }],
      { aggregate: report, rows: current },
      baseline,
      { significance: 0.05, seed: 1, resamples: 50 },
    );
    expect(r).toMatchObject({ kind: 'regression', passed: true, skipped: true, actual: null });
    expect(r?.message).not.toContain('no paired examples');
    expect(r?.message).toBe(
      'tokens: the baseline keeps no per-example tokens values to pair (a measurement without a budget: evalc.lock keeps its volatile mean only), regression check skipped',
    );
  });
});
