/**
 * Regression (QA147, review of 5ee8cae/QA138): the row a scored metric's measurement gets in a
 * comparison (numeric's absolute error beside its score, `field: 'value'`) says the value's own
 * direction in JSON, from the metric's definition as a measure-only value's row does. It said
 * `higherIsBetter: true` for every such row, so a consumer of `evalc diff --format json` (or
 * report.json's `diff`) read an absolute error 0.1 → 0.9 as a higher-is-better figure going up.
 * report.html names the row `numeric (value)`, as report.md and the text diff do: it showed two
 * `numeric` rows when the score changed too. Real binary, loopback agent.
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
    const { dir, cleanup } = tempWorkspace('qa147-value-direction');
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
