/**
 * `evalc plan` after an apply whose examples failed agrees with what the next `apply` does. A
 * definitive failure (400 → contract_error, 422 → semantic_mismatch) is cached as the invoke's
 * result and nothing runs after it, so plan has no changes and apply is up to date; a transient
 * failure (a final 500) is retried by apply, so plan lists it with the reason. The fault of
 * every request is a pure function of (seed, example, n-th request): each example's fate is
 * computed here with `faultFor`, independently of evalc.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CountingAgent,
  type FaultOptions,
  faultFor,
  startCountingAgent,
} from '../fixtures/apply-counting-agent.mjs';
import {
  assertBuilt,
  countingExamples,
  lockResults,
  type PlanSpec,
  readLock,
  runCli,
  tempWorkspace,
  writeDataset,
  writePlan,
} from './apply-harness.js';

const N = 12;
const DEFINITIVE: FaultOptions = { seed: 3, rates: { '400': 0.2, '422': 0.2 } };
const TRANSIENT: FaultOptions = { seed: 5, rates: { '500': 0.4 } };
const KIND_OF: Record<string, string> = {
  '400': 'contract_error',
  '422': 'semantic_mismatch',
  '500': 'http_500',
};

interface PlanJson {
  exitCode: number;
  hasChanges: boolean;
  upToDate: boolean;
  skipped: number;
  counts: Record<string, { run: number; cached: number }>;
  rows: { symbol: string; kind: string; count: number; reason: string }[];
  steps: { kind: string; id: string; status: string; reason?: string }[];
}

let definitive: CountingAgent;
let transient: CountingAgent;
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  assertBuilt();
  definitive = await startCountingAgent({ faults: DEFINITIVE });
  transient = await startCountingAgent({ faults: TRANSIENT });
});
afterAll(async () => {
  await definitive.close();
  await transient.close();
  for (const c of cleanups) c();
});

/** The error kind of each example's n-th request (null: answered), by the fixture's pure fault function. */
function predict(faults: FaultOptions, n: number): Map<string, string | null> {
  const ids = countingExamples(N).map((e) => e.id);
  return new Map(ids.map((id) => [id, KIND_OF[faultFor(faults, id, 0, n)] ?? null]));
}

function workspace(spec: PlanSpec): string {
  const ws = tempWorkspace('plan-failures');
  cleanups.push(ws.cleanup);
  writeDataset(ws.dir, 'd1.jsonl', countingExamples(N));
  writePlan(ws.dir, spec);
  return ws.dir;
}

async function planJson(dir: string): Promise<PlanJson> {
  const run = await runCli(['plan', 'evalc.yaml', '--json'], { cwd: dir });
  const json = JSON.parse(run.stdout) as PlanJson;
  expect(json.exitCode).toBe(run.code);
  return json;
}

/** `invoke/a1/t1/d1/e3#0` → `e3`. */
const exampleOf = (stepId: string) => /\/(e\d+)#\d+(?:\/|$)/.exec(stepId)?.[1];

describe('evalc plan after definitive agent failures', () => {
  it('says No changes (exit 0) and apply is up to date: nothing runs after a definitive failure', async () => {
    const fates = predict(DEFINITIVE, 1);
    const failed = [...fates].filter(([, kind]) => kind !== null);
    // The seed ends examples both ways, with both kinds, and the preflight examples do not all fail.
    expect(new Set(failed.map(([, k]) => k))).toEqual(new Set(['contract_error', 'semantic_mismatch']));
    expect(failed.length).toBeLessThan(N);
    expect([...fates.values()].slice(0, 5).some((k) => k === null)).toBe(true);

    const dir = workspace({ agentUrl: definitive.url, limits: { retries: 2 } });
    definitive.reset();
    const apply = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(apply.stderr).not.toContain('internal error');
    expect(apply.code).toBe(0);
    for (const r of lockResults(dir))
      expect([r.example, r.errors?.[0] ?? null]).toEqual([r.example, fates.get(r.example)]);
    const lock = readLock(dir);

    const text = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(text.stdout).toMatch(/^No changes\./);
    expect(text.stdout).not.toContain('not in cache');
    // Every step is in the cache: the steps after the failures are not "recorded in evalc.lock only".
    expect(text.stdout).not.toContain('evalc.lock only');
    expect(text.stdout).toMatch(/, \d+ not run \(after a recorded failure/);
    expect(text.code).toBe(0);

    const json = await planJson(dir);
    expect(json).toMatchObject({ exitCode: 0, hasChanges: false, upToDate: true });
    for (const kind of ['invoke', 'extract', 'score', 'aggregate']) expect(json.counts[kind]?.run).toBe(0);
    // Per failed example: its extract and two scores (exact_match, pass_rate) never run.
    expect(json.skipped).toBe(failed.length * 3);
    const skipped = json.steps.filter((s) => s.status === 'skipped');
    expect(skipped).toHaveLength(failed.length * 3);
    for (const step of skipped) {
      const kind = fates.get(exampleOf(step.id) ?? '');
      expect(kind).not.toBeNull();
      expect(step.reason).toBe(`its invoke failed definitively (${kind})`);
    }

    definitive.reset();
    const again = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('evalc.lock is up to date');
    expect(definitive.stats().invokes).toBe(0);
    expect(readLock(dir)).toBe(lock);
  });

  it('re-scores only the answered examples when a metric changes, and lists no step of a failed one', async () => {
    const fates = predict(DEFINITIVE, 1);
    const answered = [...fates.values()].filter((k) => k === null).length;
    const spec: PlanSpec = { agentUrl: definitive.url, limits: { retries: 2 } };
    const dir = workspace(spec);
    definitive.reset();
    expect((await runCli(['apply', 'evalc.yaml'], { cwd: dir })).code).toBe(0);

    writePlan(dir, {
      ...spec,
      metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' }],
    });
    const json = await planJson(dir);
    expect(json).toMatchObject({ exitCode: 2, hasChanges: true, upToDate: false });
    expect(json.counts.invoke?.run).toBe(0);
    expect(json.counts.extract?.run).toBe(0);
    // exact_match's params changed; pass_rate derives from it: two scores per answered example.
    expect(json.counts.score?.run).toBe(answered * 2);
    for (const step of json.steps.filter((s) => s.status === 'changed' && s.kind !== 'aggregate'))
      expect(fates.get(exampleOf(step.id) ?? '')).toBeNull();
    expect(json.rows.filter((r) => r.kind === 'extract')).toEqual([]);

    definitive.reset();
    const apply = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(apply.code).toBe(0);
    expect(definitive.stats().invokes).toBe(0);
    const after = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(after.stdout).toMatch(/^No changes\./);
    expect(after.code).toBe(0);
  });
});

describe('evalc plan after transient agent failures', () => {
  it('lists the failed invokes as work with the previous error kind, and apply retries exactly those', async () => {
    const first = predict(TRANSIENT, 1);
    const failed = [...first].filter(([, k]) => k !== null).map(([id]) => id);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.length).toBeLessThan(N);
    expect([...first.values()].slice(0, 5).some((k) => k === null)).toBe(true);

    const dir = workspace({ agentUrl: transient.url, limits: { retries: 0 } });
    transient.reset();
    const apply = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(apply.code).toBe(0);
    expect(apply.stdout).toContain(`${failed.length} errors (http_500 ${failed.length})`);

    const text = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(text.code).toBe(2);
    expect(text.stdout).toMatch(
      new RegExp(
        `~ invoke +counting/t1\\[a1\\] +${failed.length} examples? +because the previous attempt failed \\(http_500\\)`,
      ),
    );
    const json = await planJson(dir);
    expect(json).toMatchObject({ exitCode: 2, hasChanges: true, upToDate: false, skipped: 0 });
    const invokes = json.steps.filter((s) => s.kind === 'invoke' && s.status === 'changed');
    expect(invokes.map((s) => exampleOf(s.id)).sort()).toEqual([...failed].sort());
    for (const s of invokes) expect(s.reason).toBe('because the previous attempt failed (http_500)');
    const extracts = json.steps.filter((s) => s.kind === 'extract' && s.status === 'changed');
    expect(extracts.map((s) => exampleOf(s.id)).sort()).toEqual([...failed].sort());
    for (const s of extracts) expect(s.reason).toBe('because its invoke runs');

    // The retry is the failed examples' second request; the agent's counters are not reset.
    const before = transient.stats().received;
    const retry = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(retry.code).toBe(0);
    const received = transient.stats().received;
    const retried = Object.keys(received).filter((k) => received[k] !== before[k]);
    expect(retried.sort()).toEqual(failed.map((id) => `${id}#0`).sort());

    const second = predict(TRANSIENT, 2);
    const stillFailed = failed.filter((id) => second.get(id) !== null);
    const after = await planJson(dir);
    expect(after.hasChanges).toBe(stillFailed.length > 0);
    expect(after.counts.invoke?.run).toBe(stillFailed.length);
  });
});
