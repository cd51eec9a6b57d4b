/**
 * QA74: a metric computed only at aggregation (judge_agreement, judge_stability, position_bias,
 * win_rate, pass_hat_k) has no score step, so no key sees its code version. After judge_agreement
 * 3 (QA70: failed invokes left out), a lock written with version 2 and no derived metric read as
 * up to date: `plan` said "No changes", `apply` kept version 2's figures. The lock here is such a
 * lock: the run's own, with judge_agreement's version and digest set back as version 2 wrote them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenaiJudge, startOpenaiJudgeServer } from '../fixtures/openai-judge-server.js';
import { countingExamples, runCli, useCountingAgent, writeDataset } from './apply-harness.js';

const counting = useCountingAgent();
let judge: FakeOpenaiJudge;
beforeAll(async () => {
  judge = await startOpenaiJudgeServer();
});
afterAll(async () => {
  await judge.close();
});

interface Lock {
  groups: Record<string, { metrics: Record<string, { version: string; digest: string }> }>;
}

describe("an aggregate-only metric's new code version (QA74)", () => {
  it('re-aggregates an older lock from the cache, calling no agent and no judge', async () => {
    const dir = counting.workspace('qa74-aggregate-version');
    writeDataset(
      dir,
      'd1.jsonl',
      countingExamples(4).map((e, i) => ({ ...e, human_score: i % 2 })),
    );
    const plan = {
      evalc: 1,
      benchmark: { id: 'qa74', version: '1.0.0' },
      agents: { a1: { protocol: 'raip', url: counting.agent.url } },
      judges: { j: { protocol: 'openai', url: judge.url, model: 'm' } },
      tasks: {
        t1: {
          bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'output.answer' } } },
          datasets: { d1: { source: 'd1.jsonl' } },
          metrics: [
            { type: 'judge', judge: 'j', content: '{{candidate.answer}}' },
            { type: 'judge_agreement', metric: 'judge' },
          ],
        },
      },
    };
    writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
    const cold = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(cold.code, cold.stderr).toBe(0);
    const lockFile = path.join(dir, 'evalc.lock');
    const current = JSON.parse(readFileSync(lockFile, 'utf8')) as Lock;
    const agreement = current.groups['a1/t1/d1']!.metrics.judge_agreement!;
    const version = agreement.version;
    const digest = agreement.digest;
    const older = String(Number(version) - 1);
    writeFileSync(
      lockFile,
      readFileSync(lockFile, 'utf8')
        .replace(`"digest": "${digest}"`, `"digest": "${'0'.repeat(64)}"`)
        .replace(/("type": "judge_agreement",\s*"version": )"\d+"/, `$1"${older}"`),
    );
    const judged = judge.requests.length;
    counting.agent.reset();

    const planned = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(planned.code, planned.stdout).toBe(2);
    expect(planned.stdout).toContain(
      `~ aggregate  qa74                               3 nodes      because metric judge_agreement changed version (${older} → ${version}): aggregates are computed again`,
    );
    expect(planned.stdout).toContain('Plan: 0 to invoke, 0 to extract, 0 to score, 3 to aggregate');

    const applied = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(applied.code, applied.stderr).toBe(0);
    expect(counting.agent.stats().invokes).toBe(0);
    expect(judge.requests.length).toBe(judged);
    const after = (JSON.parse(readFileSync(lockFile, 'utf8')) as Lock).groups['a1/t1/d1']!.metrics
      .judge_agreement!;
    expect(after).toMatchObject({ version, digest });

    const again = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(again.code, again.stdout).toBe(0);
  });
});
