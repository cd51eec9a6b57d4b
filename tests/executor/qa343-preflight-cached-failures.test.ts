/**
 * QA343: a re-score whose cached examples hold many failures before the first request (a metric's
 * params changed, a deleted evalc.lock, an agent that fails some examples) reads its preflight
 * sample in linear time. 0684812d's sample keeps every cached failure read before its first sent
 * example, and ba8f6d12's cursor still walked all of them again at each report: 30,000 examples,
 * 30% cached failures, re-scored in 3.9-4.2 s of CPU against 2.5-2.8 s before 0684812d. The
 * sample's rule is unchanged: checked here with the run's admissions and reports as run-agents.ts
 * makes them, over a real compiled plan's example steps (sent unless the cache holds their key).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compilePlan } from '../../src/compiler/compile.js';
import type { ResolvedExample } from '../../src/compiler/datasets.js';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { exampleSteps } from '../../src/compiler/step-keys.js';
import { PreflightSample } from '../../src/executor/preflight-sample.js';
import type { GroupRuntime } from '../../src/executor/run-example.js';

let dir: string;
let compiled: GroupRuntime['compiled'];
let example: ResolvedExample;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa343-'));
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

/** A run of one repeat: failed (an agent's 422), a local refusal, or an answer. */
function runOf(kind: 'failed' | 'local' | 'ok', invoked: number) {
  const error =
    kind === 'ok'
      ? undefined
      : {
          kind: 'semantic_mismatch',
          message: 'refused',
          ...(kind === 'local' ? { details: { source: 'local' } } : {}),
        };
  return {
    lock: { errors: [error ? error.kind : null] },
    invoked,
    ...(error ? { firstError: error } : {}),
  } as never;
}

/**
 * Admits `cached` examples answered from the cache (`failedAt` says which failed) then `sent`
 * examples sending a request, each reported as it is admitted, as a batch run at concurrency 1;
 * returns the admissions' kinds in order and the verdict.
 */
async function runBatch(
  sample: PreflightSample,
  cached: number,
  kindAt: (i: number) => 'failed' | 'local' | 'ok',
  sent: { kind: 'failed' | 'ok' }[],
) {
  const examples = [
    ...Array.from({ length: cached }, (_, i) => ({ ...example, id: `c${i}` })),
    ...sent.map((_, i) => ({ ...example, id: `s${i}` })),
  ];
  // the cache holds the first `cached` examples' answers
  const store = new Set(
    examples.slice(0, cached).map((e) => exampleSteps(compiled.group, compiled.keys, e)[0]?.invokeKey),
  );
  const rt = { compiled, refresh: false, store } as unknown as GroupRuntime;
  const kinds: string[] = [];
  const started = performance.now();
  for (const [n, one] of examples.entries()) {
    const admission = await sample.admit(rt, one);
    kinds.push(admission.kind);
    if (admission.kind !== 'candidate' && admission.kind !== 'sample') continue;
    const cachedOne = n < cached;
    const kind = cachedOne ? kindAt(n) : (sent[n - cached]?.kind ?? 'ok');
    sample.report(admission.index, runOf(kind, cachedOne ? 0 : 1));
  }
  sample.close();
  const seconds = (performance.now() - started) / 1000;
  return { kinds, failed: sample.failed, members: sample.members.length, seconds };
}

describe('preflight sample after many cached failures', () => {
  it('reads 40,000 cached failures in linear time and fails on the sent one', async () => {
    const sample = new PreflightSample(3, () => false);
    const n = 40_000;
    const { kinds, failed, members, seconds } = await runBatch(sample, n, () => 'failed', [
      { kind: 'failed' },
      { kind: 'ok' },
    ]);
    // the first two cached failures are in the sample, with the one sent: run.preflight at most
    // (QA356: every cached failure before the first request was, n + 1)
    expect(members).toBe(3);
    expect(kinds.slice(0, n).every((k) => k === 'candidate')).toBe(true);
    expect(kinds.slice(n)).toEqual(['sample', 'held']);
    expect(failed).toBe(true);
    // the old walk read every member again at each report: 135 s for 90,000 on the shared 2 cores,
    // about 25 s for these; the linear one about 1 s: generous for a loaded machine
    expect(seconds).toBeLessThan(10);
  }, 60_000);

  it('leaves out the cached failures after a cached answer (a run whose sample had passed)', async () => {
    // e0 answered, then 14 failures among 19 (an agent failing some inputs); then 3 added: the
    // first fails, the next two answer. It sent f27 alone and held e28, e29 back: 'the first 15
    // examples all failed'; before 0684812d the sample was the three sent, which passed.
    const failedAt = new Set([1, 2, 4, 5, 6, 7, 8, 10, 11, 13, 15, 16, 17, 18]);
    const grown = await runBatch(
      new PreflightSample(3, () => false),
      20,
      (i) => (failedAt.has(i) ? 'failed' : 'ok'),
      [{ kind: 'failed' }, { kind: 'ok' }, { kind: 'ok' }],
    );
    expect(grown.kinds.slice(20)).toEqual(['sample', 'sample', 'sample']);
    expect(grown.failed).toBe(false);
    // a broken agent is still held back after its sample of the three it sent (QA318)
    const broken = await runBatch(
      new PreflightSample(3, () => false),
      20,
      (i) => (failedAt.has(i) ? 'failed' : 'ok'),
      [{ kind: 'failed' }, { kind: 'failed' }, { kind: 'failed' }, { kind: 'ok' }],
    );
    expect(broken.kinds.slice(20)).toEqual(['sample', 'sample', 'sample', 'held']);
    expect(broken.failed).toBe(true);
    // cached failures first (a sample cut short, QA334) are in it: one sent, then held back
    const resumed = await runBatch(new PreflightSample(3, () => false), 2, () => 'failed', [
      { kind: 'failed' },
      { kind: 'ok' },
    ]);
    expect(resumed.kinds.slice(2)).toEqual(['sample', 'held']);
  });

  it('passes when a cached refusal of evalc itself is among them, or the sent one answers', async () => {
    const refusal = await runBatch(
      new PreflightSample(3, () => false),
      9,
      (i) => (i === 7 ? 'local' : 'failed'),
      [{ kind: 'failed' }, { kind: 'failed' }],
    );
    // the two first failures and the refusal (QA356: the last place is for an example sent or
    // refused by evalc itself): full and passed at the refusal, so the sent ones are no member
    expect(refusal.kinds.slice(9)).toEqual(['passed', 'passed']);
    expect(refusal.failed).toBe(false);
    const answered = await runBatch(new PreflightSample(3, () => false), 9, () => 'failed', [
      { kind: 'ok' },
      { kind: 'failed' },
    ]);
    expect(answered.kinds.slice(9)).toEqual(['sample', 'passed']);
    expect(answered.failed).toBe(false);
  });
});
