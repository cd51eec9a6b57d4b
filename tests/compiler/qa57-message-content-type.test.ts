/**
 * A leaf that is one placeholder keeps the var's JSON type, so a chat or OpenAI binding's
 * `content: "{{order_id}}"` sent `content: 1042` — a number where both contracts say text: the chat
 * adapter refuses it at apply (contract_error), an OpenAI-compatible server with HTTP 400. validate said nothing
 * (QA57); it warns now, naming the examples, and says nothing for text content or a RAIP agent.
 */
import { describe, expect, it } from 'vitest';
import { planDiagnostics } from './plan-helpers.js';

const plan = (protocol: string, content: string) => `evalc: 1
benchmark: { id: b, version: 1.0.0 }
agents:
  a: { protocol: ${protocol}, url: "http://127.0.0.1:9/v1"${protocol === 'openai' ? ', model: m' : ''} }
tasks:
  t:
    bindings:
      default:
        input: { messages: [ { role: system, content: "Be brief." }, { role: user, content: "${content}" } ] }
        output: { answer: "messages[-1].content" }
    datasets:
      d:
        examples:
          - { id: e1, vars: { order_id: 1042 } }
          - { id: e2, vars: { order_id: "A-7" } }
          - { id: e3, vars: { order_id: 7 }, turns: [ "where is my order?" ] }
`;

const warnings = async (protocol: string, content: string) =>
  (await planDiagnostics(plan(protocol, content)))
    .filter((d) => d.code === 'EVALC_BIND_MESSAGE_CONTENT')
    .map((d) => `${d.source?.line} ${d.message}`);

describe('message content that renders to something other than text', () => {
  it('is a warning for chat and openai agents, naming the examples (not those whose turns speak)', async () => {
    expect(await warnings('chat', '{{order_id}}')).toEqual([
      '9 chat agent `a`: message content renders to a number, not text, for dataset d, examples e1 (1 of 3): each fails contract_error before it is sent',
    ]);
    expect(await warnings('openai', '{{order_id}}')).toEqual([
      '9 openai agent `a`: message content renders to a number, not text, for dataset d, examples e1, e3 (2 of 3): the API takes text, and servers refuse it (HTTP 400)',
    ]);
  });

  it('says nothing of text content, or of an agent whose input is its own', async () => {
    expect(await warnings('chat', 'Order {{order_id}}')).toEqual([]);
    expect(await warnings('chat', '{{json order_id}}')).toEqual([]);
    expect(await warnings('raip', '{{order_id}}')).toEqual([]);
  });
});
