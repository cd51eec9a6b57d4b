/**
 * Regressions (QA154) of `evalc diff` on a bleu metric whose agent's answers change between two
 * applies (12 examples, one task of one dataset). Real binary, loopback RAIP agent.
 *
 * - The dataset row of a single-dataset task was hidden as "the same as their single-dataset task's".
 *   Each scope draws its own Monte Carlo stream (README, a choice), so with a p near α the dataset
 *   row can be significant where its task's is not: the verdict line said "1 significant
 *   regression(s)" above rows that were all n.s. Such a row is shown now; the seed is searched.
 * - A metric's value row drew the paired CI of its Δ from a stream of its own (review of
 *   7782c66/QA145), so bleu's Δ −0.285 CI [−0.476, −0.035] stood beside its value's Δ −28.5 CI
 *   [−46.70, −3.03], though bleu's value is 100 × its score: it is drawn from its score's stream.
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

/**
 * A workspace of 12 examples asking q = i + `first` (i = 0…11), applied with the BEFORE answers
 * (kept as base.lock), then again with the AFTER answers (evalc.lock).
 */
async function appliedTwice(prefix: string, first: number): Promise<string> {
  const { dir, cleanup } = tempWorkspace(prefix);
  cleanups.push(cleanup);
  const rows = Array.from({ length: 12 }, (_, i) =>
    JSON.stringify({
      id: `e${i}`,
      vars: { q: String(i + first) },
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
  return dir;
}

interface Delta {
  scope: string;
  metric: string;
  field: string;
  direction: string;
  delta: number;
  ci: [number, number] | null;
}

describe('a dataset row whose verdict differs from its single-dataset task is shown (QA154)', () => {
  it('text and Markdown show the significant dataset row beside its n.s. task', async () => {
    const dir = await appliedTwice('qa154-dataset-row', 1);

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

describe("a value row's CI of Δ comes from its score's stream (QA154)", () => {
  it("bleu: the value's CI is 100 × the score's", async () => {
    const dir = await appliedTwice('qa154-value-ci', 0);

    const json = await runCli(['diff', 'base.lock', 'evalc.lock', '--format', 'json'], { cwd: dir });
    const deltas = (JSON.parse(json.stdout) as { aggregates: Delta[] }).aggregates;
    for (const scope of ['benchmark', 'task/t1']) {
      const score = deltas.find((d) => d.scope === scope && d.field === 'score');
      const value = deltas.find((d) => d.scope === scope && d.field === 'value');
      expect(score?.ci?.[0]).toBeLessThan(score?.ci?.[1] ?? 0);
      expect(value?.delta).toBeCloseTo(100 * (score?.delta ?? 0), 6);
      expect(value?.ci?.[0]).toBeCloseTo(100 * (score?.ci?.[0] ?? 0), 6);
      expect(value?.ci?.[1]).toBeCloseTo(100 * (score?.ci?.[1] ?? 0), 6);
    }
  }, 60_000);
});
