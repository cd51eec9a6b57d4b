/**
 * QA64: an `openai` agent added to DESIGN §2's plan with its `default` binding
 * (`input: { query: "{{user_query}}" }`) validated clean, and every example then failed
 * contract_error before it was sent ("rendered input must be a string or {messages: [...]…}"). A
 * chat agent with such an input already warned (EVALC_BIND_CHAT_INPUT); an openai agent now warns
 * too (EVALC_BIND_OPENAI_INPUT), saying what binding to give it.
 */
import { describe, expect, it } from 'vitest';
import { diagnosticsFor } from './plan-helpers.js';

const plan = (input: string) => `evalc: 1
benchmark: { id: b }
agents:
  o1: { protocol: openai, url: http://127.0.0.1:11434/v1, model: m }
tasks:
  t:
    bindings:
      default:
        input: ${input}
        output: { answer: "content" }
    datasets:
      d: { examples: [ { id: e1, vars: { q: x } }, { id: e2, vars: { q: y } } ] }
`;

describe('the rendered input of an openai agent (QA64)', () => {
  it('warns when it is neither a string nor {messages: [...]}, naming the examples and the fix', async () => {
    const got = await diagnosticsFor(plan('{ query: "{{q}}" }'), 'EVALC_BIND_OPENAI_INPUT');
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(
      /^9:16 openai agent `o1` gets binding `default`, whose input is not a string or \{messages: \[\.\.\.\]\}, for dataset d, examples e1, e2 \(2 of 2\)/,
    );
  });

  it('is quiet for a string or a messages list', async () => {
    expect(await diagnosticsFor(plan('"{{q}}"'), 'EVALC_BIND_OPENAI_INPUT')).toEqual([]);
    expect(
      await diagnosticsFor(
        plan('{ messages: [{ role: user, content: "{{q}}" }], temperature: 0 }'),
        'EVALC_BIND_OPENAI_INPUT',
      ),
    ).toEqual([]);
  });
});
