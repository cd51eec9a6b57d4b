/**
 * QA64: a partial plan built from DESIGN §2's pieces (no `benchmark:`, a task without `bindings:` or
 * `datasets:`, a rubric without `dimensions:`) said only "missing required field `x`"; the hint now
 * shows the smallest thing to write there, in DESIGN's shape.
 */
import { describe, expect, it } from 'vitest';
import { planDiagnostics } from '../compiler/plan-helpers.js';

const hintOf = async (yaml: string, path: string) =>
  (await planDiagnostics(yaml)).find((d) => d.code === 'EVALC_SCHEMA_MISSING' && d.path.join('.') === path)
    ?.hint;

describe('hints of a missing required field (QA64)', () => {
  it('shows what to write for benchmark, bindings, datasets and dimensions', async () => {
    expect(await hintOf('evalc: 1\n', 'benchmark')).toContain('add benchmark: { id: ');
    const task = `evalc: 1
benchmark: { id: b }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
rubrics:
  r: { failureModes: [x] }
tasks:
  t: { metrics: [ { type: pass_rate } ] }
`;
    expect(await hintOf(task, 'tasks.t.bindings')).toContain('bindings: { default: { input: ');
    expect(await hintOf(task, 'tasks.t.datasets')).toContain('datasets: { ');
    expect(await hintOf(task, 'rubrics.r.dimensions')).toContain('dimensions: [{ id: ');
    expect(await hintOf('evalc: 1\nbenchmark: { version: 1.0.0 }\n', 'benchmark.id')).toContain('add id: ');
  });
});
