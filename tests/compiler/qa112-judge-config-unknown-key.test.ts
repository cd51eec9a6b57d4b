/**
 * Regression (QA112): MultiAgentEval's `judge_config` (the seed's schema: judge_provider,
 * judge_model, judge_temperature, judge_rubric) on a judge metric, with a typo inside it,
 * `judge_modle`, was reported at the metric's first key as "judge: unknown key `judge_modle`",
 * with the hint "judge takes: `judge`, `content`, … `judge_config` …" — as if the key were the
 * metric's own, and nothing pointed at the line of the typo. It is now located at the key itself,
 * named under `judge_config`, with a hint from judge_config's own keys.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

const plan = `evalc: 1
benchmark: { id: jc, version: 1.0.0 }
agents:
  a: { protocol: mae, transport: local, command: "python3 agent.py" }
judges:
  j: { protocol: agent-eval, url: http://127.0.0.1:5105, rubric: support }
tasks:
  t:
    bindings: { default: { input: { task_description: "{{q}}" }, output: { answer: final_answer } } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] }
    metrics:
      - type: judge
        judge: j
        judge_config:
          judge_rubric: support
          judge_modle: gpt-4o
`;

describe('an unknown key inside judge_config', () => {
  it('is named under judge_config, at its own file:line:col, with judge_config keys in the hint', async () => {
    const dir = writeFiles({ 'evalc.yaml': plan }, 'evalc-qa112-judge-config-');
    const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
    const found = result.diagnostics.filter((x) => x.code === 'EVALC_METRIC_PARAM_UNKNOWN');
    expect(found).toHaveLength(1);
    const [d] = found;
    expect(d?.message).toBe('judge: unknown key `judge_config.judge_modle`');
    expect(d?.source).toMatchObject({ line: 17, col: 11 });
    expect(d?.hint).toContain('judge_model');
  });
});
