/**
 * QA44: DESIGN §2 gates take `min:` and `max:`; a gate with min above max (`{ min: 0.9, max: 0.1 }`,
 * a slip for `max: 0.91`) can never pass, and validated silently. It now warns, as the other
 * can-never-pass bounds do (EVALC_GATE_RANGE).
 */
import { describe, expect, it } from 'vitest';
import { planDiagnostics } from './plan-helpers.js';

const plan = (gate: string): string => `evalc: 1
benchmark: { id: b, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings:
      default: { input: { query: "{{q}}" }, output: { answer: "output.answer" } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] }
    metrics: [ { type: exact_match } ]
gates:
  - ${gate}
`;

const ranges = async (gate: string) =>
  (await planDiagnostics(plan(gate)))
    .filter((d) => d.code === 'EVALC_GATE_RANGE')
    .map((d) => `${d.severity} ${d.source?.line}:${d.source?.col} ${d.message}`);

describe('a gate whose min is above its max', () => {
  it('warns that it can never pass', async () => {
    expect(await ranges('{ metric: exact_match, min: 0.9, max: 0.1 }')).toEqual([
      'warning 13:43 gate on exact_match: min 0.9 is above max 0.1: it can never pass',
    ]);
    expect(await ranges('{ metric: exact_match, min: 0.1, max: 0.9 }')).toEqual([]);
  });
});
