/**
 * Ids outside the id rule (QA10: unicode plans): an agent or task id with an emoji or Hebrew
 * letters was reported as zod's bare "Invalid key in record", pointing at the value (or, for a
 * task, at its first field) instead of the key.
 */
import { describe, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate.js';
import type { Diagnostic } from '../../src/plan/diagnostic.js';
import { runCommand } from '../cli/run-cli.js';
import { writeFiles } from '../compiler/plan-helpers.js';

const PLAN = `evalc: 1
benchmark: { id: unicode, version: 1.0.0 }
agents:
  "agent-🦊": { protocol: raip, url: "http://127.0.0.1:7101" }
  ok: { protocol: raip, url: "http://127.0.0.1:7101" }
tasks:
  "משימה":
    instructions: "x"
    bindings:
      default:
        input: { query: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] }
`;

describe('a record key that is not an id', () => {
  it('names the key and the id rule, at the key’s line and column', async () => {
    const dir = writeFiles({ 'evalc.yaml': PLAN }, 'evalc-qa10-ids-');
    const result = await runCommand(validateCommand, ['evalc.yaml', '--json'], { cwd: dir });
    expect(result.code).toBe(65);
    const diagnostics = (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
    const messages = diagnostics.map((d) => d.message);
    expect(messages).not.toContain('agents.agent-🦊: Invalid key in record');
    const agent = diagnostics.find((d) => d.path.join('.') === 'agents.agent-🦊');
    expect(agent?.message).toBe(
      'agents: "agent-🦊" is not a valid id: ids use ASCII letters, digits, "_", "-" and "." and start with a letter or digit',
    );
    // line 4, column 3: the opening quote of the key
    expect(agent?.source).toMatchObject({ line: 4, col: 3 });
    const task = diagnostics.find((d) => d.path.join('.') === 'tasks.משימה');
    expect(task?.message).toContain('tasks: "משימה" is not a valid id');
    expect(task?.source).toMatchObject({ line: 7, col: 3 });
    expect(diagnostics).toHaveLength(2);
  });
});
