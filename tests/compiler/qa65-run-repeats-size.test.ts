/**
 * QA65 (QA59 F9): `run.repeats: 1000000` made `plan` build and key a million steps per example and
 * agent (minutes; `1e9` hung). Repeats are capped at 10000 (a schema error at the line), and
 * validate warns (EVALC_RUN_SIZE) when examples × repeats × agents passes 100,000 invoke steps.
 */
import { describe, expect, it } from 'vitest';
import { planDiagnostics, withMessage } from './plan-helpers.js';

function planWith(repeats: number, examples: number): string {
  const rows = Array.from(
    { length: examples },
    (_, i) => `{ id: e${i}, vars: { q: x${i} }, expected: { answer: y } }`,
  );
  return `evalc: 1
benchmark: { id: b }
agents:
  a: { protocol: raip, url: "http://127.0.0.1:9" }
  b: { protocol: raip, url: "http://127.0.0.1:9" }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ ${rows.join(', ')} ] } }
    metrics: [ { type: exact_match } ]
run: { repeats: ${repeats} }
`;
}

describe('run.repeats size', () => {
  it('is a schema error above 10000, at its line, without building the steps', async () => {
    const started = Date.now();
    const diagnostics = await planDiagnostics(planWith(1_000_000_000, 2));
    expect(diagnostics.map(withMessage)).toEqual([
      'error EVALC_SCHEMA_INVALID run.repeats: run.repeats: must be at most 10000 (each repeat is one invoke step per example and agent)',
    ]);
    expect(diagnostics[0]?.source?.line).toBe(11);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('warns when examples × repeats × agents passes 100,000 invoke steps', async () => {
    expect((await planDiagnostics(planWith(1000, 60))).map(withMessage)).toEqual([
      'warning EVALC_RUN_SIZE run.repeats: run.repeats: 1000 makes 120,000 invoke steps (examples × repeats, per agent): plan and apply key every one in memory before the first request (about 1.5 s and 200 MB per 200,000), and apply sends them all',
    ]);
  });

  it('stays quiet at 10000 repeats of few examples, and at 100,000 steps', async () => {
    expect(await planDiagnostics(planWith(10_000, 2))).toEqual([]);
    expect(await planDiagnostics(planWith(1000, 50))).toEqual([]);
  });
});
