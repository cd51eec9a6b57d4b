/**
 * A chat example's `turns` replace the user messages of its binding's input (by design: the turns
 * are everything the scripted user says). A binding that writes its own user message saw it
 * dropped for every example with turns, and validate said nothing (QA81). It warns now, at that
 * message's line:col, naming the examples with turns — and says nothing when nothing is dropped, or
 * when the message is one placeholder (DESIGN §2's `content: "{{user_query}}"`: the example's own
 * question, which its turns stand for).
 */
import { describe, expect, it } from 'vitest';
import { planDiagnostics } from './plan-helpers.js';

const plan = (protocol: string, input: string, examples: string) => `evalc: 1
benchmark: { id: b, version: 1.0.0 }
agents:
  a: { protocol: ${protocol}, url: "http://127.0.0.1:9/agent/respond" }
tasks:
  t:
    bindings:
      default:
        input: ${input}
        output: { answer: "messages[-1].content" }
    datasets:
      d:
        examples:
${examples}
`;

const MESSAGES = `
          messages:
            - { role: system, content: "Be brief." }
            - { role: user, content: "Question: {{q}}" }`;
const EXAMPLES = `          - { id: e1, vars: { q: one }, turns: [ "first", "second" ] }
          - { id: e2, vars: { q: two } }
          - { id: e3, vars: { q: three }, turns: [ "hello" ] }`;

const warnings = async (protocol: string, input: string, examples = EXAMPLES) =>
  (await planDiagnostics(plan(protocol, input, examples)))
    .filter((d) => d.code === 'EVALC_CHAT_TURNS_REPLACE_INPUT')
    .map((d) => `${d.severity} ${d.source?.line}:${d.source?.col} ${d.message}`);

describe("a chat binding's user message that an example's turns replace", () => {
  it('is a warning at that message, naming the examples with turns', async () => {
    expect(await warnings('chat', MESSAGES)).toEqual([
      "warning 12:15 chat binding `default`: its user message is not sent for dataset d, examples e1, e3 (2 of 3): an example's turns are everything the user says (turns[0] opens the conversation)",
    ]);
  });

  it('is a warning for a fixed text too', async () => {
    expect(
      await warnings(
        'chat',
        '{ messages: [ { role: user, content: "Hi" }, { role: user, content: "{{q}}" } ] }',
      ),
    ).toEqual([
      "warning 9:30 chat binding `default`: its user message is not sent for dataset d, examples e1, e3 (2 of 3): an example's turns are everything the user says (turns[0] opens the conversation)",
    ]);
  });

  it('is a warning at the input when the input is a string (one user message)', async () => {
    expect(await warnings('chat', '"Question: {{q}}"')).toEqual([
      "warning 9:16 chat binding `default`: its input (a user message) is not sent for dataset d, examples e1, e3 (2 of 3): an example's turns are everything the user says (turns[0] opens the conversation)",
    ]);
  });

  it('is not said when nothing is dropped: no turns, no user message, a var only turns stand for, or not chat', async () => {
    expect(await warnings('chat', MESSAGES, '          - { id: e2, vars: { q: two } }')).toEqual([]);
    expect(await warnings('chat', '{ messages: [ { role: system, content: "Be brief." } ] }')).toEqual([]);
    // e1 has no `q`: its input renders without the user message the turns replace (QA22 E8).
    expect(
      await warnings(
        'chat',
        MESSAGES,
        '          - { id: e1, vars: { }, turns: [ "first" ] }\n          - { id: e2, vars: { q: two } }',
      ),
    ).toEqual([]);
    expect(await warnings('raip', MESSAGES)).toEqual([]);
    expect(await warnings('chat', '{ messages: [ { role: user, content: "{{q}}" } ] }')).toEqual([]);
    expect(await warnings('chat', '"{{ q }}"')).toEqual([]);
  });
});
