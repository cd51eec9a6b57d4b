/**
 * The JMESPath parser accepts any function name and an unknown one fails only when evaluated:
 * `from_json(output)` passed validate, then every example failed `extraction_failed: Unknown
 * function` at apply (QA20 F2). It is a compile error now, reported at the output's line.
 */
import { describe, expect, it } from 'vitest';
import { compileExpression } from '../../src/binding/extract.js';
import { diagnosticsFor } from '../compiler/plan-helpers.js';

describe('unknown JMESPath functions', () => {
  it('fail to compile wherever they are nested, while known ones compile', () => {
    expect(compileExpression('length(from_json(output))[0]')).toEqual({
      ok: false,
      message: 'Unknown function: from_json() (not a JMESPath function)',
      offset: 'length('.length,
    });
    expect(compileExpression("items[?contains(name, 'a')] | sort_by(@, &nope(x))").ok).toBe(false);
    expect(compileExpression("items[?contains(name, 'a')] | sort_by(@, &age)[0].name").ok).toBe(true);
  });

  it('are a validate error at the binding output', async () => {
    const errors = await diagnosticsFor(
      `evalc: 1
benchmark: { id: b }
agents:
  a: { protocol: raip, url: "http://127.0.0.1:9" }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: "from_json(output.raw).answer" } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: hi } } ] } }
`,
      'EVALC_BIND_JMESPATH',
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /^7:\d+ JMESPath expression does not compile: Unknown function: from_json\(\) \(not a JMESPath function\)$/,
    );
  });
});
