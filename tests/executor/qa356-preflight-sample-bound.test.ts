/**
 * QA356: an agent's preflight sample holds `run.preflight` examples at most (DESIGN §3: "preflight
 * on k ≤ 5 examples before the batch"). Since 0684812d every cached failure read before the first
 * example sent was in it, its run kept in memory to the end: a cache of failures alone (an agent
 * that failed everything, an `--only` piece run with `preflight: 0`) said 'the first 401 examples
 * all failed (semantic_mismatch; 400 of them answered from the cache)' for `preflight: 3`. The
 * cached failures now take `run.preflight` − 1 places at most, the last is the first example sent.
 * And a fully cached re-score (nothing sent, the sample open to the end) kept one slot per example.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { compilePlan } from '../../src/compiler/compile.js';
import type { ResolvedExample } from '../../src/compiler/datasets.js';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { exampleSteps } from '../../src/compiler/step-keys.js';
import { PreflightSample } from '../../src/executor/preflight-sample.js';
import type { GroupRuntime } from '../../src/executor/run-example.js';
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

let dir: string;
let compiled: GroupRuntime['compiled'];
let example: ResolvedExample;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa356-'));
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: b }
agents: { a: { protocol: raip, url: "http://127.0.0.1:9" } }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: x } } ] } }
    metrics: [ { type: contains, value: answer } ]
`,
  );
  const loaded = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  if (!loaded.resolved) throw new Error(loaded.diagnostics.map((d) => d.message).join('\n'));
  compiled = compilePlan(loaded.resolved, {}).groups[0]!;
  example = compiled.group.dataset.examples[0]!;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

/** A run of one repeat: failed (an agent's 422) or an answer. */
function runOf(kind: 'failed' | 'ok', invoked: number) {
  return {
    lock: { errors: [kind === 'failed' ? 'semantic_mismatch' : null] },
    invoked,
    ...(kind === 'failed' ? { firstError: { kind: 'semantic_mismatch', message: 'refused' } } : {}),
  } as never;
}

/** Slots the sample still holds (a Map now; an array of every example admitted before). */
function retained(sample: PreflightSample<string>): number {
  const slots = (sample as unknown as { slots: Map<number, unknown> | unknown[] }).slots;
  return slots instanceof Map ? slots.size : slots.filter((s) => s !== undefined).length;
}

/**
 * Admits `cached` examples the cache answers (failed or not) then `sent` ones, each reported with
 * its id as it is admitted (a batch at concurrency 1); returns the kinds, verdict and members.
 */
async function runBatch(
  sample: PreflightSample<string>,
  cached: number,
  cachedKind: 'failed' | 'ok',
  sent: ('failed' | 'ok')[],
) {
  const examples = [
    ...Array.from({ length: cached }, (_, i) => ({ ...example, id: `c${i}` })),
    ...sent.map((_, i) => ({ ...example, id: `s${i}` })),
  ];
  const store = new Set(
    examples.slice(0, cached).map((e) => exampleSteps(compiled.group, compiled.keys, e)[0]?.invokeKey),
  );
  const rt = { compiled, refresh: false, store } as unknown as GroupRuntime;
  const kinds: string[] = [];
  for (const [n, one] of examples.entries()) {
    const admission = await sample.admit(rt, one);
    kinds.push(admission.kind);
    if (admission.kind !== 'candidate' && admission.kind !== 'sample') continue;
    const kind = n < cached ? cachedKind : (sent[n - cached] ?? 'ok');
    sample.report(admission.index, runOf(kind, n < cached ? 0 : 1), one.id);
  }
  sample.close();
  return { kinds, failed: sample.failed, members: sample.members };
}

describe('preflight sample bound', () => {
  it('holds run.preflight examples at most: the first cached failures and one sent', async () => {
    const sample = new PreflightSample<string>(3, () => false);
    const n = 20_000;
    const { kinds, failed, members } = await runBatch(sample, n, 'failed', ['failed', 'ok']);
    expect(kinds.slice(n)).toEqual(['sample', 'held']);
    expect(failed).toBe(true);
    // 20,001 members before, each run kept: 'the first 20001 examples all failed'
    expect(members.map((m) => [m.tag, m.cached])).toEqual([
      ['c0', true],
      ['c1', true],
      ['s0', false],
    ]);
    expect(retained(sample)).toBeLessThanOrEqual(3);
  }, 60_000);

  it('is the first example sent alone at preflight: 1, whatever failures the cache holds', async () => {
    const { kinds, failed, members } = await runBatch(
      new PreflightSample<string>(1, () => false),
      50,
      'failed',
      ['ok', 'failed'],
    );
    expect(kinds.slice(50)).toEqual(['sample', 'passed']);
    expect(failed).toBe(false);
    expect(members.map((m) => m.tag)).toEqual(['s0']);
  });

  it('keeps no slot of a fully cached re-score', async () => {
    const sample = new PreflightSample<string>(5, () => false);
    const { kinds, failed, members } = await runBatch(sample, 20_000, 'ok', []);
    expect(kinds.every((k) => k === 'candidate')).toBe(true);
    expect(failed).toBe(false);
    expect(members).toEqual([]);
    // one slot per example was kept to the end (QA343: 454 MB against 440 MB at 100,000)
    expect(retained(sample)).toBe(0);
  }, 60_000);
});

describe('evalc apply, a cache of failures alone', () => {
  beforeAll(() => assertBuilt());

  it('names run.preflight examples at most in stderr and --json', async () => {
    const broken = await startCountingAgent({ faults: { seed: 1, rates: { '422': 1 } } });
    cleanups.push(() => void broken.close());
    const ws = tempWorkspace('qa356-preflight');
    cleanups.push(ws.cleanup);
    // every example sent and failed (no preflight), then 5 added under preflight: 3
    writeDataset(ws.dir, 'd1.jsonl', countingExamples(30));
    writePlan(ws.dir, { agentUrl: broken.url, run: { preflight: 0 }, limits: { retries: 0 } });
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir })).code).toBe(1);
    expect(broken.stats().invokes).toBe(30);
    writeDataset(ws.dir, 'd1.jsonl', countingExamples(35));
    writePlan(ws.dir, { agentUrl: broken.url, run: { preflight: 3 }, limits: { retries: 0 } });
    const said =
      "evalc: agent a1: preflight: the first 3 examples all failed (semantic_mismatch; 2 of them answered from the cache); the rest of a1's batch was not sent";
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir });
    expect(run.code).toBe(1);
    // it said 'the first 31 examples all failed (semantic_mismatch; 30 of them …)'
    expect(run.stderr).toContain(`${said}\n  t1/d1/e0: semantic_mismatch:`);
    expect(broken.stats().invokes).toBe(31);
    const errors = lockResults(ws.dir).map((r) => r.errors?.[0]);
    expect(errors.filter((e) => e === 'semantic_mismatch')).toHaveLength(31);
    expect(errors.filter((e) => e === 'preflight_failed')).toHaveLength(4);
    // --json's message event: the same words (the lock is not complete, so it runs again)
    const json = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: ws.dir });
    const texts = json.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { event?: string; text?: string })
      .filter((e) => e.event === 'message')
      .map((e) => e.text ?? '');
    expect(texts.find((t) => t.includes('preflight:'))).toContain(
      "evalc: agent a1: preflight: the first 3 examples all failed (semantic_mismatch; 2 of them answered from the cache); the rest of a1's batch was not sent",
    );
  }, 60_000);
});
