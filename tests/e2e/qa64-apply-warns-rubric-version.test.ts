/**
 * QA64: DESIGN §3 says the agent-eval judge client "records rubricVersion and warns when two runs'
 * versions differ". A rubric registered on the judge server whose tag changed was re-scored by
 * `apply` without a word (only `plan` noted it, and `evalc diff` afterwards): apply now warns on
 * stderr and in run.log, naming the judge, the rubric and both tags. A loopback agent-eval server
 * (tests/fixtures/agent-eval-server.ts) changes its tag between applies; the plan does not.
 *
 * QA97: `apply --locked` against a judge server whose registered rubric changed since evalc.lock
 * refuses the run (the pinned rubricVersion drifted), but first warned "… rubricVersion changed since
 * evalc.lock: … (its judge metrics are scored again)" — nothing is scored. The refusal alone names
 * the change now; without --locked the warning stays (QA64).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeAgentEvalServer,
  type FakeAgentEvalServerOptions,
  startAgentEvalServer,
} from '../fixtures/agent-eval-server.js';
import { countingExamples, readLock, runCli, useCountingAgent, writeDataset } from './apply-harness.js';

const ctx = useCountingAgent();
const options: FakeAgentEvalServerOptions = {};
let judge: FakeAgentEvalServer;

beforeAll(async () => {
  judge = await startAgentEvalServer(options);
});
afterAll(async () => {
  await judge.close();
});
// Each test starts from the server's own tag.
beforeEach(() => {
  delete options.listedVersion;
  delete options.tamper;
});

/** A workspace of two counting examples scored by the registered rubric `anti-slop` of judge `strict`. */
function rubricWorkspace(name: string, benchmarkId: string, run?: Record<string, unknown>): string {
  const dir = ctx.workspace(name);
  writeDataset(dir, 'd1.jsonl', countingExamples(2));
  const plan = {
    evalc: 1,
    benchmark: { id: benchmarkId, version: '1.0.0' },
    agents: { a1: { protocol: 'raip', url: ctx.agent.url } },
    judges: { strict: { protocol: 'agent-eval', url: judge.url, rubric: 'anti-slop' } },
    tasks: {
      t1: {
        bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'output.answer' } } },
        datasets: { d1: { source: 'd1.jsonl' } },
        metrics: [{ type: 'judge', judge: 'strict', threshold: 0.5 }],
      },
    },
    ...(run ? { run } : {}),
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
  return dir;
}

describe('apply and a registered rubric whose rubricVersion changed (QA64)', () => {
  it('warns naming the judge, the rubric and both tags; an unchanged tag says nothing', async () => {
    const dir = rubricWorkspace('qa64-rubric-version', 'rv', { bootstrap: 100 });
    const first = await runCli(['apply', 'evalc.yaml'], { cwd: dir, env: { CI: 'true' } });
    expect(first.code).toBe(0);
    expect(first.stderr).not.toContain('rubricVersion');
    const before = /"anti-slop": "(anti-slop@[^"]+)"/.exec(readLock(dir))?.[1];
    expect(before).toMatch(/^anti-slop@sha256-rfc8785:/);

    const changed = `anti-slop@sha256-rfc8785:${'2'.repeat(64)}`;
    options.listedVersion = { 'anti-slop': changed };
    options.tamper = { rubricVersion: changed };
    const second = await runCli(['apply', 'evalc.yaml'], { cwd: dir, env: { CI: 'true' } });
    expect(second.code).toBe(0);
    const line = `warning: judge strict: rubric anti-slop's rubricVersion changed since evalc.lock: ${before} → ${changed}`;
    expect(second.stderr).toContain(line);
    expect(readFileSync(path.join(dir, '.evalc/logs/run.log'), 'utf8')).toContain(line);

    const third = await runCli(['apply', 'evalc.yaml'], { cwd: dir, env: { CI: 'true' } });
    expect(third.code).toBe(0);
    expect(third.stderr).not.toContain('rubricVersion');
  });
});

describe('apply --locked and a registered rubric changed on the server (QA97)', () => {
  it('refuses naming the change, without saying the metrics are scored again', async () => {
    const dir = rubricWorkspace('qa97-locked-rubric', 'qa97-locked');
    expect((await runCli(['apply', 'evalc.yaml'], { cwd: dir })).code).toBe(0);
    const changed = `anti-slop@sha256-rfc8785:${'3'.repeat(64)}`;
    options.listedVersion = { 'anti-slop': changed };
    options.tamper = { rubricVersion: changed };
    const locked = await runCli(['apply', 'evalc.yaml', '--locked'], { cwd: dir });
    expect(locked.code).toBe(1);
    expect(locked.stderr).toContain('--locked: pinned inputs changed');
    expect(locked.stderr).toContain(`→ ${changed}`);
    expect(locked.stderr).not.toContain('scored again');
  }, 60_000);
});
