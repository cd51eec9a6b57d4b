/**
 * An agent-eval judge with a plan `model:` sends it as the request's `model` override, which the
 * seed wire protocol does not have: a server written from the seed (tests/fixtures/qa4-agent-eval-seed-judge.mjs)
 * ignores it and judges with its own model (`stub-model` in every verdict). evalc.lock still pins the
 * plan's model; apply now says on stderr that the verdicts report another one (before: nothing did).
 * A server that reports the model asked for, or a dated/tagged form of it, gets no warning.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCli, tempWorkspace } from '../e2e/apply-harness.js';
import { startQa4SeedJudge } from '../fixtures/qa4-agent-eval-seed-judge.mjs';
import { startQa4RaipAgent } from '../fixtures/qa4-raip-seed-agent.mjs';
import { writeJudgePlan } from './qa4-judge-plan.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
beforeAll(() => assertBuilt());

async function applyWithModel(model: string) {
  const agent = await startQa4RaipAgent();
  const judge = await startQa4SeedJudge();
  const { dir, cleanup } = tempWorkspace('qa45-ae-model');
  cleanups.push(
    () => agent.close(),
    () => judge.close(),
    cleanup,
  );
  writeJudgePlan(dir, 'qa45-ae-model', agent.url, { url: judge.url, rubric: 'anti-slop', model });
  const result = await runCli(['apply', 'evalc.yaml'], { cwd: dir, timeoutMs: 30_000 });
  const lock = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as {
    judges: Record<string, { model?: string }>;
  };
  return { result, judge, lock };
}

describe('agent-eval judge model override the server ignores (QA45)', () => {
  it('warns that the verdicts report another model than the plan asks for', async () => {
    const { result, judge, lock } = await applyWithModel('gpt-judge-1');
    expect(result.code, result.stderr).toBe(0);
    expect(judge.judgeBodies.map((b) => (b as { model?: string }).model)).toEqual([
      'gpt-judge-1',
      'gpt-judge-1',
    ]);
    expect(lock.judges.strict?.model).toBe('gpt-judge-1');
    expect(result.stderr).toContain(
      'judge strict: the plan asks for model gpt-judge-1, but its verdicts report stub-model',
    );
  });

  it('says nothing when the verdicts report the model asked for, or a dated form of it', async () => {
    for (const model of ['stub-model', 'stub']) {
      const { result } = await applyWithModel(model);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).not.toContain('verdicts report');
    }
  });
});
