/**
 * Only a binding's input string values are templates. A task's `instructions` with a placeholder,
 * or an input key written as one, reached the agent with the braces in it and validate said
 * nothing (QA57). validate warns at the text now; a plan without such text gets no warning.
 */
import { describe, expect, it } from 'vitest';
import { planDiagnostics } from './plan-helpers.js';

const plan = (instructions: string, inputKey: string) => `evalc: 1
benchmark: { id: b, version: 1.0.0 }
agents:
  a: { protocol: raip, url: "http://127.0.0.1:9" }
tasks:
  t:
    instructions: "${instructions}"
    bindings:
      default:
        input: { "${inputKey}": "{{q}}", nested: [ { "{{k}}": x } ] }
        output: { answer: output.answer }
    datasets: { d: { examples: [ { id: e1, vars: { q: hi, k: key } } ] } }
`;

describe('text that looks like a template where nothing is rendered', () => {
  it('is a warning at the instructions and at each templated input key', async () => {
    const found = (await planDiagnostics(plan('Answer about {{q}} briefly', '{{k}}')))
      .filter((d) => d.code === 'EVALC_UNTEMPLATED_TEXT')
      .map((d) => `${d.severity} ${d.source?.line} ${d.message}`);
    expect(found).toEqual([
      'warning 7 task t: instructions are not a template: {{q}} is sent to every agent as written',
      'warning 10 key "{{k}}" is not a template: only string values are rendered, so the agent gets that key as written',
      'warning 10 key "{{k}}" is not a template: only string values are rendered, so the agent gets that key as written',
    ]);
  });

  it('says nothing of plain instructions and keys', async () => {
    const found = (
      await planDiagnostics(plan('Answer briefly', 'query').replace('"{{k}}": x', 'k: x'))
    ).filter((d) => d.code === 'EVALC_UNTEMPLATED_TEXT');
    expect(found).toEqual([]);
  });
});
