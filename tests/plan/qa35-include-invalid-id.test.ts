/**
 * QA35: a task or agent id that breaks the id rule in an `include:`d file was reported at
 * `evalc.yaml:1:1` (the root file, which did not even name the section) instead of at the key
 * in the included file. DESIGN §2/§6: validate reports errors as file:line:col, included files too.
 */
import { describe, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate.js';
import type { Diagnostic } from '../../src/plan/diagnostic.js';
import { runCommand } from '../cli/run-cli.js';
import { writeFiles } from '../compiler/plan-helpers.js';

const ROOT = `evalc: 1
benchmark: { id: inc, version: 1.0.0 }
include: [sub/more.yaml]
`;

const MORE = `agents:
  ok: { protocol: raip, url: "http://127.0.0.1:7101" }
  'a"1': { protocol: raip, url: "http://127.0.0.1:7101" }
tasks:
  good:
    bindings:
      default:
        input: { query: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] }
  't]x':
    bindings: {}
`;

describe('an invalid id in an included file', () => {
  it('is reported at the key in the included file, not at the root file', async () => {
    const dir = writeFiles({ 'evalc.yaml': ROOT, 'sub/more.yaml': MORE }, 'evalc-qa35-inc-id-');
    const result = await runCommand(validateCommand, ['evalc.yaml', '--json'], { cwd: dir });
    expect(result.code).toBe(65);
    const diagnostics = (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
    const task = diagnostics.find((d) => d.message.startsWith('tasks: "t]x"'));
    expect(task?.source).toMatchObject({ file: 'sub/more.yaml', line: 12, col: 3 });
    const agent = diagnostics.find((d) => d.message.startsWith('agents: "a\\"1"'));
    expect(agent?.source).toMatchObject({ file: 'sub/more.yaml', line: 3, col: 3 });
  });
});
