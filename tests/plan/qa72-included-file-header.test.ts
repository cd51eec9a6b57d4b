/**
 * QA72: DESIGN §2 `include:` — an included file's own `include:`, `evalc:` and section shapes were
 * never checked. `include: more.yaml` (a string, not a list) or `include: [1]` in an included file
 * was skipped without a word (its agents, metrics or gates silently missing from the run; the plan
 * file's own was a schema error); an included `evalc: 2` was accepted beside the plan's `evalc: 1`;
 * and `agents:` left empty (or written as a list) in an included file was "agents is defined in more
 * than one file" when the plan file also had agents. Each is now said at the included file's line.
 */
import { describe, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate.js';
import type { Diagnostic } from '../../src/plan/diagnostic.js';
import { runCommand } from '../cli/run-cli.js';
import { writeFiles } from '../compiler/plan-helpers.js';

const ROOT = `evalc: 1
benchmark: { id: b }
include: [sub/a.yaml]
agents:
  e1: { protocol: raip, url: "http://127.0.0.1:7101" }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: x1, vars: { q: hi } } ] } }
`;

async function validate(included: string, more: Record<string, string> = {}) {
  const dir = writeFiles({ 'evalc.yaml': ROOT, 'sub/a.yaml': included, ...more }, 'evalc-qa72-header-');
  const result = await runCommand(validateCommand, ['evalc.yaml', '--json'], { cwd: dir });
  const diagnostics = (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
  return {
    code: result.code,
    said: diagnostics.map(
      (d) => `${d.code} ${d.source?.file}:${d.source?.line}:${d.source?.col} ${d.message}`,
    ),
  };
}

describe("an included file's own include:, evalc: and sections", () => {
  it('refuses an include: that is not a list of paths, at the included file', async () => {
    const gate = 'gates:\n  - { metric: pass_rate, min: 2 }\n';
    expect(await validate('include: more.yaml\n', { 'sub/more.yaml': gate })).toEqual({
      code: 65,
      // The path written alone is still read (QA224), so its own mistake is said too: the plan
      // has no pass_rate metric for its gate.
      said: [
        'EVALC_SCHEMA_TYPE sub/a.yaml:1:10 include: expected a list, got the string "more.yaml"',
        'EVALC_REF_METRIC sub/more.yaml:2:15 gate names unknown metric `pass_rate`',
      ],
    });
    expect((await validate('include: [more.yaml, 1]\n', { 'sub/more.yaml': 'metrics: []\n' })).said).toEqual([
      'EVALC_SCHEMA_TYPE sub/a.yaml:1:22 include[1]: expected string, got number 1',
    ]);
  });

  it('refuses another language version', async () => {
    expect((await validate('evalc: 2\n')).said).toEqual([
      'EVALC_SCHEMA_VALUE sub/a.yaml:1:8 evalc: 2 is not one of 1',
    ]);
    // The same version (a file that also validates alone) is fine.
    expect(await validate('evalc: 1\nmetrics: [ { type: pass_rate } ]\n')).toEqual({ code: 0, said: [] });
  });

  it('says an empty or misshapen section is one, not "defined in more than one file"', async () => {
    expect((await validate('agents:\n  # e2: { protocol: raip }\n')).said).toEqual([
      'EVALC_SCHEMA_TYPE sub/a.yaml:1:8 agents: expected a mapping, got null',
    ]);
    expect((await validate('agents:\n  - e2\n')).said).toEqual([
      'EVALC_SCHEMA_TYPE sub/a.yaml:2:3 agents: expected a mapping, got a list',
    ]);
    expect((await validate('gates: { metric: pass_rate }\n')).said).toEqual([
      'EVALC_SCHEMA_TYPE sub/a.yaml:1:8 gates: expected a list, got a mapping',
    ]);
  });

  it('names where benchmark: or run: was first written when an included file writes it again', async () => {
    const dir = writeFiles(
      {
        'evalc.yaml': `${ROOT}run: { repeats: 1 }\n`,
        'sub/a.yaml': 'run: { repeats: 2 }\nbenchmark: { id: c }\n',
      },
      'evalc-qa72-header-',
    );
    const result = await runCommand(validateCommand, ['evalc.yaml', '--json'], { cwd: dir });
    const diagnostics = (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
    expect(
      diagnostics.map((d) => `${d.source?.file}:${d.source?.line}:${d.source?.col} ${d.message} | ${d.hint}`),
    ).toEqual([
      'sub/a.yaml:1:6 run is defined in more than one file | it may be written once: it is also defined at evalc.yaml:10:1',
      'sub/a.yaml:2:12 benchmark is defined in more than one file | it may be written once: it is also defined at evalc.yaml:2:1',
    ]);
  });
});
