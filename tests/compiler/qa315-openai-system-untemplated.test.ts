/**
 * QA315: an openai agent's `system` prompt is prepended to the messages as written, so
 * `system: "… {{user_query}}"` reached the model with the braces in it, silently; validate warns
 * at it (EVALC_UNTEMPLATED_TEXT), as it does at a task's instructions (QA57).
 */
import { describe, expect, it } from 'vitest';
import { planDiagnostics } from './plan-helpers.js';

const plan = (system: string) => `evalc: 1
benchmark: { id: b }
agents:
  o: { protocol: openai, url: http://127.0.0.1:11434/v1, model: m, system: ${JSON.stringify(system)} }
tasks:
  t:
    bindings:
      default:
        input: { messages: [{ role: user, content: "{{q}}" }] }
        output: { answer: content }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] }
    metrics:
      - { type: exact_match }
`;

const warned = async (system: string) =>
  (await planDiagnostics(plan(system)))
    .filter((d) => d.code === 'EVALC_UNTEMPLATED_TEXT')
    .map((d) => `${d.severity} ${d.source?.line}:${d.source?.col} ${d.message}`);

describe("an openai agent's system prompt", () => {
  it('warns when it holds a placeholder, which is sent as written', async () => {
    expect(await warned('You advise on {{user_query}}.')).toEqual([
      'warning 4:76 agent o: system is not a template: {{user_query}} is sent with every example as written',
    ]);
  });

  it('says nothing of a plain prompt', async () => {
    expect(await warned('You advise students.')).toEqual([]);
  });
});
