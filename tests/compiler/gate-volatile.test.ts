/** A regression gate on a measurement without a budget (tokens, cost) could never be evaluated: validate warns. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function warningsFor(metrics: string, gates: string): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-gate-volatile-'));
  dirs.push(dir);
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: b }
agents:
  a: { protocol: raip, url: "http://127.0.0.1:9" }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: hi } } ] } }
    metrics: ${metrics}
prices: { m1: { input: 1, output: 2 } }
gates: ${gates}
`,
  );
  const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  return result.diagnostics.map((d) => `${d.severity} ${d.code} ${d.path.join('.')}`);
}

describe('regression gates on measurements', () => {
  it('warn when the measurement has no budget (no per-example score to pair)', async () => {
    expect(
      await warningsFor(
        '[ { type: cost, model: m1 }, { type: tokens } ]',
        '[ { metric: cost, regression: { max_drop: 0.1 } }, { metric: tokens, max: 100 } ]',
      ),
    ).toEqual(['warning EVALC_GATE_VOLATILE gates.0.regression']);
  });

  it('stay quiet for a measurement with a budget (it has a score) and for scored metrics', async () => {
    expect(
      await warningsFor(
        '[ { type: tokens, budget: 100 }, { type: contains, candidate: answer, value: x } ]',
        '[ { metric: tokens, regression: { max_drop: 0.1 } }, { metric: contains, regression: { max_drop: 0.1 } } ]',
      ),
    ).toEqual([]);
  });
});
