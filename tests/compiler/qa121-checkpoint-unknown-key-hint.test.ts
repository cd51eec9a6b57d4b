/**
 * QA121 (review of QA112's f91f839): a key unknown inside a metric's object parameter is located at
 * its own line, but the hint read only plain object parameters (judge_config): a checkpoint in
 * `checkpoints:` (a list of a union: tool / phrase / state / candidate forms) with `argumnets` had
 * no hint at all. The keys are read off the parameter's schema, the form sharing the value's keys.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

const plan = `evalc: 1
benchmark: { id: cp, version: 1.0.0 }
agents:
  a: { protocol: mae, transport: local, command: "python3 agent.py" }
tasks:
  t:
    bindings: { default: { input: { task_description: "{{q}}" }, output: { answer: final_answer } } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] }
    metrics:
      - type: checkpoints
        checkpoints:
          - tool: refund
            argumnets: { amount: 5 }
          - { phrase: done, extra: 1 }
`;

describe('an unknown key inside a checkpoint', () => {
  it("is hinted with the keys of the checkpoint's own form", async () => {
    const dir = writeFiles({ 'evalc.yaml': plan }, 'evalc-qa121-checkpoint-');
    const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
    const found = result.diagnostics
      .filter((x) => x.code === 'EVALC_METRIC_PARAM_UNKNOWN')
      .map((d) => [d.message, d.source?.line, d.hint]);
    expect(found).toEqual([
      [
        'checkpoints: unknown key `checkpoints.0.argumnets`',
        14,
        'did you mean `arguments`? (checkpoints.0 takes: `tool`, `arguments`)',
      ],
      ['checkpoints: unknown key `checkpoints.1.extra`', 15, 'checkpoints.1 takes: `phrase`'],
    ]);
  });
});
