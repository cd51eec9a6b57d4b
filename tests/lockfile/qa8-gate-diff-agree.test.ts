/**
 * QA8: a regression gate and `evalc diff` compare the same pairs; they must report the same
 * p-value and CI. They used two bootstrap seeds (the gate's `gate\0index\0agent\0target`, the
 * diff's `scope\0agent\0metric`) and two pair orders, so one report.md showed the same
 * comparison as `p = 0.2907, CI [-0.583, 0.100]` in its gates and `p 0.323, CI [-0.591, 0.125]`
 * in its "Changes vs baseline" table — a borderline change could read REGRESSION in one and
 * n.s. in the other.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatP } from '../../src/reports/format.js';
import { runCli, tempWorkspace } from '../e2e/apply-harness.js';
import type { Loopback } from '../fixtures/loopback.js';
import { type RepeatAnswers, startRepeatRaipAgent } from '../fixtures/qa8-repeat-raip-agent.js';

const QS = ['q0', 'q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7'];
// v1 answers right on every repeat except q6 (2 of 3) and q7 (never); v2 breaks q0, q1 (0 of 3),
// q2 (1 of 3) and fixes q7 (3 of 3): per-example pass_rate scores are thirds, so the gate and
// the diff both use the paired bootstrap.
const ANSWERS: RepeatAnswers = {
  '1': Object.fromEntries(
    QS.map((q) => [q, q === 'q6' ? [`a-${q}`, `a-${q}`, 'x'] : q === 'q7' ? ['x'] : [`a-${q}`]]),
  ),
  '2': Object.fromEntries(
    QS.map((q) => [
      q,
      q === 'q0' || q === 'q1'
        ? ['x']
        : q === 'q2'
          ? [`a-${q}`, 'x', 'x']
          : q === 'q6'
            ? [`a-${q}`, `a-${q}`, 'x']
            : [`a-${q}`],
    ]),
  ),
};

let agent: Loopback;
beforeAll(async () => {
  agent = await startRepeatRaipAgent(ANSWERS);
});
afterAll(async () => {
  await agent.close();
});

function writePlan(dir: string, version: string): void {
  const plan = {
    evalc: 1,
    benchmark: { id: 'qa8-agree', version: '1.0.0' },
    agents: { a1: { protocol: 'raip', url: agent.url } },
    tasks: {
      t1: {
        bindings: { default: { input: { q: '{{q}}', v: version }, output: { answer: 'output.answer' } } },
        datasets: {
          d1: { source: 'd1.jsonl', weight: 2 },
          d2: { source: 'd2.jsonl', weight: 1 },
        },
        metrics: [{ type: 'exact_match' }, { type: 'pass_rate' }],
      },
    },
    run: { repeats: 3, seed: 13, bootstrap: 500 },
    gates: [
      { metric: 'pass_rate', regression: { max_drop: 0.01, significance: 0.5 } },
      { metric: 'pass_rate', scope: 'dataset', regression: { max_drop: 0.01, significance: 0.5 } },
    ],
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
}

interface LockGate {
  scope: string;
  kind: string;
  message: string;
}
interface Delta {
  scope: string;
  agent: string;
  metric: string;
  pValue: number | null;
  ci: [number, number] | null;
  method: string;
}

describe('a regression gate and evalc diff agree on one comparison (QA8)', () => {
  it('reports the same p-value and CI for the same scope in the lock gates and the diff', async () => {
    const ws = tempWorkspace('qa8-agree');
    try {
      const { dir } = ws;
      const line = (q: string, i: number) =>
        JSON.stringify({ id: q, vars: { q }, expected: { answer: `a-${q}` }, weight: 1 + (i % 2) });
      writeFileSync(path.join(dir, 'd1.jsonl'), `${QS.slice(0, 5).map(line).join('\n')}\n`);
      writeFileSync(path.join(dir, 'd2.jsonl'), `${QS.slice(5).map(line).join('\n')}\n`);
      writePlan(dir, '1');
      expect((await runCli(['apply', '--quiet'], { cwd: dir })).code).toBe(0);
      copyFileSync(path.join(dir, 'evalc.lock'), path.join(dir, 'base.lock'));
      writePlan(dir, '2');
      const applied = await runCli(['apply', '--quiet', '--baseline', 'base.lock'], { cwd: dir });
      expect(applied.code).toBe(1); // the benchmark gate fails at α = 0.5
      // The comparison's gates are in the reports (evalc.lock keeps its regression gates skipped).
      const gates = (
        JSON.parse(readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8')) as {
          gates: LockGate[];
        }
      ).gates;
      const diff = await runCli(['diff', 'base.lock', 'evalc.lock', '--format', 'json'], { cwd: dir });
      const deltas = (JSON.parse(diff.stdout) as { aggregates: Delta[] }).aggregates;
      const scopes: [string, string][] = [
        ['benchmark', 'benchmark'],
        ['dataset:t1/d1', 'dataset/t1/d1'],
        ['dataset:t1/d2', 'dataset/t1/d2'],
      ];
      for (const [gateScope, diffScope] of scopes) {
        // the lock keeps the gate's test in its message: "95% CI of the change [lo, hi], p = 0.123 (paired bootstrap CI, … sign-flip p"
        const g = gates.find((x) => x.scope === gateScope && x.kind === 'regression');
        // negative bounds print with the minus sign U+2212 (QA158)
        const m = /95% CI of the change \[(−?[\d.]+), (−?[\d.]+)\], p ([=<] [\d.]+) \(paired bootstrap/.exec(
          g?.message ?? '',
        );
        const d = deltas.find((x) => x.scope === diffScope && x.agent === 'a1' && x.metric === 'pass_rate');
        expect(m, `${gateScope}: ${g?.message}`).not.toBeNull();
        expect(d?.method, diffScope).toBe('sign_flip');
        // printed as the diff's tables print it (QA184: the gate had 4 decimals)
        expect(m?.[3], gateScope).toBe(
          `${formatP(d?.pValue, 0.05)}`.replace(/^(?!<)/, '= ').replace(/^</, '< '),
        );
        expect([m?.[1], m?.[2]], gateScope).toEqual(d?.ci?.map((x) => x.toFixed(3).replace('-', '−')));
      }
      // d1 by hand (weights 1, 2, 1, 2, 1): v1 scores 1, 1, 1, 1, 1; v2 0, 0, 1/3, 1, 1:
      // 1.000 → (0 + 0 + 1/3 + 2 + 1) / 7 = 0.476
      expect(gates.find((x) => x.scope === 'dataset:t1/d1')?.message).toContain('1.000 → 0.476');
    } finally {
      ws.cleanup();
    }
  }, 60_000);
});
