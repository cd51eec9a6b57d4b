/**
 * Regression (QA152): a diff row that no test judged (`method: none` — the measurement a scored
 * metric keeps beside its score, QA138) has no verdict, as README's diff section and the row's own
 * JSON say (`pValue: null`, `method: none`). The text diff, report.md and report.html marked it
 * `n.s.` ("tested, not significant"), so an absolute error 0.1 → 0.9 with CI [0.8, 0.8] read as a
 * change within noise. It reads `—`, as its p and test columns do. Real binary, loopback agent.
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

describe('an untested diff row has no verdict (QA152)', () => {
  it('numeric (value) reads — in the text diff, report.md and report.html, not n.s.', async () => {
    const { dir, cleanup } = tempWorkspace('qa152-untested');
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
