/**
 * QA64: a plan written from DESIGN §2's pieces with a binding that has no `output:` and a bare
 * `{ type: exact_match }` validated clean and scored every example 0: the metric reads the candidate
 * `answer`, else the only output, and the binding extracts none. validate now warns at the metric,
 * per agent, saying what to add (a `judge` without content already did, QA41).
 */
import { describe, expect, it } from 'vitest';
import { diagnosticsFor } from './plan-helpers.js';

const plan = (output: string, metric: string) => `evalc: 1
benchmark: { id: b }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings:
      default:
        input: { q: "{{q}}" }
${output}
    datasets:
      d: { examples: [ { id: e1, vars: { q: x }, expected: { answer: "4" } } ] }
    metrics:
      - ${metric}
`;

describe('a candidate-reading metric without candidate: (QA64)', () => {
  it('warns when the binding has no output, naming what to add', async () => {
    const got = await diagnosticsFor(plan('', '{ type: exact_match }'), 'EVALC_REF_CANDIDATE');
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(/^14:9 /);
    expect(got[0]).toContain('`a1` (outputs: none)');
  });

  it('warns when there are several outputs and none is `answer`', async () => {
    const out = '        output: { text: "output.text", codes: "output.codes" }';
    const got = await diagnosticsFor(plan(out, '{ type: contains }'), 'EVALC_REF_CANDIDATE');
    expect(got).toHaveLength(1);
    expect(got[0]).toContain('`a1` (outputs: text, codes)');
  });

  it('is quiet with an `answer` output, a single output, a candidate:, or consistency on pass', async () => {
    for (const [out, metric] of [
      ['        output: { answer: "output.answer", codes: "output.codes" }', '{ type: exact_match }'],
      ['        output: { text: "output.text" }', '{ type: f1 }'],
      [
        '        output: { text: "output.text", codes: "output.codes" }',
        '{ type: exact_match, candidate: codes }',
      ],
      ['', '{ type: consistency, on: pass }'],
      ['', '{ type: pass_rate }'],
    ]) {
      expect(await diagnosticsFor(plan(out as string, metric as string), 'EVALC_REF_CANDIDATE')).toEqual([]);
    }
  });
});
