/**
 * QA71: two regression-gate verdicts on real runs of a RAIP agent whose answers are set per
 * example (v1 = the baseline's, v2 = the change's), checked against SciPy.
 *
 * 1. p exactly at α: 3 examples pass → fail and 1 fail → pass, b = 3, c = 1, exact McNemar
 *    p = scipy.stats.binomtest(1, 4).pvalue = 0.625 (= 2·5/16). The rule is p < α, so a gate at
 *    `significance: 0.625` passes; evalc's float sum made p 0.6249999999999999 and failed it.
 * 2. McNemar's flips against the weighted change: one example of weight 10 passes → fails, eight of
 *    weight 1 fail → pass. The weighted mean drops 10/18 → 8/18, but the flips (b = 1, c = 8,
 *    p = binomtest(1, 9) = 0.0390625) say the improvements are no accident, and the weighted
 *    sign-flip test (the statistic the drop is) gives p = 1 (every one of the 2⁹ sign patterns is as
 *    far from 0: enumerated in Python). It failed `REGRESSION` at α = 0.05; `evalc diff` called it a
 *    significant regression. Since QA266 such pairs (unequal weights) take that sign-flip test.
 */
import { copyFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Loopback } from '../fixtures/loopback.js';
import { type RepeatAnswers, startRepeatRaipAgent } from '../fixtures/qa8-repeat-raip-agent.js';
import { runCli, tempWorkspace } from './apply-harness.js';

const right = (q: string) => [`a-${q}`];
const wrong = ['x'];
const RS = Array.from({ length: 267 }, (_, i) => `r${i}`);
const ANSWERS: RepeatAnswers = {
  // case 1: p0..p2 pass → fail, p3 fail → pass
  '1': { p0: right('p0'), p1: right('p1'), p2: right('p2'), p3: wrong },
  '2': { p0: wrong, p1: wrong, p2: wrong, p3: right('p3') },
  // case 2: w0 (weight 10) pass → fail, w1..w8 fail → pass
  '3': Object.fromEntries(
    ['w0', 'w1', 'w2', 'w3', 'w4', 'w5', 'w6', 'w7', 'w8'].map((q) => [q, q === 'w0' ? right(q) : wrong]),
  ),
  // case 4: r0..r149 pass → fail, r150..r266 fail → pass (b = 150, c = 117)
  '7': Object.fromEntries(RS.map((q, i) => [q, i < 150 ? right(q) : wrong])),
  '8': Object.fromEntries(RS.map((q, i) => [q, i < 150 ? wrong : right(q)])),
  // case 3: every example weighs 0 and passes → fails
  '5': { z0: right('z0'), z1: right('z1'), z2: right('z2') },
  '6': { z0: wrong, z1: wrong, z2: wrong },
  '4': Object.fromEntries(
    ['w0', 'w1', 'w2', 'w3', 'w4', 'w5', 'w6', 'w7', 'w8'].map((q) => [q, q === 'w0' ? wrong : right(q)]),
  ),
};

let agent: Loopback;
beforeAll(async () => {
  agent = await startRepeatRaipAgent(ANSWERS);
});
afterAll(async () => {
  await agent.close();
});

function writePlan(dir: string, version: string, significance: number): void {
  const plan = {
    evalc: 1,
    benchmark: { id: 'qa71-paired', version: '1.0.0' },
    agents: { a1: { protocol: 'raip', url: agent.url } },
    tasks: {
      t: {
        bindings: { default: { input: { q: '{{q}}', v: version }, output: { answer: 'output.answer' } } },
        datasets: { d: { source: 'd.jsonl' } },
        metrics: [{ type: 'exact_match' }],
      },
    },
    run: { seed: 7 },
    gates: [{ metric: 'exact_match', regression: { max_drop: 0, significance } }],
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
}

interface Delta {
  scope: string;
  method: string;
  pValue: number;
  pValueMethod?: string;
  significant: boolean;
  direction: string;
  discordant?: { b: number; c: number };
}

async function compare(
  name: string,
  rows: { q: string; weight?: number }[],
  versions: [string, string],
  significance: number,
) {
  const ws = tempWorkspace(name);
  const { dir } = ws;
  const lines = rows.map(({ q, weight }) =>
    JSON.stringify({
      id: q,
      vars: { q },
      expected: { answer: `a-${q}` },
      ...(weight !== undefined ? { weight } : {}),
    }),
  );
  writeFileSync(path.join(dir, 'd.jsonl'), `${lines.join('\n')}\n`);
  writePlan(dir, versions[0], significance);
  expect((await runCli(['apply', '--quiet'], { cwd: dir })).code).toBe(0);
  copyFileSync(path.join(dir, 'evalc.lock'), path.join(dir, 'base.lock'));
  writePlan(dir, versions[1], significance);
  const applied = await runCli(['apply', '--baseline', 'base.lock', '--json'], { cwd: dir });
  const result = JSON.parse(applied.stdout.trim().split('\n').at(-1) ?? '{}') as {
    gates: { kind: string; passed: boolean; message: string }[];
  };
  const gate = result.gates.find((g) => g.kind === 'regression');
  const diff = await runCli(
    ['diff', 'base.lock', 'evalc.lock', '--format', 'json', '--significance', String(significance)],
    { cwd: dir },
  );
  const delta = (JSON.parse(diff.stdout) as { aggregates: Delta[] }).aggregates.find(
    (d) => d.scope === 'benchmark',
  );
  return { ws, code: applied.code, gate, delta, diffCode: diff.code };
}

describe('regression gate verdicts against SciPy (QA71)', () => {
  it('passes a gate whose exact McNemar p equals its significance (p < α, not ≤)', async () => {
    const r = await compare(
      'qa71-p-at-alpha',
      [{ q: 'p0' }, { q: 'p1' }, { q: 'p2' }, { q: 'p3' }],
      ['1', '2'],
      0.625,
    );
    try {
      expect(r.delta).toMatchObject({ method: 'mcnemar', discordant: { b: 3, c: 1 }, significant: false });
      expect(r.delta?.pValue).toBe(0.625); // scipy.stats.binomtest(1, 4).pvalue
      expect(r.gate?.passed, r.gate?.message).toBe(true);
      expect(r.gate?.message).toContain('p = 0.625 (exact McNemar, b=3 c=1');
      expect(r.code).toBe(0);
    } finally {
      r.ws.cleanup();
    }
  }, 60_000);

  it('does not call a weighted drop a regression on McNemar flips that are mostly improvements', async () => {
    const rows = [
      { q: 'w0', weight: 10 },
      ...['w1', 'w2', 'w3', 'w4', 'w5', 'w6', 'w7', 'w8'].map((q) => ({ q })),
    ];
    const r = await compare('qa71-flips-against', rows, ['3', '4'], 0.05);
    try {
      // Unequal weights take the weighted sign-flip test (QA266), not McNemar's 1↓ 8↑ (p = 0.0390625).
      expect(r.delta).toMatchObject({ method: 'sign_flip', pValue: 1, pValueMethod: 'exact' });
      expect(r.delta).toMatchObject({ significant: false, direction: 'unchanged' });
      expect(r.gate?.passed, r.gate?.message).toBe(true);
      expect(r.gate?.message).toContain('0.556 → 0.444'); // 10/18 → 8/18
      expect(r.gate?.message).toContain('p = 1.000 (paired bootstrap CI, exact sign-flip p, n = 9');
      expect(r.code).toBe(0);
    } finally {
      r.ws.cleanup();
    }
  }, 60_000);

  it('fails a regression gate whose paired results all weigh 0, saying so, as a min/max gate does', async () => {
    const rows = ['z0', 'z1', 'z2'].map((q) => ({ q, weight: 0 }));
    const r = await compare('qa71-all-weigh-0', rows, ['5', '6'], 0.05);
    try {
      // it read "0.000 → 0.000 (drop 0.000, max_drop 0) … drop ≤ max_drop 0" and passed
      expect(r.gate?.passed, r.gate?.message).toBe(false);
      expect(r.gate?.message).toBe(
        'exact_match has no results at benchmark for a1: its 3 paired results all weigh 0 (example, dataset or task weights), so there is no mean to compare with the baseline',
      );
      expect(r.code).toBe(1);
      expect(r.delta).toMatchObject({ method: 'none', pValue: null, significant: false });
    } finally {
      r.ws.cleanup();
    }
  }, 60_000);

  it('prints a p just under α with the digits that show it is under α', async () => {
    const r = await compare(
      'qa71-p-digits',
      RS.map((q) => ({ q })),
      ['7', '8'],
      0.05,
    );
    try {
      // 2·Σᵢ≤117 C(267, i) / 2²⁶⁷ = 0.04998317639678605 (Python fractions; scipy.stats.binomtest(117, 267)
      // prints …592, its own float sum): a regression at α = 0.05,
      // printed `p = 0.0500 (…, α = 0.05): REGRESSION` and `p 0.050` in the diff
      expect(r.delta?.pValue).toBe(0.04998317639678605);
      expect(r.gate?.message).toContain(
        'p = 0.04998 (exact McNemar, b=150 c=117, n = 267, α = 0.05): REGRESSION',
      );
      const text = await runCli(['diff', 'base.lock', 'evalc.lock'], { cwd: r.ws.dir });
      expect(text.stdout).toMatch(/REGRESSION +benchmark .* p = 0\.04998 \(mcnemar\)/);
      const md = await runCli(['diff', 'base.lock', 'evalc.lock', '--format', 'md'], { cwd: r.ws.dir });
      expect(md.stdout).toContain('| 0.04998 | McNemar (150↓ 117↑) |');
      // far from α, three decimals as before
      const loose = await runCli(['diff', 'base.lock', 'evalc.lock', '--significance', '0.2'], {
        cwd: r.ws.dir,
      });
      expect(loose.stdout).toMatch(/p = 0\.050 \(mcnemar\)/);
    } finally {
      r.ws.cleanup();
    }
  }, 60_000);
});
