/**
 * Regression (QA138, leftover of QA102/3630f79): a scored metric's measurement (numeric's absolute
 * error, the lock's `value` beside the score) is compared against a baseline when it changed.
 * report.md shows it on a row of its own (`numeric value (absolute error)`), but the comparison had
 * the score's delta alone: an agent whose answers moved from 0.1 to 0.9 off, within `abs_tol: 1`,
 * read "No aggregate changed" in `evalc diff` and report.md's "Changes vs baseline". The value's Δ
 * and paired CI are shown (no test, no verdict: the score's row judges). Real binary, loopback agent.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

let agent: Loopback;
let off = 0.1;
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
afterAll(() => agent.close());
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe('a measurement beside a score is compared (QA138)', () => {
  it('numeric value (absolute error) 0.1 → 0.9 with every example still passing', async () => {
    const { dir, cleanup } = tempWorkspace('qa138-value');
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
    expect(text.stdout).toContain('0 significant regression(s), 0 improvement(s)');
  }, 60_000);
});
