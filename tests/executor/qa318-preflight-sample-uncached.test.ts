/**
 * QA318: the preflight sample (DESIGN §3: "preflight on k ≤ 5 examples before the batch") is the
 * first `run.preflight` examples that send a request in this run. It was the first k examples
 * whatever the cache held: once they were cached, a run had no preflight at all, so examples added
 * to a dataset were all sent to an agent that failed every one of them.
 */
import { afterEach, beforeAll, expect, it } from 'vitest';
import {
  assertBuilt,
  countingExamples,
  lockResults,
  runCli,
  tempWorkspace,
  writeDataset,
  writePlan,
} from '../e2e/apply-harness.js';
import { startCountingAgent } from '../fixtures/apply-counting-agent.mjs';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
beforeAll(() => assertBuilt());

it('holds back the new examples of a broken agent whose first examples are cached', async () => {
  const ws = tempWorkspace('qa318-preflight');
  cleanups.push(ws.cleanup);
  const healthy = await startCountingAgent();
  const port = healthy.port;
  writeDataset(ws.dir, 'd1.jsonl', countingExamples(3));
  writePlan(ws.dir, { agentUrl: healthy.url, run: { preflight: 3 }, limits: { concurrency: 2 } });
  const first = await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir });
  expect(first.code, first.stderr).toBe(0);
  expect(healthy.stats().invokes).toBe(3);
  await healthy.close();

  // The same agent (same URL and /info), now refusing every input: nine examples are added.
  const broken = await startCountingAgent({ port, faults: { seed: 1, rates: { '422': 1 } } });
  cleanups.push(() => broken.close());
  writeDataset(ws.dir, 'd1.jsonl', countingExamples(12));
  const run = await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir });
  expect(run.stderr).toMatch(
    /preflight: the first 3 examples all failed \(semantic_mismatch\); the rest of a1's batch was not sent/,
  );
  expect(run.stderr).toMatch(/t1\/d1\/e3: semantic_mismatch/);
  // The sample is e3, e4, e5 (the first three it sent); before, all nine new examples were sent.
  expect(broken.stats().invokes).toBe(3);
  expect(Object.keys(broken.stats().received).sort()).toEqual(['e3#0', 'e4#0', 'e5#0']);
  const errors = Object.fromEntries(lockResults(ws.dir).map((r) => [r.example, r.errors?.[0] ?? null]));
  // The cached answers still count; the six never sent are recorded as such.
  expect(errors).toEqual({
    e0: null,
    e1: null,
    e2: null,
    e3: 'semantic_mismatch',
    e4: 'semantic_mismatch',
    e5: 'semantic_mismatch',
    e6: 'preflight_failed',
    e7: 'preflight_failed',
    e8: 'preflight_failed',
    e9: 'preflight_failed',
    e10: 'preflight_failed',
    e11: 'preflight_failed',
  });
  expect(run.code, run.stderr).toBe(0); // the agent evaluated its cached examples
}, 60_000);

it('counts the runs a failed preflight held back as not run on the progress line, not as still to come', async () => {
  const ws = tempWorkspace('qa318-preflight-progress');
  cleanups.push(ws.cleanup);
  const broken = await startCountingAgent({ faults: { seed: 1, rates: { '422': 1 } } });
  cleanups.push(() => broken.close());
  writeDataset(ws.dir, 'd1.jsonl', countingExamples(10));
  writePlan(ws.dir, { agentUrl: broken.url, run: { preflight: 2, repeats: 2 }, limits: { concurrency: 2 } });
  const run = await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir, env: { CI: 'true' } });
  expect(run.code, run.stderr).toBe(1);
  expect(broken.stats().invokes).toBe(4);
  // It read `a1 4/20  …/s  eta 1s  errors 4 …` as the run's last line.
  const last =
    run.stderr
      .split('\n')
      .filter((l) => l.startsWith('a1 '))
      .at(-1) ?? '';
  expect(last).toMatch(/^a1 +4\/20 .* stopped \(16 not run\) +errors 4 /);
}, 60_000);
