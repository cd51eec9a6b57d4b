/**
 * QA266: exact McNemar counts flips, not weights. Two tasks weighted 3 : 1 (QA262's case): t1's
 * dataset has a0..a3 of weight 1 and a4 of weight 0, so each of a0..a3 weighs 3/4 · 1/4 = 3/16;
 * t2's has b0..b9 of weights 1, 2, 3, 1, 2, 3, … (sum 19), each weighing 1/4 · w/19. a0 (and a4,
 * weight 0) pass → fail, b0..b7 (weights summing to 15) fail → pass. The weighted mean moves
 * −3/16 + 15/76 = 3/304 = +0.0099, while McNemar's counts (b = 1, c = 8) read p = 0.0390625, a
 * "significant improvement".
 *
 * The weighted sign-flip test by hand, in units of 1/304: the changed pairs are −57 (a0) and
 * 4, 8, 12, 4, 8, 12, 4, 8 (b0..b7, total 60); observed |T| = 3. Any sign pattern of b0..b7 sums
 * to S = 60 − 8k (≡ 4 mod 8); |57 + S| < 3 needs S ∈ {−59, …, −55}, and none of them is ≡ 4 mod 8
 * (likewise |−57 + S| < 3). Every one of the 2⁹ patterns
 * is as far from 0: p = 1, exact (9 changed pairs, 2⁹ ≤ run.bootstrap 1000).
 * task/t2 alone (weights 1–3, all eight flips one way): sign-flip, only the all-+ and all-− patterns
 * reach it, p = 2/2⁸ = 0.0078125. task/t1 (equal weights): McNemar b = 1, c = 0, p = 1.
 */
import { copyFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Loopback } from '../fixtures/loopback.js';
import { type RepeatAnswers, startRepeatRaipAgent } from '../fixtures/qa8-repeat-raip-agent.js';
import { runCli, tempWorkspace } from './apply-harness.js';

const A = ['a0', 'a1', 'a2', 'a3', 'a4'];
const B = Array.from({ length: 10 }, (_, i) => `b${i}`);
const right = (q: string) => [`a-${q}`];
const wrong = ['x'];
const ANSWERS: RepeatAnswers = {
  '1': Object.fromEntries([...A.map((q) => [q, right(q)]), ...B.map((q) => [q, wrong])]),
  '2': Object.fromEntries([
    ...A.map((q) => [q, q === 'a0' || q === 'a4' ? wrong : right(q)]),
    ...B.map((q, i) => [q, i < 8 ? right(q) : wrong]),
  ]),
};

let agent: Loopback;
beforeAll(async () => {
  agent = await startRepeatRaipAgent(ANSWERS);
});
afterAll(async () => {
  await agent.close();
});

function writePlan(dir: string, version: string): void {
  const task = (weight: number, dataset: string) => ({
    weight,
    bindings: { default: { input: { q: '{{q}}', v: version }, output: { answer: 'output.answer' } } },
    datasets: { [dataset]: { source: `${dataset}.jsonl` } },
    metrics: [{ type: 'exact_match' }],
  });
  const plan = {
    evalc: 1,
    benchmark: { id: 'qa266-weighted', version: '1.0.0' },
    agents: { a1: { protocol: 'raip', url: agent.url } },
    tasks: { t1: task(3, 'd1'), t2: task(1, 'd2') },
    run: { seed: 7 },
    gates: [
      { metric: 'exact_match', regression: { max_drop: 0 } },
      { metric: 'exact_match', task: 't2', regression: { max_drop: 0 } },
    ],
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
}

interface Delta {
  scope: string;
  metric: string;
  method: string;
  pValue: number;
  pValueMethod?: string;
  ci: [number, number];
  significant: boolean;
  direction: string;
  discordant?: { b: number; c: number };
}

describe('paired test at unequal pair weights (QA266)', () => {
  it('tests pass/fail pairs of unequal weights with the weighted sign-flip test, in diff and gates alike', async () => {
    const ws = tempWorkspace('qa266-weighted');
    const { dir } = ws;
    try {
      const line = (q: string, weight: number) =>
        JSON.stringify({ id: q, vars: { q }, expected: { answer: `a-${q}` }, weight });
      writeFileSync(path.join(dir, 'd1.jsonl'), `${A.map((q, i) => line(q, i === 4 ? 0 : 1)).join('\n')}\n`);
      writeFileSync(path.join(dir, 'd2.jsonl'), `${B.map((q, i) => line(q, 1 + (i % 3))).join('\n')}\n`);
      writePlan(dir, '1');
      expect((await runCli(['apply', '--quiet'], { cwd: dir })).code).toBe(0);
      copyFileSync(path.join(dir, 'evalc.lock'), path.join(dir, 'base.lock'));
      writePlan(dir, '2');
      const applied = await runCli(['apply', '--baseline', 'base.lock', '--json'], { cwd: dir });
      expect(applied.code, applied.stderr).toBe(0);
      const gates = (
        JSON.parse(applied.stdout.trim().split('\n').at(-1) ?? '{}') as {
          gates: { kind: string; passed: boolean; message: string }[];
        }
      ).gates.filter((g) => g.kind === 'regression');
      const diff = await runCli(['diff', 'base.lock', 'evalc.lock', '--format', 'json'], { cwd: dir });
      const rows = (JSON.parse(diff.stdout) as { aggregates: Delta[] }).aggregates.filter(
        (d) => d.metric === 'exact_match',
      );
      const at = (scope: string) => rows.find((d) => d.scope === scope);

      const bench = at('benchmark');
      expect(bench).toMatchObject({
        method: 'sign_flip',
        pValue: 1,
        pValueMethod: 'exact',
        significant: false,
      });
      expect(bench?.direction).toBe('unchanged'); // was 'improvement', p = 0.0390625 (McNemar 1↓ 8↑)
      expect(bench?.discordant).toBeUndefined();
      expect(at('task/t2')).toMatchObject({ method: 'sign_flip', pValue: 0.0078125, significant: true });
      expect(at('task/t1')).toMatchObject({ method: 'mcnemar', pValue: 1, discordant: { b: 1, c: 0 } });

      // The gate tests the same pairs the same way: one comparison, one p and one CI.
      const gate = gates.find((g) => g.message.startsWith('exact_match at benchmark '));
      expect(gate?.message).toContain('0.750 → 0.760 (better by 0.00987');
      expect(gate?.message).toContain('p = 1.000 (paired bootstrap CI, exact sign-flip p, n = 15');
      const fmt = (x: number) => x.toFixed(3).replace('-', '−');
      expect(gate?.message).toContain(`[${fmt(bench?.ci[0] ?? 9)}, ${fmt(bench?.ci[1] ?? 9)}]`);
      const t2 = gates.find((g) => g.message.startsWith('exact_match at task:t2 '));
      expect(t2?.message).toContain('p = 0.008 (paired bootstrap CI, exact sign-flip p, n = 10');
    } finally {
      ws.cleanup();
    }
  }, 90_000);
});
