/**
 * QA72: an included file that could not be read (a YAML syntax error, a missing file) is left out
 * and reported, and the rest of the plan is still checked — but every reference to what that file
 * defines was reported too: "unknown agent `a1`" at each task naming an agent defined there, an
 * error about an id that is defined, in the file being fixed. Those cascades are left out (as for
 * the ids of a section pruned by the schema): the ids of what the parser could read of the file,
 * or any id of a file not read at all; a reference to another id is still reported.
 */
import { describe, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate.js';
import type { Diagnostic } from '../../src/plan/diagnostic.js';
import { runCommand } from '../cli/run-cli.js';
import { writeFiles } from '../compiler/plan-helpers.js';

const ROOT = `evalc: 1
benchmark: { id: b }
include: [agents/agents.yaml, judges.yaml]
tasks:
  t:
    agents: [a1]
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: x1, vars: { q: hi } } ] } }
    metrics:
      - { type: judge, judge: strict, content: "{{candidate.answer}}" }
gates:
  - { metric: judge, min: 0.5 }
`;
const AGENTS = 'agents:\n  a1: { protocol: raip, url: "http://127.0.0.1:7101" }\n';
const JUDGES =
  'judges:\n  strict: { protocol: agent-eval, url: "http://127.0.0.1:5005", rubric: anti-slop }\n';

async function codes(files: Record<string, string>) {
  const dir = writeFiles(files, 'evalc-qa72-lost-');
  const result = await runCommand(validateCommand, ['evalc.yaml', '--json'], { cwd: dir });
  const diagnostics = (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
  return { code: result.code, said: diagnostics.map((d) => `${d.code} ${d.source?.file}:${d.source?.line}`) };
}

describe('an included file that could not be read', () => {
  it('is the one error: no "unknown agent" for what it defines', async () => {
    expect(
      await codes({
        'evalc.yaml': ROOT,
        'agents/agents.yaml': `${AGENTS}  a2: { protocol: raip\n`,
        'judges.yaml': JUDGES,
      }),
    ).toEqual({ code: 65, said: ['EVALC_YAML_SYNTAX agents/agents.yaml:3'] });
    expect(await codes({ 'evalc.yaml': ROOT, 'agents/agents.yaml': AGENTS })).toEqual({
      code: 65,
      said: ['EVALC_FILE_NOT_FOUND evalc.yaml:3'],
    });
  });

  it("still reports a reference to an id the broken file's readable part does not define", async () => {
    const two = ROOT.replace('agents: [a1]', 'agents: [a1, a9]');
    const broken = `${AGENTS}  a2: { protocol: raip\n`;
    expect(await codes({ 'evalc.yaml': two, 'agents/agents.yaml': broken, 'judges.yaml': JUDGES })).toEqual({
      code: 65,
      said: ['EVALC_YAML_SYNTAX agents/agents.yaml:3', 'EVALC_REF_AGENT evalc.yaml:6'],
    });
  });

  it('still reports a reference error when every file loaded', async () => {
    expect(
      await codes({
        'evalc.yaml': ROOT.replace('agents: [a1]', 'agents: [a9]'),
        'agents/agents.yaml': AGENTS,
        'judges.yaml': JUDGES,
      }),
    ).toEqual({ code: 65, said: ['EVALC_REF_AGENT evalc.yaml:6'] });
  });
});
