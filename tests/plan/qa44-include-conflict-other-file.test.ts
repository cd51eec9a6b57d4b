/**
 * QA44: DESIGN §2 `include:` — an id defined in two files was reported at the second definition
 * only ("agents.e1 is defined in more than one file"), leaving the user to search for the first.
 * The hint now names its file:line:col.
 */
import { describe, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate.js';
import type { Diagnostic } from '../../src/plan/diagnostic.js';
import { runCommand } from '../cli/run-cli.js';
import { writeFiles } from '../compiler/plan-helpers.js';

const AGENT = 'agents:\n  e1: { protocol: raip, url: "http://127.0.0.1:7101" }\n';

const conflicts = async (files: Record<string, string>) => {
  const dir = writeFiles(files, 'evalc-qa44-conflict-');
  const result = await runCommand(validateCommand, ['evalc.yaml', '--json'], { cwd: dir });
  return (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics
    .filter((d) => d.code === 'EVALC_INCLUDE_CONFLICT')
    .map((d) => `${d.source?.file}:${d.source?.line}:${d.source?.col} | ${d.hint}`);
};

describe('an id defined in two files', () => {
  it('names the first definition, in the plan file or in another include', async () => {
    const root = 'evalc: 1\nbenchmark: { id: b }\ninclude: [sub/a.yaml]\n';
    expect(await conflicts({ 'evalc.yaml': `${root}${AGENT}`, 'sub/a.yaml': AGENT })).toEqual([
      'sub/a.yaml:2:3 | ids must be unique across included files: it is also defined at evalc.yaml:5:3',
    ]);
    const two = 'evalc: 1\nbenchmark: { id: b }\ninclude: [sub/a.yaml, sub/b.yaml]\n';
    expect(await conflicts({ 'evalc.yaml': two, 'sub/a.yaml': AGENT, 'sub/b.yaml': AGENT })).toEqual([
      'sub/b.yaml:2:3 | ids must be unique across included files: it is also defined at sub/a.yaml:2:3',
    ]);
  });
});
