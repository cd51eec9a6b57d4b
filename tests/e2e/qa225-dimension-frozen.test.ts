/**
 * QA225 (after QA217): `judge` with `dimension:` on a rubric registered on an agent-eval server whose dimensions
 * score on 1..5. agent-eval normalises each dimension with its min/max for the composite
 * (shared/protocols/agent-eval.md "Composite"), but `/v1/rubrics` lists no range, so evalc cannot
 * normalise one dimension's raw 3: it clamped it to 1 (agent-eval's normalised value is
 * (3 − 1)/(5 − 1) = 0.5, by hand). Now such a score is a metric_error naming it; the composite
 * (the server's, 0.5) is unchanged. Such metrics' keys carry the rule: a score cached by an older
 * evalc is judged again once, `plan` saying why. Real loopback agent and agent-eval judge.
 *
 * QA225: such a metric_error is evalc's own, on a verdict the judge gave (and evalc caches): it was
 * never cached, "a judge's failure", so every apply scored it again, `plan` listed it each time
 * ("because the previous attempt failed") and `apply --frozen` refused the plan for good. It is
 * cached as a score now: a second apply is up to date and --frozen passes, no judge asked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planCommand } from '../../src/cli/plan.js';
import { runCommand } from '../cli/run-cli.js';
import { type DimensionJudgePlan, startDimensionJudgePlan } from '../fixtures/dimension-judge-plan.js';
import { applyInProcess } from '../protocols/apply-in-process.js';

let judged: DimensionJudgePlan;
let judgePosts = 0;
let dir: string;

beforeAll(async () => {
  judged = await startDimensionJudgePlan('evalc-qa225-dimension-frozen-', () => {
    judgePosts += 1;
    // a = 3, b = 3 on 1..5: agent-eval's composite (2·0.5 + 1·0.5)/3 = 0.5.
    return { composite: 0.5, dimensions: { a: 3, b: 3 } };
  });
  dir = judged.dir;
});
afterAll(() => judged.close());

describe('a dimension score outside [0, 1] is cached as the metric_error it is (QA225)', () => {
  it('is up to date on the next plan and apply --frozen passes, no judge asked again', async () => {
    expect((await applyInProcess(dir)).status).toBe('done');
    const posts = judgePosts;
    expect(posts).toBeGreaterThan(0);
    const planned = await runCommand(planCommand, ['evalc.yaml'], { cwd: dir });
    expect(planned.stdout).not.toContain('dim_a');
    const frozen = await applyInProcess(dir, { frozen: true });
    expect(frozen.status).toBe('done');
    expect(judgePosts).toBe(posts);
  });
});
