/**
 * An http agent's `response` JMESPath is compiled at validate: one that does not compile is an
 * error at its file:line:col, not an `extraction_failed` for every example at apply (QA22 E2).
 */
import { describe, expect, it } from 'vitest';
import { diagnosticsFor } from './plan-helpers.js';

const responseErrors = (response: string): Promise<string[]> =>
  diagnosticsFor(
    `evalc: 1
benchmark: { id: b }
agents:
  a:
    protocol: http
    url: http://127.0.0.1:9/search
    response: ${JSON.stringify(response)}
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: name } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: hi } } ] } }
`,
    'EVALC_AGENT_RESPONSE_JMESPATH',
  );

describe("an http agent's response expression", () => {
  it('is an error at its line when it does not compile', async () => {
    const errors = await responseErrors('data[[');
    expect(errors).toHaveLength(1);
    // At the second `[`, the token its parse failed at (QA191: it was the value's start, 7:15).
    expect(errors[0]).toMatch(/^7:21 agent a: response JMESPath expression does not compile: /);
  });

  it('is said at the character or token it fails at, as a binding output is (QA191)', async () => {
    // It was said at the value's start, 7:15, wherever the expression failed.
    const errors = await responseErrors("data.a == '😀' || data.b🙂");
    expect(errors).toEqual([
      `7:${15 + "\"data.a == '😀' || data.b".length} agent a: response JMESPath expression does not compile: Syntax error: unknown character: 🙂 (U+1F642)`,
    ]);
  });

  it('passes when it compiles', async () => {
    expect(await responseErrors('data.items[0]')).toEqual([]);
  });
});
