/**
 * DESIGN §2's default binding (`output.answer`, `output.courses[].code`) also reaches its mae agent
 * a3. Validate warns per agent whose protocol's reply cannot have the expression's first field
 * (raip, chat, mae). An mae reply document has `output` (QA248): its last reply's fields with
 * `answer`, its final answer — open-ended like a raip `output`, so no field of it is warned about.
 */
import { describe, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate.js';
import type { Diagnostic } from '../../src/plan/diagnostic.js';
import { runCommand } from '../cli/run-cli.js';
import { writeFiles } from './plan-helpers.js';

const PLAN = `evalc: 1
benchmark: { id: fields, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
  a2: { protocol: chat, url: http://127.0.0.1:7102/agent/respond }
  a3: { protocol: mae, transport: local, command: "node agents/mae.mjs" }
tasks:
  t:
    bindings:
      default:
        input: { query: "{{q}}" }
        output: { answer: "output.answer", n: "length(output.courses)" }
      a2:
        input: { messages: [{ role: user, content: "{{q}}" }] }
        output: { answer: "mesages[-1].content" }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] }
    metrics:
      - { type: exact_match, candidate: answer, expected: answer }
`;

describe('binding output fields per protocol', () => {
  it('warns for a typo in a chat binding, not for the mae or raip output', async () => {
    const dir = writeFiles({ 'evalc.yaml': PLAN }, 'evalc-qa-fields-');
    const result = await runCommand(validateCommand, ['evalc.yaml', '--json'], { cwd: dir });
    expect(result.code).toBe(0);
    const found = (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
    expect(found.map((d) => [d.code, d.severity, d.path.join('.'), d.source?.line])).toEqual([
      ['EVALC_BIND_FIELD', 'warning', 'tasks.t.bindings.a2.output.answer', 15],
    ]);
    expect(found[0]!.hint).toBe('did you mean `messages`?');
  });
});
