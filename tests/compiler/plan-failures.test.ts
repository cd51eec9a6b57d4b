/**
 * `planRun` follows apply's rules after failed steps: a lock that records the run and left
 * nothing to retry means no changes (even for an errored score that is not cached); otherwise an
 * uncached step runs, except what follows a definitive invoke failure or a failed extraction
 * (apply records those examples' metrics from the failure and runs nothing after it).
 */
import { describe, expect, it } from 'vitest';
import type { CompiledPlan } from '../../src/compiler/compile.js';
import { type CacheView, planRun } from '../../src/compiler/plan-run.js';
import type { Lockfile, LockResult } from '../../src/lockfile/types.js';
import { EVALC_VERSION } from '../../src/version.js';
import { compileFiles } from './plan-helpers.js';

const PLAN = {
  'evalc.yaml': `evalc: 1
benchmark: { id: fails, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings:
      default:
        input: { q: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
      d: { source: data.jsonl }
    metrics:
      - { type: contains, candidate: answer, expected: answer }
run: { repeats: 1, seed: 7 }
`,
  'data.jsonl':
    '{"id":"e1","vars":{"q":"a"},"expected":{"answer":"a"}}\n{"id":"e2","vars":{"q":"b"},"expected":{"answer":"b"}}\n',
};

interface Keys {
  invoke: string;
  extract: string;
  score: string;
}

/** Each example's step keys, read from a plan of an empty cache. */
function keysOf(compiled: CompiledPlan): Map<string, Keys> {
  const steps = planRun(compiled, { has: () => false }, undefined, { listSteps: true }).steps ?? [];
  const key = (id: string) => steps.find((s) => s.id === id)?.key ?? '';
  const out = new Map<string, Keys>();
  for (const example of ['e1', 'e2']) {
    const base = `a1/t/d/${example}#0`;
    out.set(example, {
      invoke: key(`invoke/${base}`),
      extract: key(`extract/${base}`),
      score: key(`score/${base}/contains`),
    });
  }
  return out;
}

/** A lock as apply writes it for this plan: every key recorded; `errors` per example. */
function lockOf(
  compiled: CompiledPlan,
  keys: Map<string, Keys>,
  options: { complete: boolean; errors?: Record<string, string>; scoreErrors?: string[]; drop?: string },
): Lockfile {
  const cg = compiled.groups[0]!;
  const group = cg.group.id;
  const results: LockResult[] = [...keys]
    .filter(([example]) => example !== options.drop)
    .map(([example, k]) => ({
      group,
      example,
      weight: 1,
      invoke: [k.invoke],
      ...(options.errors?.[example] ? { errors: [options.errors[example]!] } : {}),
      pass: false,
      metrics: {
        contains: {
          key: k.score,
          score: options.scoreErrors?.includes(example) ? null : 1,
          ...(options.scoreErrors?.includes(example) ? { error: 'judge_error', errors: 1 } : {}),
        },
      },
    }));
  return {
    evalc: EVALC_VERSION,
    plan: { digest: compiled.resolved.planDigest, benchmark: { id: 'fails', version: '1.0.0' } },
    agents: {
      a1: { protocol: 'raip', endpoint: 'http://127.0.0.1:7101', digest: compiled.agentDigests.a1! },
    },
    groups: {
      [group]: {
        agent: 'a1',
        task: 't',
        dataset: 'd',
        binding: cg.group.bindingName,
        agentDigest: cg.agentDigest,
        inputDigest: cg.group.templateDigest,
        outputDigest: cg.group.outputDigest,
        metrics: Object.fromEntries(
          cg.group.metrics.map((m) => [
            m.id,
            { type: m.type, version: m.version, digest: m.digest, config: m.config },
          ]),
        ),
      },
    },
    results,
    steps: { complete: options.complete, digest: 'not compared by plan', errors: {} },
  } as unknown as Lockfile;
}

/** A cache holding the given keys with their kinds. */
function cacheOf(entries: [string, string][]): CacheView {
  const kinds = new Map(entries);
  return { has: (key) => kinds.has(key), kindOf: (key) => kinds.get(key) };
}

async function setup() {
  const compiled = await compileFiles(PLAN);
  const keys = keysOf(compiled);
  const e1 = keys.get('e1')!;
  const e2 = keys.get('e2')!;
  for (const k of [e1, e2]) for (const key of Object.values(k)) expect(key).toMatch(/^k1:/);
  return { compiled, keys, e1, e2 };
}

describe('planRun after failed steps', () => {
  it('has no changes when the lock records the run, though a score that errored is not cached', async () => {
    const { compiled, keys, e1, e2 } = await setup();
    const lock = lockOf(compiled, keys, { complete: true, scoreErrors: ['e2'] });
    const cache = cacheOf([
      [e1.invoke, 'invoke'],
      [e1.extract, 'extract'],
      [e1.score, 'score'],
      [e2.invoke, 'invoke'],
      [e2.extract, 'extract'],
    ]);
    const plan = planRun(compiled, cache, lock, { listSteps: true });
    expect(plan).toMatchObject({ hasChanges: false, upToDate: true, skipped: 1, rows: [] });
    expect(plan.counts.score).toEqual({ run: 0, cached: 1 });
    expect(plan.steps?.find((s) => s.key === e2.score)).toMatchObject({
      status: 'skipped',
      reason: expect.stringContaining('up to date'),
    });
  });

  it('re-runs that score, saying it failed, when the lock left something to retry or lacks an example', async () => {
    const { compiled, keys, e1, e2 } = await setup();
    const cache = cacheOf([
      [e1.invoke, 'invoke'],
      [e1.extract, 'extract'],
      [e2.invoke, 'invoke'],
      [e2.extract, 'extract'],
    ]);
    // e1's score is missing from the cache too; e2's errored last time.
    const incomplete = planRun(
      compiled,
      cache,
      lockOf(compiled, keys, { complete: false, scoreErrors: ['e2'] }),
      {
        listSteps: true,
      },
    );
    expect(incomplete).toMatchObject({ hasChanges: true, upToDate: false, skipped: 0 });
    expect(incomplete.counts.score).toEqual({ run: 2, cached: 0 });
    expect(incomplete.steps?.find((s) => s.key === e2.score)?.reason).toBe(
      'because the previous attempt failed (judge_error)',
    );
    expect(incomplete.steps?.find((s) => s.key === e1.score)?.reason).toBe('not in cache');

    const partial = planRun(compiled, cache, lockOf(compiled, keys, { complete: true, drop: 'e1' }));
    expect(partial).toMatchObject({ hasChanges: true, upToDate: false });
    expect(partial.counts.score.run).toBe(2);
  });

  it('runs nothing after an invoke cached as a definitive failure', async () => {
    const { compiled, keys, e1, e2 } = await setup();
    // Not up to date (e1 failed transiently): the walk decides step by step.
    const lock = lockOf(compiled, keys, { complete: false, errors: { e1: 'timeout', e2: 'contract_error' } });
    const cache = cacheOf([[e2.invoke, 'invoke-failed']]);
    const plan = planRun(compiled, cache, lock, { listSteps: true });
    expect(plan.counts.invoke).toEqual({ run: 1, cached: 1 });
    expect(plan.counts.extract).toEqual({ run: 1, cached: 0 });
    expect(plan.counts.score).toEqual({ run: 1, cached: 0 });
    expect(plan.skipped).toBe(2);
    for (const key of [e2.extract, e2.score])
      expect(plan.steps?.find((s) => s.key === key)).toMatchObject({
        status: 'skipped',
        reason: 'its invoke failed definitively (contract_error)',
      });
    expect(plan.steps?.find((s) => s.key === e1.invoke)?.reason).toBe(
      'because the previous attempt failed (timeout)',
    );
    expect(plan.rows.map((r) => `${r.kind} ${r.count} ${r.reason}`)).toEqual([
      'invoke 1 because the previous attempt failed (timeout)',
      'extract 1 because its invoke runs',
      'score 1 because its extract runs',
      'aggregate 3 because scores changed',
    ]);
  });

  it('scores nothing from a cached extraction that failed, unless the extraction changed', async () => {
    const { compiled, keys, e1, e2 } = await setup();
    const lock = lockOf(compiled, keys, { complete: false, errors: { e2: 'extraction_failed' } });
    const cache = cacheOf([
      [e1.invoke, 'invoke'],
      [e1.extract, 'extract'],
      [e1.score, 'score'],
      [e2.invoke, 'invoke'],
      [e2.extract, 'extract'],
    ]);
    const plan = planRun(compiled, cache, lock, { listSteps: true });
    expect(plan).toMatchObject({ hasChanges: false, upToDate: false, skipped: 1 });
    expect(plan.steps?.find((s) => s.key === e2.score)).toMatchObject({
      status: 'skipped',
      reason: 'its extraction failed',
    });
    // The same cache without the lock's record of the failure: the score is work.
    const unknown = planRun(compiled, cache, lockOf(compiled, keys, { complete: false }));
    expect(unknown.counts.score.run).toBe(1);
  });
});
