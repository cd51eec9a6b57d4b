/**
 * QA225: f8268fd put its range rule (a `dimension:` score outside [0, 1] is a metric_error) in the
 * key of every judge metric with `dimension:`, so after the upgrade each was judged again. Only a
 * rubric an agent-eval server holds by name can score outside [0, 1] unchecked: a plan rubric goes
 * inline with 0..1 ranges and an `openai` judge's verdict is checked on 0..1 (a judge_error there).
 * Their keys stay those an evalc before f8268fd gave them (the digests below were printed by
 * f8268fd^'s resolve.ts for this plan); the registered rubric's key carries the rule, its former
 * key kept for `plan`'s reason.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa225-range-key-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PLAN = `evalc: 1
benchmark: { id: b, version: "1.0.0" }
agents: { a1: { protocol: raip, url: "http://127.0.0.1:9" } }
judges:
  j: { protocol: agent-eval, url: "http://127.0.0.1:9" }
  oj: { protocol: openai, url: "http://127.0.0.1:9/v1", model: m }
rubrics:
  mine: { dimensions: [ { id: a, description: "A" }, { id: b, description: "B" } ] }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: x } } ] } }
    metrics:
      - { type: judge, id: plan_dim, judge: j, rubric: mine, dimension: a, gate: false }
      - { type: judge, id: openai_dim, judge: oj, rubric: mine, dimension: a, gate: false }
      - { type: judge, id: registered_dim, judge: j, rubric: five, dimension: a, gate: false }
`;

describe('which dimension: metrics carry the range rule in their key (QA225)', () => {
  it('a plan rubric and an openai judge keep the key an evalc before f8268fd gave them', async () => {
    writeFileSync(path.join(dir, 'evalc.yaml'), PLAN);
    const loaded = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
    const metrics = new Map(loaded.resolved?.groups[0]?.metrics.map((m) => [m.id, m]));
    expect(metrics.get('plan_dim')?.digest).toBe(
      '050807fa8debfe14dbae9c68a237d62ff89b61ac310d4b8c4af00b5ac261bf7d',
    );
    expect(metrics.get('plan_dim')?.formerDigest).toBeUndefined();
    expect(metrics.get('openai_dim')?.digest).toBe(
      'bde7a270ce8348ffac53193d088385ad54dbf1d8a35697846e9d9098e2534317',
    );
    expect(metrics.get('openai_dim')?.formerDigest).toBeUndefined();
    const registered = metrics.get('registered_dim');
    expect(registered?.formerDigest).toBe('ad291cc7a4e81cf80749721a572bb1258b375c6871d16c91595506b80801449a');
    expect(registered?.digest).not.toBe(registered?.formerDigest);
  });
});
