/**
 * QA44: a template error in DESIGN §2's `bindings.default.input`, shared by two RAIP agents, was
 * found once per agent and printed twice ("2 errors" for one mistake).
 */
import { describe, expect, it } from 'vitest';
import { planDiagnostics } from '../compiler/plan-helpers.js';

const PLAN = `evalc: 1
benchmark: { id: b, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
  a2: { protocol: raip, url: http://127.0.0.1:7102 }
tasks:
  t:
    bindings:
      default: { input: { query: "{{#if (eq q 1)}}one{{/if}}" }, output: { answer: "output.answer" } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi } } ] }
`;

describe('one mistake in a binding shared by several agents', () => {
  it('is reported once', async () => {
    const errors = (await planDiagnostics(PLAN)).filter((d) => d.severity === 'error');
    expect(errors.map((d) => `${d.source?.line}:${d.source?.col} ${d.code}`)).toEqual([
      // An unknown helper (`eq`) is a template error since QA57; it was read as a missing var.
      // Said at the helper's name inside the value (its quote is at 9:34).
      '9:42 EVALC_BIND_TEMPLATE_SYNTAX',
    ]);
  });
});
