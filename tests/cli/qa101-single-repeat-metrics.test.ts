/**
 * `consistency` and `judge_stability` compare an example's repeats: with `run.repeats: 1` (DESIGN
 * §2's run settings) every example scored 1 and validate said nothing. It warns at the metric,
 * EVALC_METRIC_REPEATS, and stays quiet with two repeats or more (QA101).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateJson, writeMetricPlan } from '../fixtures/validate-metric-plan.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa101-repeats-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function repeatWarnings(name: string, run: string): { code: number; messages: string[] } {
  const file = path.join(work, name);
  writeMetricPlan(file, {
    examples: '{ id: e1, vars: { q: hi } }',
    metrics: ['{ type: consistency, candidate: answer }', '{ type: judge_stability }'],
    judged: true,
    tail: [run],
  });
  const { code, diagnostics } = validateJson([file], work);
  return {
    code,
    messages: diagnostics.filter((d) => d.code === 'EVALC_METRIC_REPEATS').map((d) => d.message),
  };
}

describe('metrics across repeats', () => {
  it('warn with one repeat: every example would score 1, or have no judge_stability (QA125)', () => {
    const result = repeatWarnings('one.yaml', 'run: { repeats: 1, seed: 7 }');
    expect(result.code).toBe(0);
    expect(result.messages).toEqual([
      '`consistency` measures agreement across repeats, and run.repeats is 1: every example would score 1',
      "`judge_stability` measures the spread of the judge's scores across repeats, and run.repeats is 1: no example would have a figure",
    ]);
  });

  it('are quiet with two repeats', () => {
    expect(repeatWarnings('two.yaml', 'run: { repeats: 2 }').messages).toEqual([]);
  });
});
