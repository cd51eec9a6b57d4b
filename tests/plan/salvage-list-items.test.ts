/** Salvage prunes a bad key inside a list item, so the semantic checks still run on the rest. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from '../compiler/plan-helpers.js';

const PLAN = `evalc: 1
benchmark: { id: b }
agents:
  a1: { protocol: raip, url: "http://127.0.0.1:9" }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { codes: output.codes } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: x }, expected: { codes: [A] } } ] } }
    metrics:
      - { type: exact_match, candidate: codes, expected: codes, mode: set }
gates:
  - { metric: nosuch, scope: benchmark, min: 0.5 }
  - { metric: exact_match, scope: galaxy, min: 0.5 }
`;

describe('salvage inside list items', () => {
  it('reports a bad gate scope and, in the same pass, a gate naming an unknown metric', async () => {
    const dir = writeFiles({ 'evalc.yaml': PLAN });
    const loaded = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
    expect(loaded.diagnostics.map((d) => [d.code, d.source?.line, d.source?.col])).toEqual([
      ['EVALC_REF_METRIC', 12, 15],
      ['EVALC_SCHEMA_VALUE', 13, 35],
    ]);
  });
});
