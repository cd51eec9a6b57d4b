/**
 * The row a scored metric's measurement gets in a comparison (`diff`, report.md/html/json).
 *
 * Regression (QA138, leftover of QA102/3630f79): a scored metric's measurement (numeric's absolute
 * error, the lock's `value` beside the score) is compared against a baseline when it changed.
 * report.md shows it on a row of its own (`numeric value (absolute error)`), but the comparison had
 * the score's delta alone: an agent whose answers moved from 0.1 to 0.9 off, within `abs_tol: 1`,
 * read "No aggregate changed" in `evalc diff` and report.md's "Changes vs baseline". The value's Δ
 * and paired CI are shown (no test, no verdict: the score's row judges). Real binary, loopback agent.
 *
 * Regression (QA147, review of 5ee8cae/QA138): the row a scored metric's measurement gets in a
 * comparison (numeric's absolute error beside its score, `field: 'value'`) says the value's own
 * direction in JSON, from the metric's definition as a measure-only value's row does. It said
 * `higherIsBetter: true` for every such row, so a consumer of `evalc diff --format json` (or
 * report.json's `diff`) read an absolute error 0.1 → 0.9 as a higher-is-better figure going up.
 * report.html names the row `numeric (value)`, as report.md and the text diff do: it showed two
 * `numeric` rows when the score changed too. Real binary, loopback agent.
 *
 * Regression (QA152): a diff row that no test judged (`method: none` — the measurement a scored
 * metric keeps beside its score, QA138) has no verdict, as README's diff section and the row's own
 * JSON say (`pValue: null`, `method: none`). The text diff, report.md and report.html marked it
 * `n.s.` ("tested, not significant"), so an absolute error 0.1 → 0.9 with CI [0.8, 0.8] read as a
 * change within noise. It reads `—`, as its p and test columns do. Real binary, loopback agent.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

let agent: Loopback;
let off = 0.1;
const cleanups: Array<() => void> = [];
beforeAll(async () => {
  assertBuilt();
  agent = await startLoopback((req, res, body) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    if (req.method === 'GET') {
      res.end(JSON.stringify({ name: 'num', version: '1', inputSchema: { type: 'object' } }));
      return;
    }
    const q = Number((JSON.parse(body) as { input: { q: string } }).input.q);
    res.end(JSON.stringify({ output: { answer: String(q * 2 + off) } }));
  });
});
afterAll(async () => {
  await agent.close();
  for (const cleanup of cleanups.splice(0)) cleanup();
});

let applied: Promise<string> | undefined;
/**
 * The workspace every case of the first three blocks reads (they only read it): six numeric
 * examples applied with the agent 0.1 off (base.lock), then again 0.9 off with `--baseline`
 * (evalc.lock; every example still within `abs_tol: 1`).
 */
function offByMore(): Promise<string> {
  applied ??= (async () => {
    const { dir, cleanup } = tempWorkspace('diff-value-row');
    cleanups.push(cleanup);
    const rows = Array.from({ length: 6 }, (_, i) =>
      JSON.stringify({ id: `e${i}`, vars: { q: String(i) }, expected: { answer: String(i * 2) } }),
    );
    writeFileSync(path.join(dir, 'd.jsonl'), `${rows.join('\n')}\n`);
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      [
        'evalc: 1',
        'benchmark: { id: nb, version: 1.0.0 }',
        `agents: { a1: { protocol: raip, url: "${agent.url}" } }`,
        'tasks:',
        '  t1:',
        '    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }',
        '    datasets: { d: { source: d.jsonl } }',
        '    metrics: [ { type: numeric, candidate: answer, expected: answer, abs_tol: 1 } ]',
        'run: { repeats: 1, seed: 7 }',
        '',
      ].join('\n'),
    );
    off = 0.1;
    expect((await runCli(['apply', '--quiet'], { cwd: dir })).code).toBe(0);
    copyFileSync(path.join(dir, 'evalc.lock'), path.join(dir, 'base.lock'));
    off = 0.9;
    expect(
      (await runCli(['apply', '--refresh', '--quiet', '--baseline', 'base.lock'], { cwd: dir })).code,
    ).toBe(0);
    return dir;
  })();
  return applied;
}

describe('a measurement beside a score is compared (QA138)', () => {
  it('numeric value (absolute error) 0.1 → 0.9 with every example still passing', async () => {
    const dir = await offByMore();
    const md = readFileSync(path.join(dir, '.evalc', 'reports', 'report.md'), 'utf8');
    expect(md).not.toContain('No aggregate changed.');
    expect(md).toContain(
      '| — | `benchmark` | `a1` | `numeric` (value) | 0.100 | 0.900 | ▲ +0.800 | [0.800, 0.800] | — | — |',
    );

    const text = await runCli(['diff', 'base.lock', 'evalc.lock'], { cwd: dir });
    expect(text.stdout).toMatch(/benchmark +a1 +numeric \(value\) +0\.100 → 0\.900 +▲ \+0\.800/);
    const json = await runCli(['diff', 'base.lock', 'evalc.lock', '--format', 'json'], { cwd: dir });
    const values = (
      JSON.parse(json.stdout) as { aggregates: { scope: string; field: string; delta: number }[] }
    ).aggregates.filter((d) => d.field === 'value');
    expect(values.map((d) => [d.scope, d.delta])).toEqual([
      ['benchmark', 0.8],
      ['dataset/t1/d', 0.8],
      ['task/t1', 0.8],
    ]);
    // The score, unchanged at 1.000, is still one unchanged aggregate: no verdict from the value.
    expect(text.stdout).toContain('0 significant regressions, 0 improvements');
  }, 60_000);
});

interface Delta {
  scope: string;
  metric: string;
  field: string;
  higherIsBetter: boolean;
  delta: number;
  method: string;
  direction: string;
}

describe("a measurement's row beside its score has the value's direction (QA147)", () => {
  it('numeric absolute error 0.1 → 0.9: higherIsBetter false, no verdict; HTML names the (value) row', async () => {
    const dir = await offByMore();
    const json = await runCli(['diff', 'base.lock', 'evalc.lock', '--format', 'json'], { cwd: dir });
    expect(json.code).toBe(0);
    const deltas = (JSON.parse(json.stdout) as { aggregates: Delta[] }).aggregates.filter(
      (d) => d.scope === 'benchmark',
    );
    expect(deltas.map((d) => [d.field, d.higherIsBetter, d.delta, d.method, d.direction])).toEqual([
      ['score', true, 0, 'mcnemar', 'unchanged'],
      ['value', false, 0.8, 'none', 'unchanged'],
    ]);
    // report.json's comparison is the same diff.
    const report = JSON.parse(readFileSync(path.join(dir, '.evalc', 'reports', 'report.json'), 'utf8')) as {
      diff: { aggregates: Delta[] };
    };
    const value = report.diff.aggregates.find((d) => d.scope === 'benchmark' && d.field === 'value');
    expect(value?.higherIsBetter).toBe(false);

    const html = readFileSync(path.join(dir, '.evalc', 'reports', 'report.html'), 'utf8');
    expect(html).toContain('<td><code>numeric</code> (value)</td>');
  }, 60_000);
});

describe('an untested diff row has no verdict (QA152)', () => {
  it('numeric (value) reads — in the text diff, report.md and report.html, not n.s.', async () => {
    const dir = await offByMore();
    const text = await runCli(['diff', 'base.lock', 'evalc.lock'], { cwd: dir });
    const valueRows = text.stdout.split('\n').filter((l) => l.includes('numeric (value)'));
    expect(valueRows.length).toBeGreaterThan(0);
    for (const row of valueRows) expect(row).toMatch(/^ {2}— +\S/);
    expect(text.stdout).not.toMatch(/n\.s\. .*numeric \(value\)/);

    const md = await runCli(['diff', 'base.lock', 'evalc.lock', '--format', 'md'], { cwd: dir });
    expect(md.stdout).toContain(
      '| — | `benchmark` | `a1` | `numeric` (value) | 0.100 | 0.900 | ▲ +0.800 | [0.800, 0.800] | — | — |',
    );
    const report = readFileSync(path.join(dir, '.evalc', 'reports', 'report.md'), 'utf8');
    expect(report).toContain('| — | `benchmark` | `a1` | `numeric` (value) | 0.100 | 0.900 |');

    const html = readFileSync(path.join(dir, '.evalc', 'reports', 'report.html'), 'utf8');
    const htmlRows =
      html.match(/<tr class="delta[^"]*">(?:(?!<\/tr>).)*\(value\)(?:(?!<\/tr>).)*<\/tr>/g) ?? [];
    expect(htmlRows.length).toBeGreaterThan(0);
    for (const row of htmlRows) expect(row).toMatch(/<td>—<\/td><\/tr>$/);
  }, 60_000);

  it('report.html names a new or gone aggregate new or gone, as report.md and the text diff do', async () => {
    const { dir, cleanup } = tempWorkspace('qa152-new-row');
    cleanups.push(cleanup);
    writeFileSync(
      path.join(dir, 'd.jsonl'),
      `${JSON.stringify({ id: 'e0', vars: { q: '1' }, expected: { answer: '2' } })}\n`,
    );
    const plan = (tasks: string[]) =>
      [
        'evalc: 1',
        'benchmark: { id: nb, version: 1.0.0 }',
        `agents: { a1: { protocol: raip, url: "${agent.url}" } }`,
        'tasks:',
        ...tasks.flatMap((t) => [
          `  ${t}:`,
          '    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }',
          '    datasets: { d: { source: d.jsonl } }',
          '    metrics: [ { type: numeric, candidate: answer, expected: answer, abs_tol: 1 } ]',
        ]),
        '',
      ].join('\n');
    off = 0.1;
    writeFileSync(path.join(dir, 'evalc.yaml'), plan(['t1']));
    expect((await runCli(['apply', '--quiet'], { cwd: dir })).code).toBe(0);
    copyFileSync(path.join(dir, 'evalc.lock'), path.join(dir, 'base.lock'));
    writeFileSync(path.join(dir, 'evalc.yaml'), plan(['t1', 't2']));
    expect((await runCli(['apply', '--quiet', '--baseline', 'base.lock'], { cwd: dir })).code).toBe(0);

    const md = readFileSync(path.join(dir, '.evalc', 'reports', 'report.md'), 'utf8');
    expect(md).toMatch(/\| new \| `t2` \| `a1` \| `numeric` \|/);
    const html = readFileSync(path.join(dir, '.evalc', 'reports', 'report.html'), 'utf8');
    const row = /<tr class="delta[^"]*"><td>t2<\/td>(?:(?!<\/tr>).)*<\/tr>/.exec(html)?.[0] ?? '';
    expect(row).toContain('<code>numeric</code>');
    expect(row).toMatch(/<td>new<\/td><\/tr>$/);
  }, 60_000);
});
