import { describe, expect, it } from 'vitest';
import { aggregate } from '../../src/metrics/aggregate.js';
import { evaluateGates } from '../../src/metrics/gates.js';
import { lintDataset } from '../../src/metrics/lint-dataset.js';
import { resolveMetric } from '../../src/metrics/registry.js';
import { rollupRepeats } from '../../src/metrics/rollup-repeats.js';
import type { ExampleInfo, RubricInfo } from '../../src/metrics/types.js';
import { exampleSchema, gateSchema, metricSchema, rubricSchema } from '../../src/plan/schema.js';

describe('plan schema outputs feed the metrics API without conversion', () => {
  it('accepts parsed gates, metrics, examples and rubrics', () => {
    const gate = gateSchema.parse({ metric: 'judge', min: 0.5 });
    const example = exampleSchema.parse({ id: 7, vars: { q: 'x' }, expected: 'y', human_score: 0.5 });
    const m = resolveMetric(metricSchema.parse({ type: 'exact_match', threshold: 1 }));
    const rubric = rubricSchema.parse({ dimensions: [{ id: 'a', description: 'A' }] });
    const info: ExampleInfo = example;
    const rubricInfo: RubricInfo = { name: 'r', ...rubric };
    expect(m.ok).toBe(true);
    expect(rubricInfo.dimensions[0]?.weight).toBe(1);
    expect(lintDataset([example])).toEqual([]);
    const outcome = rollupRepeats({ example: info, metrics: [], repeats: [] });
    expect(outcome).toMatchObject({ example: '7', weight: 1, human_score: 0.5 });
    const report = aggregate({ benchmark: 'b', bootstrap: { seed: 1, resamples: 10 }, tasks: [] });
    expect(
      evaluateGates([gate], { aggregate: report, rows: [] }, undefined, {
        significance: 0.05,
        seed: 1,
        resamples: 10,
      }),
    ).toEqual([]);
  });
});
