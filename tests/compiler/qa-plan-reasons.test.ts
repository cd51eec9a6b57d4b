/**
 * `evalc plan` names the true reason a step re-runs when nothing in the plan changed the step:
 * a cache folder that lacks what evalc.lock recorded is "not in cache" (not "the example changed"),
 * and a score re-run because an example's expected value changed says so (not "not in cache").
 */
import { describe, expect, it } from 'vitest';
import type { CompiledPlan } from '../../src/compiler/compile.js';
import { type CacheView, planRun } from '../../src/compiler/plan-run.js';
import type { Lockfile } from '../../src/lockfile/types.js';
import { compileFiles } from './plan-helpers.js';

const plan = (e2Expected: string, instructions = 'Answer.', repeats = 1, trace = false) => ({
  'evalc.yaml': `evalc: 1
benchmark: { id: why, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    instructions: "${instructions}"
    bindings:
      default:
        input: { q: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
      d: { source: data.jsonl }
    metrics:
      - { type: contains, candidate: answer, expected: answer }
run: { repeats: ${repeats}, trace: ${trace} }
`,
  'data.jsonl': `{"id":"e1","vars":{"q":"a"},"expected":{"answer":"a"}}\n{"id":"e2","vars":{"q":"b"},"expected":{"answer":"${e2Expected}"}}\n`,
});

/** Step keys by id for a plan of an empty cache. */
function keysOf(compiled: CompiledPlan): Map<string, string> {
  const steps = planRun(compiled, { has: () => false }, undefined, { listSteps: true }).steps ?? [];
  return new Map(steps.flatMap((s) => (s.key === undefined ? [] : [[s.id, s.key] as const])));
}

/** The lock an apply of `compiled` writes (every key recorded), marked incomplete so plan walks the steps. */
function lockOf(compiled: CompiledPlan, keys: Map<string, string>): Lockfile {
  const cg = compiled.groups[0]!;
  const row = (example: string) => ({
    group: cg.group.id,
    example,
    weight: 1,
    invoke: [keys.get(`invoke/a1/t/d/${example}#0`)!],
    pass: true,
    metrics: { contains: { key: keys.get(`score/a1/t/d/${example}#0/contains`)!, score: 1 } },
  });
  return {
    plan: { digest: compiled.resolved.planDigest, benchmark: { id: 'why', version: '1.0.0' } },
    agents: {
      a1: { protocol: 'raip', endpoint: 'http://127.0.0.1:7101', digest: compiled.agentDigests.a1! },
    },
    groups: {
      [cg.group.id]: {
        agent: 'a1',
        task: 't',
        dataset: 'd',
        binding: cg.group.bindingName,
        agentDigest: cg.agentDigest,
        inputDigest: cg.group.templateDigest,
        outputDigest: cg.group.outputDigest,
        datasetSha256: cg.group.dataset.sha256,
        metrics: Object.fromEntries(
          cg.group.metrics.map((m) => [
            m.id,
            { type: m.type, version: m.version, digest: m.digest, config: m.config },
          ]),
        ),
      },
    },
    results: [row('e1'), row('e2')],
    run: { repeats: 1, seed: 7, bootstrap: 1000, significance: 0.05, trace: false },
    steps: { complete: false, digest: 'not compared by plan', errors: {} },
  } as unknown as Lockfile;
}

const cacheOf = (keys: string[]): CacheView => ({ has: (key) => keys.includes(key) });

describe('plan reasons when the plan itself did not change the step', () => {
  it('says "not in cache" for an invoke the lock recorded but the cache lacks', async () => {
    const compiled = await compileFiles(plan('b'));
    const keys = keysOf(compiled);
    const result = planRun(compiled, cacheOf([]), lockOf(compiled, keys));
    const invoke = result.rows.find((r) => r.kind === 'invoke');
    expect(invoke).toMatchObject({ symbol: '~', count: 2, reason: 'not in cache' });
  });

  it('says the example changed for a score whose expected value changed (invoke and extract cached)', async () => {
    const before = await compileFiles(plan('b'));
    const lock = lockOf(before, keysOf(before));
    const after = await compileFiles(plan('B'));
    const keys = keysOf(after);
    const cached = [...keys].filter(([id]) => !id.endsWith('e2#0/contains')).map(([, key]) => key);
    const result = planRun(after, cacheOf(cached), lock, { listSteps: true });
    expect(result.rows.filter((r) => r.kind !== 'aggregate')).toEqual([
      expect.objectContaining({
        kind: 'score',
        symbol: '~',
        count: 1,
        reason: 'because the example changed (expected or another field, not the request)',
      }),
    ]);
    // The invoke keys did not change: only the expected value differs.
    expect(keys.get('invoke/a1/t/d/e2#0')).toBe(lock.results[1]!.invoke[0]);
  });

  it('names the task instructions when they are what changed every invoke key', async () => {
    const before = await compileFiles(plan('b'));
    const lock = lockOf(before, keysOf(before));
    const after = await compileFiles(plan('b', 'Answer briefly.'));
    const result = planRun(after, cacheOf([]), lock);
    expect(result.rows.find((r) => r.kind === 'invoke')).toMatchObject({
      symbol: '~',
      count: 2,
      reason: "because the task's instructions changed (tasks.t.instructions)",
    });
  });

  it('calls the invokes of added repeats new, not an instructions change', async () => {
    const before = await compileFiles(plan('b'));
    const lock = lockOf(before, keysOf(before));
    const after = await compileFiles(plan('b', 'Answer.', 3));
    const keys = keysOf(after);
    const result = planRun(
      after,
      cacheOf([...keys.values()].filter((k) => lock.results.some((r) => r.invoke[0] === k))),
      lock,
    );
    expect(result.rows.find((r) => r.kind === 'invoke')).toMatchObject({
      symbol: '+',
      count: 4,
      reason: 'new repeat (run.repeats was 1)',
    });
  });

  it('names run.trace when it is what changed every invoke key', async () => {
    const before = await compileFiles(plan('b'));
    const lock = lockOf(before, keysOf(before));
    const after = await compileFiles(plan('b', 'Answer.', 1, true));
    expect(planRun(after, cacheOf([]), lock).rows.find((r) => r.kind === 'invoke')).toMatchObject({
      symbol: '~',
      count: 2,
      reason: 'because run.trace changed (false → true)',
    });
  });

  it("names an agent's changed url", async () => {
    const before = await compileFiles(plan('b'));
    const lock = lockOf(before, keysOf(before));
    const moved = plan('b');
    moved['evalc.yaml'] = moved['evalc.yaml'].replace('127.0.0.1:7101', '127.0.0.1:7202');
    const after = await compileFiles(moved);
    expect(planRun(after, cacheOf([]), lock).rows.find((r) => r.kind === 'invoke')).toMatchObject({
      symbol: '~',
      reason: "because agent a1's url changed (http://127.0.0.1:7101 → http://127.0.0.1:7202)",
    });
  });
});
