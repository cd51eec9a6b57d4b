/**
 * QA229: an `http` agent with `method: GET` sends its rendered input as the query string; an
 * input that renders to a string (`input: "{{q}}"`), a list or a number validated clean, and every
 * example then failed contract_error before it was sent ("a GET input must be an object"). It now
 * warns as EVALC_BIND_OPENAI_INPUT does for an openai agent, naming the examples.
 */
import { describe, expect, it } from 'vitest';
import { diagnosticsFor } from './plan-helpers.js';

const plan = (method: string, input: string) => `evalc: 1
benchmark: { id: b }
agents:
  h1: { protocol: http, method: ${method}, url: http://127.0.0.1:9/items }
tasks:
  t:
    bindings:
      default:
        input: ${input}
        output: { answer: "@" }
    datasets:
      d: { examples: [ { id: e1, vars: { q: x } }, { id: e2, vars: { q: y } } ] }
`;

describe('the rendered input of an http GET agent (QA229)', () => {
  it('warns when it is not a mapping, naming the examples and the fix', async () => {
    const got = await diagnosticsFor(plan('GET', '"{{q}}"'), 'EVALC_BIND_GET_INPUT');
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(
      /^9:16 http agent `h1` \(method: GET\) gets binding `default`, whose input renders to a string, not a mapping, for dataset d, examples e1, e2 \(2 of 2\)/,
    );
    const list = await diagnosticsFor(plan('GET', '["{{q}}"]'), 'EVALC_BIND_GET_INPUT');
    expect(list[0]).toContain('renders to a list');
  });

  it('is quiet for a mapping, for a POST body of any shape', async () => {
    expect(await diagnosticsFor(plan('GET', '{ q: "{{q}}" }'), 'EVALC_BIND_GET_INPUT')).toEqual([]);
    expect(await diagnosticsFor(plan('POST', '"{{q}}"'), 'EVALC_BIND_GET_INPUT')).toEqual([]);
  });
});
