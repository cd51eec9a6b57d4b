/**
 * The REAL course-advisor demo (pipelines/course-advisor/) applied end to end through the built
 * CLI, in a temp copy: goldens of its reports, the lockfile and report schemas, the cached
 * re-apply, `evalc report`, and `evalc diff` against a second run where A2 answers three
 * examples wrongly (its opt-in `A2_FAIL_EXAMPLES` fault switch).
 *
 * Ports: the plan serves A1, A2 and the judge on the fixed ports 7101, 7102 and 7105. Vitest runs
 * test files in parallel (one fork each) but the tests of one file one after the other, so every
 * test that runs the demo lives in THIS file; nothing else under tests/ binds those ports (the
 * pipeline's own tests start the agents with PORT=0). A stray `npm run demo` on the same machine
 * would collide: the suite checks the ports first and says so.
 *
 * Goldens: tests/reports/golden/course-advisor-run.{md,junit.xml,json}.golden. Durations are the
 * only volatile figures of a live run: junit.xml's `time` attributes and report.json's
 * `durationMs*` fields are masked, and so are report.md's latency columns (`maskMarkdown`). Regenerate with
 * `npm run build && UPDATE_GOLDEN=1 npx vitest run tests/e2e/course-advisor-golden.test.ts`,
 * then read the diff: the hand-computed assertions below must still hold.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateJunit } from '../reports/junit-schema.js';
import { assertBuilt, type CliResult, REPO_ROOT, runCli } from './apply-harness.js';

const PIPELINE = path.join(REPO_ROOT, 'pipelines', 'course-advisor');
const GOLDEN = path.join(REPO_ROOT, 'tests', 'reports', 'golden');
const PORTS = [7101, 7102, 7105];
const REPORTS = ['report.md', 'report.json', 'junit.xml', 'report.html'] as const;
const update = process.env.UPDATE_GOLDEN === '1';
/** The three examples A2 passes today and is switched to fail (one per dataset). */
const A2_FAULTS = ['details-01', 'paths-01', 'search-01'];

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
interface LockRow {
  group: string;
  example: string;
  errors?: (string | null)[];
  pass: boolean | null;
  metrics: Record<string, { score: number | null; pass?: boolean }>;
}
interface Lock {
  results: LockRow[];
  aggregates: { benchmark: Record<string, Record<string, { mean: number; n: number }>> };
}

function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(`port ${port} is taken (${error.code}): is a course-advisor demo already running?`)),
    );
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}

/** A fresh workspace holding a copy of `from`, minus the entries `skip` names. */
function copyWorkspace(prefix: string, from: string, skip: string[]): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `evalc-${prefix}-`));
  cpSync(from, dir, { recursive: true, filter: (src) => !skip.includes(path.relative(from, src)) });
  return dir;
}

function read(dir: string, ...parts: string[]): string {
  return readFileSync(path.join(dir, ...parts), 'utf8');
}

function events(result: CliResult): Record<string, Json>[] {
  return result.stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, Json>);
}

function resultEvent(result: CliResult): Record<string, Json> {
  const found = events(result).find((e) => e.event === 'result');
  if (found === undefined)
    throw new Error(`no result event\nstdout: ${result.stdout}\nstderr: ${result.stderr}`);
  return found;
}

function golden(name: string, actual: string): void {
  const file = path.join(GOLDEN, `${name}.golden`);
  if (update) {
    writeFileSync(file, actual);
    return;
  }
  expect(actual, `${name} differs from its golden file (UPDATE_GOLDEN=1 to regenerate)`).toBe(
    readFileSync(file, 'utf8'),
  );
}

/**
 * The duration cells of report.md's volatile table — mean ms, p50 ms and the mean time to
 * success (QA37: a live run's measurement too) — found by their headers.
 */
function maskMarkdown(md: string): string {
  const masked = new Set(['mean ms', 'p50 ms', '`time_to_success` mean', '`time_to_success` mean ms']);
  let columns: number[] = [];
  return md
    .split('\n')
    .map((line) => {
      const cells = line.split(' | ');
      if (line.startsWith('| agent/task/dataset |')) {
        columns = cells.flatMap((c, i) => (masked.has(c.replace(/^\| /, '').replace(/ \|$/, '')) ? [i] : []));
        return line;
      }
      if (!line.startsWith('| `') || columns.length === 0) {
        if (!line.startsWith('|')) columns = [];
        return line;
      }
      return cells
        .map((c, i) => (columns.includes(i) ? (c.endsWith(' |') ? '<ms> |' : '<ms>') : c))
        .join(' | ');
    })
    .join('\n');
}

function maskJunit(xml: string): string {
  return xml.replace(/ time="[^"]*"/g, ' time="…"');
}

/**
 * Durations (`durationMs`, `durationMsMean`, `durationMsP50`, and the volatile measure
 * `time_to_success`, a mean duration) are the only live-run noise.
 */
function maskDurations(value: Json): Json {
  if (Array.isArray(value)) return value.map(maskDurations);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === 'measures' ? maskMeasures(v) : k.startsWith('durationMs') ? '<ms>' : maskDurations(v),
    ]),
  );
}

function maskMeasures(value: Json): Json {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'time_to_success' ? '<ms>' : v]));
}

function schemaValidator(name: string) {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  ajv.addSchema(JSON.parse(read(REPO_ROOT, 'schemas', name)) as object);
  return (ref: string) => ajv.compile({ $ref: `https://evalc.dev/schemas/${name}${ref}` });
}

/** Failing example ids per agent, from the lockfile's results. */
function failingByAgent(lock: Lock): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const row of lock.results) {
    const agent = row.group.split('/')[0] ?? '';
    out[agent] ??= [];
    if (row.pass !== true) out[agent].push(row.example);
  }
  for (const ids of Object.values(out)) ids.sort();
  return out;
}

let base = '';
let fault = '';
let cold: CliResult;
let coldLock = '';
const coldReports: Record<string, string> = {};

beforeAll(async () => {
  assertBuilt();
  for (const port of PORTS) await assertPortFree(port);
  base = copyWorkspace('ca-golden', PIPELINE, ['.evalc', 'evalc.lock']);
  cold = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: base, timeoutMs: 60_000 });
  coldLock = read(base, 'evalc.lock');
  for (const name of REPORTS) coldReports[name] = read(base, '.evalc', 'reports', name);
}, 70_000);

afterAll(() => {
  for (const dir of [base, fault]) if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

describe('the course-advisor demo, applied for real through the built CLI', () => {
  it('runs 90 examples cold with one semantic_mismatch (a1 details-09) and passes all 6 gates', () => {
    expect(cold.code, cold.stderr).toBe(0);
    expect(resultEvent(cold)).toMatchObject({
      exitCode: 0,
      examples: 90,
      invoked: 90,
      errors: 1,
      errorKinds: { semantic_mismatch: 1 },
      gatesFailed: 0,
    });
  });

  it('streams NDJSON: run_started, a step_started before each step_finished/step_failed of a sent request, run_finished', () => {
    const all = events(cold);
    expect(all[0]).toMatchObject({ event: 'run_started', totals: { a1: 30, a2: 30, a3: 30 } });
    const started = all.filter((e) => e.event === 'step_started');
    const ended = all.filter(
      (e) => (e.event === 'step_finished' || e.event === 'step_failed') && e.kind === 'invoke',
    );
    expect(started).toHaveLength(90);
    expect(ended).toHaveLength(90);
    expect(ended.filter((e) => e.event === 'step_failed').map((e) => e.id)).toEqual([
      'a1/details/course-details/details-09#0',
    ]);
    for (const end of ended) {
      const startIndex = all.findIndex((e) => e.event === 'step_started' && e.id === end.id);
      expect(startIndex, String(end.id)).toBeGreaterThan(0);
      expect(startIndex).toBeLessThan(all.indexOf(end));
    }
    expect(all.findIndex((e) => e.event === 'run_finished')).toBeGreaterThan(all.indexOf(ended.at(-1)!));
  });

  it('streams an extract event after each answered invoke and a score event per metric after it', () => {
    const all = events(cold);
    const invokes = all.filter((e) => e.kind === 'invoke' && e.event === 'step_finished');
    const extracts = all.filter((e) => e.kind === 'extract');
    // 89 answered invokes (details-09 of a1 failed: its steps did not run); every extraction worked.
    expect(extracts.map((e) => e.id).sort()).toEqual(invokes.map((e) => e.id).sort());
    expect(extracts.every((e) => e.event === 'step_finished' && e.cached === false)).toBe(true);
    const scores = all.filter((e) => e.kind === 'score');
    for (const score of scores) {
      const extract = all.findIndex((e) => e.kind === 'extract' && e.id === score.id);
      expect(extract, String(score.id)).toBeGreaterThan(0);
      expect(extract).toBeLessThan(all.indexOf(score));
    }
    // Each answered invoke was judged once by a fresh call, and nothing failed to score.
    const judged = scores.filter((e) => e.metric === 'judge');
    expect(judged.map((e) => e.id).sort()).toEqual(invokes.map((e) => e.id).sort());
    expect(judged.every((e) => e.cached === false)).toBe(true);
    expect(scores.filter((e) => e.event === 'step_failed')).toEqual([]);
  });

  it('fails exactly the misses the pipeline README designs, for the reasons it gives', () => {
    const lock = JSON.parse(coldLock) as Lock;
    // pipelines/course-advisor/README.md, "Deliberate misses".
    expect(failingByAgent(lock)).toEqual({
      a1: ['details-09', 'paths-07', 'search-05'],
      a2: ['details-06', 'paths-04', 'search-02', 'search-04'],
      a3: ['paths-05', 'search-07', 'search-08'],
    });
    const errored = lock.results.filter((r) => (r.errors ?? []).some((e) => e !== null));
    expect(errored.map((r) => [r.group, r.example, r.errors])).toEqual([
      ['a1/details/course-details', 'details-09', ['semantic_mismatch']],
    ]);
    // a3 omits the prerequisites of details-08: the mention fails, the (codes-gated) example passes.
    const a3d8 = lock.results.find(
      (r) => r.group === 'a3/details/course-details' && r.example === 'details-08',
    );
    expect(a3d8?.pass).toBe(true);
    expect(a3d8?.metrics.mentions_fact?.pass).toBe(false);
  });

  it('aggregates benchmark pass_rate as the mean of the three task pass rates (hand-computed)', () => {
    const bench = (JSON.parse(coldLock) as Lock).aggregates.benchmark;
    // search 12, details 9, paths 9 examples; each task has one dataset, tasks weigh 1 each.
    const expected = {
      a1: (11 / 12 + 8 / 9 + 8 / 9) / 3, // 0.898
      a2: (10 / 12 + 8 / 9 + 8 / 9) / 3, // 0.870
      a3: (10 / 12 + 9 / 9 + 8 / 9) / 3, // 0.907
    };
    for (const [agent, mean] of Object.entries(expected)) {
      expect(bench[agent]?.pass_rate?.mean).toBeCloseTo(mean, 9);
    }
    const md = coldReports['report.md'] ?? '';
    expect(md.split('\n')[0]).toBe('## ✅ evalc — course-advisor 1.0.0: 3 of 6 gates passed, 3 skipped');
    expect(md).toContain('90 results · 80 pass · 9 fail · 1 with errors · 3 agents');
    expect(md).toMatch(
      /\| \*\*benchmark\*\* \| 0\.898 \[[^\]]+\] \| 0\.870 \[[^\]]+\] \| 0\.907 \[[^\]]+\] \|/,
    );
  });

  it('matches the golden report.md, junit.xml (time masked) and report.json (durations masked)', () => {
    golden('course-advisor-run.md', maskMarkdown(coldReports['report.md'] ?? ''));
    golden('course-advisor-run.junit.xml', maskJunit(coldReports['junit.xml'] ?? ''));
    const json = maskDurations(JSON.parse(coldReports['report.json'] ?? 'null') as Json);
    golden('course-advisor-run.json', `${JSON.stringify(json, null, 2)}\n`);
  });

  it('writes report.json and evalc.lock valid against their schemas', () => {
    const report = schemaValidator('report.schema.json')('');
    expect(report(JSON.parse(coldReports['report.json'] ?? 'null')), JSON.stringify(report.errors)).toBe(
      true,
    );
    const lock = schemaValidator('lock.schema.json')('');
    expect(lock(JSON.parse(coldLock)), JSON.stringify(lock.errors)).toBe(true);
  });

  it('writes a strict JUnit file with hand-counted totals', () => {
    const { tests, failures, errors, suites } = validateJunit(coldReports['junit.xml'] ?? '');
    // One testcase per example × metric with a pass value: codes_match, mentions_fact, pass_rate,
    // time_to_success, tool_choice (+ path_order on paths): 12×5 + 9×5 + 9×6 = 159 per agent,
    // plus the judge, whose threshold (0.6; gate: false) gives it a pass on each of the 90
    // examples. Plus 6 gate testcases.
    expect(tests).toBe(159 * 3 + 90 + 6);
    // a1 details-09: its 5 checks + the judge are <error>s.
    expect(errors).toBe(6);
    // a1 search-05 3, paths-07 4; a2 search-02 3, search-04 3, details-06 5, paths-04 6;
    // a3 search-07 3, search-08 3, paths-05 5, details-08 mentions_fact 1; and the judge below
    // 0.6 on a2 details-06 (0.436), a2 paths-04 (0.56) and a3 paths-05 (0.436).
    expect(failures).toBe(3 + 4 + 3 + 3 + 5 + 6 + 3 + 3 + 5 + 1 + 3);
    expect(suites.map((s) => s.attributes.name)).toEqual([
      'gates',
      'a1/details/course-details',
      'a1/paths/career-paths',
      'a1/search/course-search',
      'a2/details/course-details',
      'a2/paths/career-paths',
      'a2/search/course-search',
      'a3/details/course-details',
      'a3/paths/career-paths',
      'a3/search/course-search',
    ]);
  });

  it('re-applies byte-identically without calling any agent: evalc.lock is up to date', async () => {
    const again = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: base, timeoutMs: 60_000 });
    // --json writes its events on stdout: a failure shows the result event (why the exit code).
    expect(again.code, `${again.stderr}\n${again.stdout.slice(-3000)}`).toBe(0);
    // Every step of the plan is recorded in evalc.lock (a1's designed 422 on details-09 is a
    // definitive answer, cached as a failure): nothing runs, the recorded error is reported.
    expect(resultEvent(again)).toMatchObject({ exitCode: 0, invoked: 0, errors: 1, upToDate: true });
    const steps = events(again).filter((e) => e.event?.toString().startsWith('step_'));
    expect(steps).toEqual([]);
    // With the reports gone, the up-to-date apply renders them again from the lock and the cache.
    rmSync(path.join(base, '.evalc', 'reports'), { recursive: true });
    expect((await runCli(['apply', 'evalc.yaml', '--json'], { cwd: base, timeoutMs: 60_000 })).code).toBe(0);
    expect(read(base, 'evalc.lock')).toBe(coldLock);
    for (const name of REPORTS) expect(read(base, '.evalc', 'reports', name), name).toBe(coldReports[name]);
  });

  it('re-renders the four reports byte-identically with evalc report --from evalc.lock', async () => {
    const result = await runCli(['report', '--from', 'evalc.lock'], { cwd: base });
    expect(result.code, result.stderr).toBe(0);
    for (const name of REPORTS)
      expect(read(path.join(base, '.evalc/reports'), name), name).toBe(coldReports[name]);
    // Written elsewhere (--out), report.md names report.html where it is.
    const out = path.join(base, 'rerendered');
    expect((await runCli(['report', '--from', 'evalc.lock', '--out', out], { cwd: base })).code).toBe(0);
    expect(read(out, 'report.md')).toBe(
      coldReports['report.md']!.replace('.evalc/reports/report.html', 'rerendered/report.html'),
    );
  });
});

describe('evalc diff of the demo against a run where a2 fails three more examples', () => {
  let oldLock = '';
  let newLock = '';
  let planned: CliResult;
  let refreshed: CliResult;
  const diff = (...args: string[]) => runCli(['diff', oldLock, newLock, ...args], { cwd: fault });

  beforeAll(async () => {
    // The second copy starts from the first run's lockfile AND a copy of its cache (not the
    // cache itself: --refresh below overwrites entries, and the first run's lock must keep
    // pointing at its own trajectories).
    fault = copyWorkspace('ca-fault', base, [
      path.join('.evalc', 'reports'),
      path.join('.evalc', 'logs'),
      'rerendered',
    ]);
    oldLock = path.join(fault, 'old.lock');
    newLock = path.join(fault, 'evalc.lock');
    writeFileSync(oldLock, coldLock);
    const plan = read(fault, 'evalc.yaml');
    const switched = plan.replace(
      'env: { PORT: "7102" }',
      `env: { PORT: "7102", A2_FAIL_EXAMPLES: "${A2_FAULTS.join(',')}" }`,
    );
    expect(switched).not.toBe(plan);
    writeFileSync(path.join(fault, 'evalc.yaml'), switched);
    // `serve.env` is a runtime setting: it enters no content key. `plan` therefore sees nothing
    // new for a2, and a plain `apply` would serve a2's old answers from the cache. The faulty
    // run needs --refresh (or a separate cache dir).
    planned = await runCli(['plan', 'evalc.yaml', '--json'], { cwd: fault });
    refreshed = await runCli(['apply', 'evalc.yaml', '--refresh', '--json'], {
      cwd: fault,
      timeoutMs: 60_000,
    });
  }, 70_000);

  it('plans no work for a2 after the serve.env change, so the faulty run takes --refresh', () => {
    const rows = (JSON.parse(planned.stdout) as { rows: { kind: string; target: string; reason: string }[] })
      .rows;
    expect(rows.filter((r) => r.target.includes('[a2]'))).toEqual([]);
    // Every response is cached, the designed 422 included: nothing to invoke.
    expect(rows.filter((r) => r.kind === 'invoke')).toEqual([]);
    expect(refreshed.code, refreshed.stderr).toBe(0);
    expect(resultEvent(refreshed)).toMatchObject({ exitCode: 0, invoked: 90, errors: 1, gatesFailed: 0 });
  });

  it('lists exactly the three pass → fail flips of a2 and its pass_rate drop in --format json', async () => {
    const result = await diff('--format', 'json');
    expect(result.code, result.stderr).toBe(0);
    const json = JSON.parse(result.stdout);
    const validate = schemaValidator('report.schema.json')('#/$defs/diff');
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
    expect(json.summary).toMatchObject({ passToFail: 3, failToPass: 0, regressions: 0, improvements: 0 });
    expect(json.flips.map((f: Record<string, string>) => [f.agent, f.example, f.kind])).toEqual(
      A2_FAULTS.map((id) => ['a2', id, 'pass_to_fail']),
    );
    const passRate = json.aggregates.find(
      (a: Record<string, unknown>) => a.scope === 'benchmark' && a.agent === 'a2' && a.metric === 'pass_rate',
    );
    // a2 was (10/12 + 8/9 + 8/9)/3 and is now (9/12 + 7/9 + 7/9)/3: Δ = −(1/12 + 2/9)/3.
    expect(passRate.old).toBeCloseTo((10 / 12 + 16 / 9) / 3, 9);
    expect(passRate.new).toBeCloseTo((9 / 12 + 14 / 9) / 3, 9);
    expect(passRate.delta).toBeCloseTo(-(1 / 12 + 2 / 9) / 3, 9);
    // Pairs of weight 1/36 and 1/27 (datasets of 12 and 9): the weighted sign-flip test, not McNemar (QA266);
    // three flips one way, so only the all-+ and all-− of the 2³ patterns reach it: p = 2/8, as McNemar's b=3 c=0.
    expect(passRate).toMatchObject({ method: 'sign_flip', pValueMethod: 'exact', significant: false });
    expect(passRate.pValue).toBeCloseTo(0.25, 12);
    // The fault is a2's alone: no aggregate of a1 or a3 moves.
    const moved = json.aggregates.filter((a: Record<string, unknown>) => a.agent !== 'a2' && a.old !== a.new);
    expect(moved).toEqual([]);
  });

  it('shows the flips and the pass_rate drop in --format md', async () => {
    const result = await diff('--format', 'md');
    expect(result.code, result.stderr).toBe(0);
    const md = result.stdout;
    // Both runs' a3 timeout: each lock's failed example runs in the summary line (QA95).
    expect(md).toContain('**3** pass → fail · **0** fail → pass · errors 1 → 1 · 30 paired examples');
    expect(md).toContain('| n.s. | `benchmark` | `a2` | `pass_rate` | 0.870 | 0.769 | ▼ −0.102 |');
    expect(md).toContain('**Pass → fail (3)**');
    for (const [task, dataset, id] of [
      ['details', 'course-details', 'details-01'],
      ['paths', 'career-paths', 'paths-01'],
      ['search', 'course-search', 'search-01'],
    ]) {
      expect(md).toContain(`- \`a2\` ${task}/${dataset} **${id}** — \`codes_match\``);
    }
  });

  it('exits 0 under --fail-on regression: three discordant pairs are not significant', async () => {
    // Exact McNemar, two-sided: with b = 3 pass→fail and c = 0 fail→pass pairs,
    // p = 2 · (1/2)^3 = 0.25 > α = 0.05. With c = 0, p = 2^(1−b) needs b ≥ 6 to reach 0.05, so
    // three flips out of 30 can never be a significant regression; the gate rightly stays quiet.
    const result = await diff('--fail-on', 'regression');
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain('0 significant regressions, 0 improvements, 3 pass → fail');
  });
});
