/**
 * Regression (QA154): `evalc diff` (text, Markdown, report.html) hides the dataset row of a
 * single-dataset task as "the same as their single-dataset task's". Each scope draws its own Monte
 * Carlo stream (README, a choice), so with a p near α the dataset row can be significant where its
 * task's is not: the verdict line said "1 significant regression(s)" above rows that were all n.s.,
 * and the note called the hidden regression "the same as" its n.s. task. Such a row is shown now.
 * Real binary, loopback RAIP agent; the seed is searched, not assumed.
 */
import { copyFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

const BEFORE = ['the cat sat on the mat', 'the cat sat on a mat'];
const AFTER = ['the cat sat', 'the cat sat on the mat', 'a dog sat on the mat', 'the cat'];

let agent: Loopback;
let texts = BEFORE;
beforeAll(async () => {
  assertBuilt();
  agent = await startLoopback((req, res, body) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    if (req.method === 'GET') {
      res.end(JSON.stringify({ name: 'bleu-agent', version: '1', inputSchema: { type: 'object' } }));
      return;
    }
    const i = Number((JSON.parse(body) as { input: { q: string } }).input.q);
    res.end(JSON.stringify({ output: { text: texts[i % texts.length] } }));
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
  direction: string;
}

describe('a dataset row whose verdict differs from its single-dataset task is shown (QA154)', () => {
  it('text and Markdown show the significant dataset row beside its n.s. task', async () => {
    const { dir, cleanup } = tempWorkspace('qa154-dataset-row');
    cleanups.push(cleanup);
    const rows = Array.from({ length: 12 }, (_, i) =>
      JSON.stringify({
        id: `e${i}`,
        vars: { q: String(i + 1) },
        expected: { text: 'the cat sat on the mat' },
      }),
    );
    writeFileSync(path.join(dir, 'd.jsonl'), `${rows.join('\n')}\n`);
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      [
        'evalc: 1',
        'benchmark: { id: bl, version: 1.0.0 }',
        `agents: { a1: { protocol: raip, url: "${agent.url}" } }`,
        'tasks:',
        '  t1:',
        '    bindings: { default: { input: { q: "{{q}}" }, output: { text: output.text } } }',
        '    datasets: { d: { source: d.jsonl } }',
        '    metrics: [ { type: bleu, candidate: text, expected: text } ]',
        'run: { repeats: 1, seed: 3 }',
        '',
      ].join('\n'),
    );
    texts = BEFORE;
    expect((await runCli(['apply', '--quiet'], { cwd: dir })).code).toBe(0);
    copyFileSync(path.join(dir, 'evalc.lock'), path.join(dir, 'base.lock'));
    texts = AFTER;
    expect((await runCli(['apply', '--refresh', '--quiet'], { cwd: dir })).code).toBe(0);

    // A seed whose dataset row and task row disagree (p ≈ 0.07 for these 12 pairs, α 0.07).
    let seed: number | undefined;
    let datasetDirection = '';
    for (let s = 1; s <= 40 && seed === undefined; s++) {
      const json = await runCli(
        [
          'diff',
          'base.lock',
          'evalc.lock',
          '--format',
          'json',
          '--seed',
          String(s),
          '--significance',
          '0.07',
        ],
        {
          cwd: dir,
        },
      );
      const deltas = (JSON.parse(json.stdout) as { aggregates: Delta[] }).aggregates.filter(
        (d) => d.metric === 'bleu' && d.field === 'score',
      );
      const task = deltas.find((d) => d.scope === 'task/t1');
      const dataset = deltas.find((d) => d.scope === 'dataset/t1/d');
      if (dataset && task && dataset.direction === 'regression' && task.direction !== 'regression') {
        seed = s;
        datasetDirection = dataset.direction;
      }
    }
    expect(seed, 'a seed where the dataset row is a regression and its task row is not').toBeDefined();
    expect(datasetDirection).toBe('regression');

    const text = await runCli(
      ['diff', 'base.lock', 'evalc.lock', '--seed', String(seed), '--significance', '0.07'],
      { cwd: dir },
    );
    expect(text.stdout).toMatch(/REGRESSION\s+t1\/d\s+a1\s+bleu /);
    expect(text.stdout).not.toContain('the same as their single-dataset task');
    const md = await runCli(
      ['diff', 'base.lock', 'evalc.lock', '--format', 'md', '--seed', String(seed), '--significance', '0.07'],
      {
        cwd: dir,
      },
    );
    expect(md.stdout).toMatch(/\| 🔴 regression \| `t1\/d` \| `a1` \| `bleu` \|/);
    expect(md.stdout).not.toContain('significant, at dataset scope, the same as');
  }, 120_000);
});
