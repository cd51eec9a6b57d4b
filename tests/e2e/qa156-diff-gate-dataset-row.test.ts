/**
 * Regression (QA156, review of 104ee87/QA154): a single-dataset task's dataset row is hidden in
 * report.md and report.html only when it reads as its task's row does. A regression gate at dataset
 * scope (`scope: dataset`, its own `regression.significance`) marks that row `gate failed` and not
 * the task's: the row was hidden as "the same as their task", so "1 failed regression gate" stood
 * above rows that were all n.s. Real binary, loopback RAIP agent: 4 of 12 examples fail after the
 * change (exact McNemar p = 0.125: n.s. at α 0.05, a regression at the gate's 0.2).
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

let agent: Loopback;
let failing = new Set<number>();
beforeAll(async () => {
  assertBuilt();
  agent = await startLoopback((req, res, body) => {
    if (req.method === 'GET')
      return sendJson(res, 200, { name: 'n', version: '1', inputSchema: { type: 'object' } });
    const i = Number((JSON.parse(body) as { input: { q: string } }).input.q);
    return sendJson(res, 200, { output: { answer: failing.has(i) ? 'wrong' : 'A' }, usage: {} });
  });
});
afterAll(() => agent.close());
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe('a dataset row a regression gate failed on is shown beside its n.s. task (QA156)', () => {
  it('report.md and report.html mark it gate failed (apply --baseline)', async () => {
    const { dir, cleanup } = tempWorkspace('qa156-gate-dataset-row');
    cleanups.push(cleanup);
    const rows = Array.from({ length: 12 }, (_, i) =>
      JSON.stringify({ id: `e${i}`, vars: { q: String(i) }, expected: { answer: 'A' } }),
    );
    writeFileSync(path.join(dir, 'd.jsonl'), `${rows.join('\n')}\n`);
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      [
        'evalc: 1',
        'benchmark: { id: b, version: 1.0.0 }',
        `agents: { a1: { protocol: raip, url: "${agent.url}" } }`,
        'tasks:',
        '  t1:',
        '    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }',
        '    datasets: { d: { source: d.jsonl } }',
        '    metrics: [ { type: exact_match, candidate: answer, expected: answer } ]',
        'run: { repeats: 1, seed: 7 }',
        'gates:',
        '  - { metric: exact_match, scope: dataset, task: t1, dataset: d, regression: { significance: 0.2 } }',
        '',
      ].join('\n'),
    );
    failing = new Set();
    expect((await runCli(['apply', '--quiet'], { cwd: dir })).code).toBe(0);
    copyFileSync(path.join(dir, 'evalc.lock'), path.join(dir, 'base.lock'));
    failing = new Set([0, 1, 2, 3]);
    const applied = await runCli(['apply', '--refresh', '--quiet', '--baseline', 'base.lock'], { cwd: dir });
    expect(applied.code, applied.stderr).toBe(1);

    const md = readFileSync(path.join(dir, '.evalc/reports/report.md'), 'utf8');
    const changes = md.slice(md.indexOf('### Changes vs baseline'));
    expect(changes).toContain('**1** failed regression gate');
    expect(changes).toMatch(/^\| 🔴 gate failed \| `t1\/d` \| `a1` \| `exact_match` \|/m);
    expect(changes).toMatch(/^\| n\.s\. \| `t1` \| `a1` \| `exact_match` \|/m);
    expect(changes).toContain('a regression gate failed on this aggregate at its own significance');

    const html = readFileSync(path.join(dir, '.evalc/reports/report.html'), 'utf8');
    expect(html).toMatch(
      /<td>t1\/d<\/td><td><code>a1<\/code><\/td><td><code>exact_match<\/code><\/td>.*?<td>gate failed<\/td><\/tr>/,
    );
  }, 60_000);
});
