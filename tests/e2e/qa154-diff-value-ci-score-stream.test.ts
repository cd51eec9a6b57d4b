/**
 * Regression (QA154, review of 7782c66/QA145): `evalc diff` draws the paired CI of a metric's value
 * row from its score's resampling stream, as 7782c66 made the lock's CIs do. The value row had a
 * stream of its own, so bleu's Δ −0.285 CI [−0.476, −0.035] stood beside its value's Δ −28.5
 * CI [−46.70, −3.03], though bleu's value is 100 × its score. Real binary, loopback RAIP agent.
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
  field: string;
  delta: number;
  ci: [number, number] | null;
}

describe("a value row's CI of Δ comes from its score's stream (QA154)", () => {
  it("bleu: the value's CI is 100 × the score's", async () => {
    const { dir, cleanup } = tempWorkspace('qa154-value-ci');
    cleanups.push(cleanup);
    const rows = Array.from({ length: 12 }, (_, i) =>
      JSON.stringify({ id: `e${i}`, vars: { q: String(i) }, expected: { text: 'the cat sat on the mat' } }),
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
