/**
 * QA5: `evalc plan` shows exactly what `evalc apply` will do (the issue; DESIGN.md §1, §6) in
 * two cases where it did not:
 * - an agent that sends a secret header (DESIGN §2's own `a1`: `Bearer ${env.A1_TOKEN}`) was
 *   never asked its /info at plan time, so a new agent version planned as "No changes" (exit 0)
 *   and apply then re-invoked every example of that agent;
 * - likewise a judge that sends a secret header was never asked its registered rubrics' tags;
 * - `plan --only X` compared with evalc.lock, which `apply --only X` never rewrites, so it kept
 *   reporting aggregates to redo after every `apply --only X`.
 * Real CLI, a real loopback RAIP agent that counts its calls.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeAgentEvalServer,
  type FakeAgentEvalServerOptions,
  startAgentEvalServer,
} from '../fixtures/agent-eval-server.js';
import type { CountingAgentOptions } from '../fixtures/apply-counting-agent.mjs';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const options: CountingAgentOptions = {};
const ctx = useCountingAgent(options);
const N = 3;
const SECRET = 'tok-qa5-f00d-cafe';
const env = { QA5_TOKEN: SECRET };
const headers = { authorization: 'Bearer ${env.QA5_TOKEN}' };
const judgeOptions: FakeAgentEvalServerOptions = { authToken: SECRET };
let judge: FakeAgentEvalServer;

beforeAll(async () => {
  judge = await startAgentEvalServer(judgeOptions);
});
afterAll(async () => {
  await judge.close();
});

/** A plan whose judge metric uses anti-slop, registered on a judge that needs a bearer token. */
function writeJudgePlan(dir: string): void {
  const plan = {
    evalc: 1,
    benchmark: { id: 'qa5-judge', version: '1.0.0' },
    agents: { a1: { protocol: 'raip', url: ctx.agent.url } },
    judges: { strict: { protocol: 'agent-eval', url: judge.url, rubric: 'anti-slop', headers } },
    tasks: {
      t1: {
        bindings: {
          default: { input: { q: '{{q}}' }, output: { answer: 'output.answer', codes: 'output.codes' } },
        },
        datasets: { d1: { source: 'd1.jsonl' } },
        metrics: [{ type: 'judge', judge: 'strict', content: '{{candidate.answer}}' }],
      },
    },
    run: { repeats: 1, seed: 7, bootstrap: 100 },
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
}

describe('plan agrees with apply', () => {
  it('asks an agent that sends a secret header its /info: a new version plans the re-invokes apply does', async () => {
    const dir = ctx.workspace('qa5-header-identity');
    writeDataset(dir, 'd1.jsonl', countingExamples(N));
    writePlan(dir, { agentUrl: ctx.agent.url, headers });
    delete options.version;
    try {
      expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir, env })).code).toBe(0);
      const same = await runCli(['plan', 'evalc.yaml'], { cwd: dir, env });
      expect(same.code).toBe(0);
      expect(same.stdout).toMatch(/^No changes\./);

      options.version = '1.1.0';
      ctx.agent.reset();
      const changed = await runCli(['plan', 'evalc.yaml'], { cwd: dir, env });
      expect(changed.code).toBe(2);
      expect(changed.stdout).toMatch(
        new RegExp(`~ invoke +counting/t1\\[a1\\] +${N} examples +because agent identity changed`),
      );
      expect(changed.stdout).toMatch(new RegExp(`^Plan: ${N} to invoke, `, 'm'));
      expect(changed.stderr).toContain('note: agent a1: version 1.0.0 → 1.1.0');
      // plan sent the header apply sends (to that agent's /info only), and printed no secret.
      expect(ctx.agent.stats().infos).toBeGreaterThan(0);
      expect(ctx.agent.stats().invokes).toBe(0);
      expect(ctx.agent.stats().authorization).toEqual([`Bearer ${SECRET}`]);
      expect(changed.stdout + changed.stderr).not.toContain(SECRET);

      ctx.agent.reset();
      expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir, env })).code).toBe(0);
      expect(ctx.agent.stats().invokes).toBe(N);
      const after = await runCli(['plan', 'evalc.yaml'], { cwd: dir, env });
      expect(after.code).toBe(0);
      expect(after.stdout).toMatch(/^No changes\./);
    } finally {
      delete options.version;
    }
  });

  it('says an agent whose header variable is not set is planned with its locked identity', async () => {
    const dir = ctx.workspace('qa5-header-unset');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    writePlan(dir, { agentUrl: ctx.agent.url, headers });
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir, env })).code).toBe(0);
    ctx.agent.reset();
    const plan = await runCli(['plan', 'evalc.yaml', '--json'], { cwd: dir });
    expect(plan.code).toBe(0);
    const json = JSON.parse(plan.stdout) as { notes: string[]; exitCode: number };
    expect(json.notes).toEqual([
      'agent a1 is not asked at plan time (its headers need environment variable(s) that are not set: QA5_TOKEN): planned with its identity in evalc.lock (apply checks it)',
    ]);
    expect(ctx.agent.stats().infos).toBe(0);
  });

  it('asks a judge that sends a secret header for its rubric tags: a rubric changed on the server plans the re-scores apply does', async () => {
    const dir = ctx.workspace('qa5-header-judge');
    writeDataset(dir, 'd1.jsonl', countingExamples(N));
    writeJudgePlan(dir);
    delete judgeOptions.listedVersion;
    delete judgeOptions.tamper;
    try {
      expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir, env })).code).toBe(0);
      const same = await runCli(['plan', 'evalc.yaml'], { cwd: dir, env });
      expect(same.stdout).toMatch(/^No changes\./);
      expect(same.stderr).toBe('');

      const changed = `anti-slop@sha256-rfc8785:${'2'.repeat(64)}`;
      judgeOptions.listedVersion = { 'anti-slop': changed };
      judgeOptions.tamper = { rubricVersion: changed };
      const calls = judge.judgeCalls();
      const plan = await runCli(['plan', 'evalc.yaml'], { cwd: dir, env });
      expect(plan.code).toBe(2);
      expect(plan.stdout).toMatch(
        new RegExp(
          `~ score +qa5-judge/t1\\[a1\\]/judge +${N} examples +because rubric anti-slop changed on judge strict's server`,
        ),
      );
      expect(plan.stdout).toContain(`Plan: 0 to invoke, 0 to extract, ${N} to score`);
      expect(plan.stderr).toContain(`note: judge strict: rubric anti-slop is now ${changed}`);
      expect(plan.stdout + plan.stderr).not.toContain(SECRET);
      expect(judge.judgeCalls()).toBe(calls);

      ctx.agent.reset();
      expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir, env })).code).toBe(0);
      expect(judge.judgeCalls()).toBe(calls + N);
      expect(ctx.agent.stats().invokes).toBe(0);
      const after = await runCli(['plan', 'evalc.yaml'], { cwd: dir, env });
      expect(after.code).toBe(0);
      expect(after.stdout).toMatch(/^No changes\./);
    } finally {
      delete judgeOptions.listedVersion;
      delete judgeOptions.tamper;
    }
  });

  it('compares plan --only with the lock apply --only wrote: no changes after it, the other part still to do', async () => {
    const dir = ctx.workspace('qa5-only');
    writeDataset(dir, 'd1.jsonl', countingExamples(N));
    writeDataset(dir, 'd2.jsonl', countingExamples(2, 'f'));
    writePlan(dir, { agentUrl: ctx.agent.url, secondDataset: true });
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    // A template change re-invokes both datasets' examples.
    writePlan(dir, { agentUrl: ctx.agent.url, secondDataset: true, input: { q: '{{q}}', style: 'v2' } });

    const before = await runCli(['plan', 'evalc.yaml', '--only', 't1/d1', '--json'], { cwd: dir });
    expect(before.code).toBe(2);
    expect((JSON.parse(before.stdout) as { counts: { invoke: { run: number } } }).counts.invoke.run).toBe(N);

    ctx.agent.reset();
    expect((await runCli(['apply', 'evalc.yaml', '--only', 't1/d1', '--quiet'], { cwd: dir })).code).toBe(0);
    expect(ctx.agent.stats().invokes).toBe(N);

    const again = await runCli(['plan', 'evalc.yaml', '--only', 't1/d1'], { cwd: dir });
    expect(again.stdout).toMatch(/^No changes\./);
    expect(again.code).toBe(0);
    // A second apply --only calls nothing, as plan said.
    ctx.agent.reset();
    expect((await runCli(['apply', 'evalc.yaml', '--only', 't1/d1', '--quiet'], { cwd: dir })).code).toBe(0);
    expect(ctx.agent.stats().invokes).toBe(0);

    // The other dataset, and the whole plan, still have their work.
    const other = await runCli(['plan', 'evalc.yaml', '--only', 't1/d2', '--json'], { cwd: dir });
    expect(other.code).toBe(2);
    expect((JSON.parse(other.stdout) as { counts: { invoke: { run: number } } }).counts.invoke.run).toBe(2);
    const whole = await runCli(['plan', 'evalc.yaml', '--json'], { cwd: dir });
    expect(whole.code).toBe(2);
    expect((JSON.parse(whole.stdout) as { counts: { invoke: { run: number } } }).counts.invoke.run).toBe(2);
  });
});
