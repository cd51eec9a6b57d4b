import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  getMetricDefinition,
  listMetricDefinitions,
  metricKeyParts,
  resolveMetric,
} from '../../src/metrics/registry.js';
import { resolveMetricList } from '../../src/metrics/resolve-metric-list.js';
import type { MetricCategory, MetricFamily } from '../../src/metrics/types.js';

// DESIGN.md §4: category → family → metric types.
const TAXONOMY: Record<MetricCategory, Partial<Record<MetricFamily, string[]>>> = {
  performance: {
    outcome_efficacy: ['pass_rate', 'win_rate'],
    trajectory_quality: ['progress_rate', 'checkpoints'],
    action_validity: ['tool_call_match', 'invalid_action_rate', 'repetition_rate'],
  },
  content: {
    linguistic_fidelity: ['exact_match', 'contains', 'regex', 'f1', 'bleu', 'rouge_l', 'numeric'],
    content_assessment: ['judge', 'checklist'],
  },
  attributes: {
    efficiency: ['time_to_success', 'steps', 'tokens', 'cost'],
    behavioural_attributes: ['consistency'],
    safety: ['refusal_rate', 'policy_adherence'],
    robustness: ['pass_hat_k', 'pass_at_k'],
  },
  meta: {
    evaluator_reliability: ['judge_agreement', 'judge_stability', 'position_bias'],
    benchmark_integrity: ['ground_truth_protection'],
  },
};

describe('metric registry', () => {
  it('ships every metric type of DESIGN.md §4 in its family and category', () => {
    const expected: string[] = [];
    for (const [category, families] of Object.entries(TAXONOMY)) {
      for (const [family, types] of Object.entries(families)) {
        for (const type of types ?? []) {
          expected.push(type);
          expect(getMetricDefinition(type), type).toMatchObject({ type, family, category });
        }
      }
    }
    expect(
      listMetricDefinitions()
        .map((d) => d.type)
        .sort(),
    ).toEqual(expected.sort());
    expect(new Set(listMetricDefinitions().map((d) => d.family)).size).toBe(11);
  });

  it('describes every parameter so `evalc schema` can document it', () => {
    for (const d of listMetricDefinitions()) {
      const schema = z.toJSONSchema(d.params, { io: 'input' }) as {
        properties?: Record<string, { description?: string }>;
      };
      for (const [name, prop] of Object.entries(schema.properties ?? {})) {
        expect(prop.description, `${d.type}.${name}`).toBeTruthy();
      }
      expect(d.version).toMatch(/^\d+$/);
      expect(d.description.length).toBeGreaterThan(10);
    }
  });

  it('splits common fields from params and applies defaults', () => {
    const r = resolveMetric({
      type: 'exact_match',
      id: 'codes_match',
      threshold: 1,
      candidate: 'codes',
      expected: 'codes',
      mode: 'set',
    });
    expect(r).toMatchObject({
      ok: true,
      metric: {
        type: 'exact_match',
        id: 'codes_match',
        threshold: 1,
        params: {
          candidate: 'codes',
          expected: 'codes',
          mode: 'set',
          ignore_case: false,
          ignore_whitespace: true,
        },
      },
    });
    if (r.ok) expect(metricKeyParts(r.metric)).toMatchObject({ type: 'exact_match', version: '5' });
  });

  it('reports unknown types and invalid params with paths', () => {
    const unknown = resolveMetric({ type: 'exact_mach' });
    expect(unknown.ok).toBe(false);
    if (!unknown.ok)
      expect(unknown.issues[0]).toMatchObject({ code: 'EVALC_METRIC_UNKNOWN_TYPE', path: ['type'] });
    const bad = resolveMetric({ type: 'exact_match', mode: 'bag', typo: 1, threshold: 'high' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.issues.map((i) => [i.code, i.path.join('.')])).toEqual([
        ['EVALC_METRIC_INVALID_COMMON', 'threshold'],
        ['EVALC_METRIC_INVALID_PARAMS', 'mode'],
        ['EVALC_METRIC_INVALID_PARAMS', ''],
      ]);
    }
  });
});

describe('resolveMetricList', () => {
  it('checks unique ids, references between metrics and judge names', () => {
    const { metrics, issues } = resolveMetricList(
      [
        { type: 'pass_rate' },
        { type: 'judge', judge: 'strict' },
        { type: 'judge', judge: 'lenient', id: 'judge_b' },
        { type: 'pass_rate' },
        { type: 'judge_agreement', metric: 'judge' },
        { type: 'win_rate', baseline: 'a1', metric: 'exact_match' },
      ],
      { judges: ['strict'] },
    );
    expect(metrics.map((m) => m.id)).toEqual([
      'pass_rate',
      'judge',
      'judge_b',
      'judge_agreement',
      'win_rate',
    ]);
    expect(issues.map((i) => [i.code, i.path])).toEqual([
      ['EVALC_METRIC_DUPLICATE_ID', [3, 'id']],
      ['EVALC_METRIC_UNKNOWN_JUDGE', [2, 'judge']],
      ['EVALC_METRIC_UNKNOWN_REF', [5, 'metric']],
    ]);
  });
});
