/**
 * `evalc plan`: the text and JSON views of what apply would do, with a cache and a lockfile
 * crafted by hand from a compiled plan (LogStore.put + writeLockFile), so `=` cached counts
 * and `~` reasons can be checked before the apply engine writes them itself.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planCommand } from '../../src/cli/plan.js';
import type { CompiledPlan } from '../../src/compiler/compile.js';
import { groupSteps } from '../../src/compiler/step-keys.js';
import { LogStore } from '../../src/executor/cache-store.js';
import { writeLockFile } from '../../src/lockfile/serialize.js';
import type { LockAgent, Lockfile, LockGroup, LockResult } from '../../src/lockfile/types.js';
import { compileDir } from '../compiler/plan-helpers.js';
import { tempFolder } from '../fixtures/temp-folder.js';
import { FIXTURE_PLANS, runCommand } from './run-cli.js';

/** A private copy of the basic fixture plan, optionally edited. */
function basicCopy(edit: (plan: string) => string = (p) => p, dataset?: (rows: string) => string): string {
  const dir = tempFolder('evalc-plan-');
  cpSync(path.join(FIXTURE_PLANS, 'basic'), dir, { recursive: true });
  const planFile = path.join(dir, 'evalc.yaml');
  writeFileSync(planFile, edit(readFileSync(planFile, 'utf8')));
  if (dataset) {
    const rows = path.join(dir, 'datasets/search.jsonl');
    writeFileSync(rows, dataset(readFileSync(rows, 'utf8')));
  }
  return dir;
}

/** The lockfile an apply of `compiled` would leave (only what `plan` reads is filled in). */
function lockFor(compiled: CompiledPlan): Lockfile {
  const plan = compiled.resolved.plan;
  const groups: Record<string, LockGroup> = {};
  const agents: Record<string, LockAgent> = {};
  const results: LockResult[] = [];
  for (const { group, agentDigest, keys } of compiled.groups) {
    groups[group.id] = {
      agent: group.agentId,
      task: group.taskId,
      dataset: group.datasetId,
      binding: group.bindingName,
      agentDigest,
      inputDigest: group.templateDigest,
      outputDigest: group.outputDigest,
      datasetSha256: group.dataset.sha256,
      taskWeight: plan.tasks[group.taskId]!.weight,
      datasetWeight: group.dataset.weight,
      metrics: Object.fromEntries(
        group.metrics.map((m) => [
          m.id,
          { type: m.type, version: m.version, digest: m.digest, config: m.config },
        ]),
      ),
    };
    const agent = plan.agents[group.agentId]!;
    agents[group.agentId] = { protocol: agent.protocol, endpoint: agent.url ?? '', digest: agentDigest };
    for (const step of groupSteps(group, keys)) {
      results.push({
        group: group.id,
        example: step.example.id,
        weight: step.example.weight,
        invoke: [step.invokeKey ?? null],
        pass: true,
        metrics: Object.fromEntries(
          Object.entries(step.scoreKeys).map(([id, key]) => [id, { score: 1, key }]),
        ),
      });
    }
  }
  return {
    evalc: '0.1.0',
    language: 1,
    lockVersion: 1,
    plan: {
      digest: compiled.resolved.planDigest,
      benchmark: { id: plan.benchmark.id, version: plan.benchmark.version },
    },
    run: {
      repeats: plan.run.repeats,
      seed: plan.run.seed,
      bootstrap: plan.run.bootstrap,
      significance: plan.run.significance,
      trace: plan.run.trace,
    },
    datasets: Object.fromEntries(
      compiled.resolved.datasets.map((d) => [
        `${d.taskId}/${d.datasetId}`,
        { source: d.source, format: d.format, sha256: d.sha256, examples: d.examples.length },
      ]),
    ),
    agents,
    judges: {},
    groups,
    results,
    aggregates: {},
    gates: [],
    volatile: {},
  };
}

/** Writes every step of `compiled` into the plan folder's cache and its lockfile, as apply would. */
async function applyByHand(dir: string): Promise<void> {
  const compiled = await compileDir(dir);
  const store = new LogStore(path.join(dir, '.evalc/cache'));
  for (const { group, keys } of compiled.groups) {
    for (const step of groupSteps(group, keys)) {
      store.put(step.invokeKey!, 'invoke', { output: { answer: 'x' } });
      store.put(step.extractKey!, 'extract', { answer: 'x' });
      for (const key of Object.values(step.scoreKeys)) store.put(key, 'score', { score: 1 });
    }
  }
  store.close();
  writeLockFile(path.join(dir, 'evalc.lock'), lockFor(compiled));
}

/** A private copy of the basic plan with its cache and lockfile written as apply would. */
async function appliedCopy(): Promise<string> {
  const dir = basicCopy();
  await applyByHand(dir);
  return dir;
}

/** Replaces `from`, which must be there, with `to` in the file `name` of `dir`. */
function replaceIn(dir: string, name: string, from: string, to: string): void {
  const file = path.join(dir, name);
  const text = readFileSync(file, 'utf8');
  expect(text, `${name} holds the text the test edits`).toContain(from);
  writeFileSync(file, text.replace(from, to));
}

const SECRET = 'tok-SECRET-4242-do-not-print';
const plan = (dir: string, ...args: string[]) =>
  runCommand(planCommand, ['evalc.yaml', ...args], { cwd: dir, env: { BASIC_TOKEN: SECRET } });

interface PlanJson {
  ok: boolean;
  exitCode: number;
  hasChanges: boolean;
  counts: Record<string, { run: number; cached: number }>;
  rows: { symbol: string; kind: string; target: string; count: number; reason: string }[];
  steps: { kind: string; id: string; key: string; status: string; reason?: string }[];
  diagnostics: unknown[];
}

describe('evalc plan with no cache and no lockfile', () => {
  it('counts runs (example × repeat), not examples, when the plan has repeats', async () => {
    const result = await plan(basicCopy((p) => p.replace('repeats: 1', 'repeats: 3')));
    expect(result.code).toBe(2);
    expect(result.stdout).toMatch(/\+ invoke +basic\/search\[a1\] +12 runs +new/);
    expect(result.stdout).toContain(
      'Plan: 12 to invoke, 12 to extract, 24 to score, 4 to aggregate; 0 cached.',
    );
  });

  it('lists every step as new and exits 2', async () => {
    const result = await plan(basicCopy());
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatchInlineSnapshot(`
      "evalc will perform the following steps:
        + invoke     basic/search[a1]                   4 examples   new
        + extract    basic/search[a1]                   4 examples   new
        + score      basic/search[a1]/exact_match       4 examples   new
        + score      basic/search[a1]/pass_rate         4 examples   new
        + aggregate  basic                              4 nodes      new
      Plan: 4 to invoke, 4 to extract, 8 to score, 4 to aggregate; 0 cached.
      "
    `);
  });

  it('prints every step in --json, with the exit code as a field', async () => {
    const result = await plan(basicCopy(), '--json');
    expect(result.code).toBe(2);
    const json = JSON.parse(result.stdout) as PlanJson;
    expect(json).toMatchObject({
      ok: true,
      exitCode: 2,
      hasChanges: true,
      benchmark: 'basic',
      renderFailures: 0,
      diagnostics: [],
    });
    expect(json.counts).toEqual({
      invoke: { run: 4, cached: 0 },
      extract: { run: 4, cached: 0 },
      score: { run: 8, cached: 0 },
      aggregate: { run: 4, cached: 0 },
    });
    // The 2 dataset fetch steps and the agent's first (QA40: DESIGN §1's fetch → examples + sha256), then 16
    // invoke/extract/score steps and the 4 aggregate nodes (DESIGN §1's step table).
    expect(json.steps.slice(0, 3)).toEqual([
      {
        kind: 'fetch',
        id: 'fetch/dataset/search/course-search',
        status: 'new',
        reason: 'new',
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        examples: 3,
      },
      expect.objectContaining({ kind: 'fetch', id: 'fetch/dataset/search/inline', status: 'new' }),
      // Then each agent's (QA47: `evalc graph` had `fetch/agent/a1`, plan --json did not).
      {
        kind: 'fetch',
        id: 'fetch/agent/a1',
        status: 'new',
        reason: 'new',
        digest: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    ]);
    json.steps = json.steps.slice(3);
    expect(json.steps).toHaveLength(20);
    expect(new Set(json.steps.map((s) => s.id)).size).toBe(20);
    expect(json.steps.filter((s) => s.kind === 'aggregate')).toEqual([
      {
        kind: 'aggregate',
        id: 'aggregate/a1/search/course-search',
        status: 'new',
        reason: 'new',
      },
      { kind: 'aggregate', id: 'aggregate/a1/search/inline', status: 'new', reason: 'new' },
      { kind: 'aggregate', id: 'aggregate/task/search', status: 'new', reason: 'new' },
      { kind: 'aggregate', id: 'aggregate/benchmark', status: 'new', reason: 'new' },
    ]);
    expect(json.steps.slice(0, 4).map((s) => s.id)).toEqual([
      'invoke/a1/search/course-search/s1#0',
      'extract/a1/search/course-search/s1#0',
      'score/a1/search/course-search/s1#0/exact_match',
      'score/a1/search/course-search/s1#0/pass_rate',
    ]);
    for (const step of json.steps.filter((s) => s.kind !== 'aggregate')) {
      expect(step.key).toMatch(/^k1:[0-9a-f]{64}$/);
      expect(step).toMatchObject({ status: 'new', reason: 'new' });
    }
  });

  it('never prints a header secret taken from the environment', async () => {
    const dir = basicCopy((p) => p.replace('Bearer ${env.BASIC_TOKEN}', `Bearer \${env.BASIC_TOKEN}`));
    for (const args of [[], ['--json']]) {
      const result = await plan(dir, ...args);
      expect(result.stdout + result.stderr).not.toContain(SECRET);
      expect(result.stdout + result.stderr).not.toContain('4242');
    }
  });

  it('exits 64 for an unknown flag and 65 for an invalid plan', async () => {
    expect((await plan(basicCopy(), '--bogus')).code).toBe(64);
    const invalid = await plan(basicCopy((p) => p.replace('protocol: raip', 'protocol: rapi')));
    expect(invalid.code).toBe(65);
    expect(invalid.stderr).toContain('evalc.yaml:5:15: error EVALC_SCHEMA_VALUE');
  });
});

describe('evalc plan --only', () => {
  it('plans one dataset of one task', async () => {
    const json = JSON.parse(
      (await plan(basicCopy(), '--only', 'search/inline', '--json')).stdout,
    ) as PlanJson;
    expect(json.counts.invoke).toEqual({ run: 1, cached: 0 });
    expect(json.steps.map((s) => s.id)).toContain('invoke/a1/search/inline/i1#0');
  });

  it('refuses a task or dataset that does not exist instead of planning nothing', async () => {
    const task = await plan(basicCopy(), '--only', 'serch');
    expect(task.code).toBe(65);
    expect(task.stderr).toBe(
      'error EVALC_ONLY_UNKNOWN: --only names unknown task `serch`\n  hint: did you mean `search`?\n1 error, 0 warnings\n',
    );
    const dataset = await plan(basicCopy(), '--only', 'search/nope');
    expect(dataset.code).toBe(65);
    expect(dataset.stderr).toContain('--only names unknown dataset `nope` of task search');
    // A third part was dropped: `search/inline/x` planned search/inline (QA21).
    const extra = await plan(basicCopy(), '--only', 'search/inline/x');
    expect(extra.code).toBe(65);
    expect(extra.stderr).toContain('--only takes task or task/dataset, not `search/inline/x` (3 parts)');
  });
});

describe('evalc plan notes on agents that do not answer /info', () => {
  it('says a new agent (not in evalc.lock) will be asked by apply, not that it is planned from the lock', async () => {
    const dir = await appliedCopy();
    replaceIn(
      dir,
      'evalc.yaml',
      '\ntasks:',
      '\n  a2: { protocol: raip, url: "http://127.0.0.1:7198" }\ntasks:',
    );
    const result = await plan(dir);
    expect(result.stderr).toContain('agent a2 did not answer /info; apply will ask it');
    expect(result.stderr).not.toContain('agent a2 did not answer /info: planned with its identity');
  });
});

describe('evalc plan against a cache and a lockfile', () => {
  it('has nothing to do for an unchanged plan: exit 0, everything cached', async () => {
    const dir = await appliedCopy();
    const text = await plan(dir);
    expect(text.code).toBe(0);
    expect(text.stdout).toBe('No changes. 20 steps cached; apply would call no agent.\n');
    const json = JSON.parse((await plan(dir, '--json')).stdout) as PlanJson;
    expect(json).toMatchObject({ ok: true, exitCode: 0, hasChanges: false, rows: [] });
    expect(json.steps.every((s) => s.status === 'cached' && s.reason === undefined)).toBe(true);
  });

  it('lists a dataset whose content changed as a changed fetch step, with both pins (QA40)', async () => {
    const dir = await appliedCopy();
    const before = JSON.parse((await plan(dir, '--json')).stdout) as PlanJson;
    const fetches = before.steps.filter((s) => s.kind === 'fetch');
    expect(fetches.map((s) => [s.id, s.status])).toEqual([
      ['fetch/dataset/search/course-search', 'cached'],
      ['fetch/dataset/search/inline', 'cached'],
      ['fetch/agent/a1', 'cached'],
    ]);
    const rows = path.join(dir, 'datasets/search.jsonl');
    writeFileSync(rows, `${readFileSync(rows, 'utf8')}{"id":"s9","vars":{"user_query":"new","k":1}}\n`);
    const after = JSON.parse((await plan(dir, '--json')).stdout) as PlanJson;
    const changed = after.steps.find((s) => s.id === 'fetch/dataset/search/course-search') as unknown as {
      status: string;
      reason: string;
      sha256: string;
      examples: number;
    };
    const was = (fetches[0] as unknown as { sha256: string }).sha256;
    expect(changed).toMatchObject({ status: 'changed', examples: 4 });
    expect(changed.sha256).not.toBe(was);
    expect(changed.reason).toBe(
      `because its content changed (sha256 ${was.slice(0, 12)}… → ${changed.sha256.slice(0, 12)}…, 3 → 4 examples)`,
    );
  });

  it('re-scores only, naming the parameter, when a metric parameter changes', async () => {
    const dir = await appliedCopy();
    replaceIn(dir, 'evalc.yaml', 'mode: set', 'mode: list');
    const result = await plan(dir);
    expect(result.code).toBe(2);
    expect(result.stdout).toMatchInlineSnapshot(`
      "evalc will perform the following steps:
        ~ score      basic/search[a1]/exact_match       4 examples   because metric params changed (mode: set → list)
        ~ score      basic/search[a1]/pass_rate         4 examples   because the metrics it derives from changed
        ~ aggregate  basic                              4 nodes      because scores changed
      Plan: 0 to invoke, 0 to extract, 8 to score, 4 to aggregate; 8 cached.
      "
    `);
    const json = JSON.parse((await plan(dir, '--json')).stdout) as PlanJson;
    expect(json.counts.invoke).toEqual({ run: 0, cached: 4 });
    expect(json.counts.extract).toEqual({ run: 0, cached: 4 });
  });

  it('names a threshold or gate change on the derived metric, its only row (QA119)', async () => {
    const dir = await appliedCopy();
    replaceIn(dir, 'evalc.yaml', 'threshold: 1 }', 'threshold: 0.5, gate: true }');
    const result = await plan(dir);
    expect(result.code).toBe(2);
    expect(result.stdout).toMatchInlineSnapshot(`
      "evalc will perform the following steps:
        ~ score      basic/search[a1]/pass_rate         4 examples   because the metrics it derives from changed (exact_match threshold 1 → 0.5, exact_match gate none → true)
        ~ aggregate  basic                              4 nodes      because scores changed
      Plan: 0 to invoke, 0 to extract, 4 to score, 4 to aggregate; 12 cached.
      "
    `);
  });

  it('names a weight, a moved dataset file or the benchmark version, which change no step (QA119)', async () => {
    const dir = await appliedCopy();
    cpSync(path.join(dir, 'datasets/search.jsonl'), path.join(dir, 'datasets/moved.jsonl'));
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      readFileSync(path.join(dir, 'evalc.yaml'), 'utf8')
        .replace('source: datasets/search.jsonl, weight: 2', 'source: datasets/moved.jsonl, weight: 3')
        .replace('version: 1.0.0', 'version: 1.1.0'),
    );
    const result = await plan(dir);
    expect(result.code).toBe(2);
    expect(result.stdout).toContain(
      'because the plan changed (no step changes: benchmark.version 1.0.0 → 1.1.0, tasks.search.datasets.course-search.source datasets/search.jsonl → datasets/moved.jsonl, same content, tasks.search.datasets.course-search.weight 2 → 3)',
    );
  });

  it('names a gate given another bound, added or removed, against the gates evalc.lock recorded (QA119)', async () => {
    const dir = await appliedCopy();
    const lockPath = path.join(dir, 'evalc.lock');
    const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as Lockfile;
    lock.gates = [
      {
        metric: 'pass_rate',
        scope: 'benchmark',
        agent: 'a1',
        kind: 'min',
        passed: true,
        actual: 1,
        message: 'pass_rate = 1 at benchmark for a1; required ≥ 0.5',
      },
    ];
    writeLockFile(lockPath, lock);
    replaceIn(
      dir,
      'evalc.yaml',
      '{ metric: pass_rate, scope: benchmark, min: 0.5 }',
      '{ metric: pass_rate, scope: benchmark, min: 0.8 }\n  - { metric: exact_match, scope: benchmark, max: 0.9 }',
    );
    const result = await plan(dir);
    expect(result.code).toBe(2);
    expect(result.stdout).toContain(
      'because the plan changed (no step changes: gate exact_match max added, gate pass_rate min 0.5 → 0.8)',
    );
  });

  it('does not call the other kinds of a gate skipped as a whole "added" (QA124)', async () => {
    // A gate no agent has results at its scope for (or outside an `apply --only` selection) is
    // recorded once, under the first of its kinds (regression, min, max): its max was said "added".
    const dir = basicCopy((p) =>
      p.replace(
        '{ metric: pass_rate, scope: benchmark, min: 0.5 }',
        '{ metric: pass_rate, scope: benchmark, min: 0.5, max: 1 }',
      ),
    );
    await applyByHand(dir);
    const lockPath = path.join(dir, 'evalc.lock');
    const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as Lockfile;
    lock.gates = [
      {
        metric: 'pass_rate',
        scope: 'benchmark',
        agent: 'a1',
        kind: 'min',
        passed: true,
        skipped: true,
        actual: null,
        message: "pass_rate: a1 has no results at the gate's scope; gate skipped",
      },
    ];
    writeLockFile(lockPath, lock);
    replaceIn(dir, 'evalc.yaml', 'version: 1.0.0', 'version: 1.1.0');
    const result = await plan(dir);
    expect(result.code).toBe(2);
    expect(result.stdout).toContain(
      'because the plan changed (no step changes: benchmark.version 1.0.0 → 1.1.0)\n',
    );
  });

  it('names a template edited without changing what it renders (QA119)', async () => {
    const dir = await appliedCopy();
    replaceIn(dir, 'evalc.yaml', 'query: "{{user_query}}"', 'query: "{{ user_query }}"');
    const result = await plan(dir);
    expect(result.code).toBe(2);
    expect(result.stdout).toContain(
      'because the plan changed (no step changes: tasks.search.bindings.default.input, which renders the same inputs)',
    );
  });

  it("names the examples whose weight changed, which the lock's rows record (QA119)", async () => {
    const dir = await appliedCopy();
    replaceIn(dir, 'datasets/search.jsonl', '{"id":"s2",', '{"id":"s2","weight":3,');
    const result = await plan(dir);
    expect(result.code).toBe(2);
    expect(result.stdout).toContain('~ aggregate');
    expect(result.stdout).toContain('because example weights changed (course-search/s2 1 → 3)');
  });

  it('says a human_score edit changed a field no step reads, not "e.g. example weights" (QA124)', async () => {
    const dir = await appliedCopy();
    replaceIn(dir, 'datasets/search.jsonl', '{"id":"s2",', '{"id":"s2","human_score":0.5,');
    const result = await plan(dir);
    expect(result.code).toBe(2);
    expect(result.stdout).toContain(
      'because a dataset file changed (its sha256; a field no step reads, e.g. human_score)',
    );
  });

  it('re-invokes with the template as the reason when the input template changes', async () => {
    const dir = await appliedCopy();
    replaceIn(dir, 'evalc.yaml', 'query: "{{user_query}}"', 'query: "Find: {{user_query}}"');
    const result = await plan(dir);
    expect(result.code).toBe(2);
    expect(result.stdout).toMatchInlineSnapshot(`
      "evalc will perform the following steps:
        ~ invoke     basic/search[a1]                   4 examples   because input changed (template bindings.default.input)
        ~ extract    basic/search[a1]                   4 examples   because its invoke runs
        ~ score      basic/search[a1]/exact_match       4 examples   because its extract runs
        ~ score      basic/search[a1]/pass_rate         4 examples   because its extract runs
        ~ aggregate  basic                              4 nodes      because scores changed
      Plan: 4 to invoke, 4 to extract, 8 to score, 4 to aggregate; 0 cached.
      "
    `);
  });

  it('re-invokes only the examples whose rendered input changed', async () => {
    const withHint = (rows: string) => rows.replace('"k":1}', '"k":1,"hint":"evening"}');
    const dir = basicCopy(undefined, withHint);
    await applyByHand(dir);
    replaceIn(
      dir,
      'evalc.yaml',
      'query: "{{user_query}}"',
      'query: "{{user_query}}{{#if hint}} ({{hint}}){{/if}}"',
    );
    const json = JSON.parse((await plan(dir, '--json')).stdout) as PlanJson;
    const invokes = json.steps.filter((s) => s.kind === 'invoke' && s.status !== 'cached');
    expect(invokes.map((s) => [s.id, s.reason])).toEqual([
      ['invoke/a1/search/course-search/s2#0', 'because input changed (template bindings.default.input)'],
    ]);
    expect(json.counts.invoke).toEqual({ run: 1, cached: 3 });
    const result = await plan(dir);
    expect(result.stdout).toMatchInlineSnapshot(`
      "evalc will perform the following steps:
        ~ invoke     basic/search[a1]                   1 example    because input changed (template bindings.default.input)
        ~ extract    basic/search[a1]                   1 example    because its invoke runs
        ~ score      basic/search[a1]/exact_match       1 example    because its extract runs
        ~ score      basic/search[a1]/pass_rate         1 example    because its extract runs
        ~ aggregate  basic                              3 nodes      because scores changed
      Plan: 1 to invoke, 1 to extract, 2 to score, 3 to aggregate; 13 cached.
      "
    `);
  });
  it('names the judge when only the judge behind a metric changed', async () => {
    const withJudge = (model: string) => (p: string) =>
      p
        .replace(
          'tasks:',
          `judges:\n  strict: { protocol: openai, url: http://127.0.0.1:9, model: ${model} }\ntasks:`,
        )
        .replace(
          '      - { type: exact_match',
          '      - { type: judge, judge: strict, content: "{{candidate.answer}}", threshold: 0.5 }\n      - { type: exact_match',
        );
    const dir = basicCopy(withJudge('m1'));
    await applyByHand(dir);
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      withJudge('m2')(readFileSync(path.join(FIXTURE_PLANS, 'basic/evalc.yaml'), 'utf8')),
    );
    const json = JSON.parse((await plan(dir, '--json')).stdout) as PlanJson;
    const rows = json.rows.map((r) => `${r.symbol} ${r.kind} ${r.target} ${r.count} ${r.reason}`);
    expect(rows).toContain('~ score basic/search[a1]/judge 4 because judge strict changed');
    expect(json.counts.invoke).toEqual({ run: 0, cached: 4 });
  });
});
