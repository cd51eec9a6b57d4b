/**
 * QA44: DESIGN §2 names the plan `evalc.yaml`; a folder holding `evalc.yml` (the other common
 * spelling) was told only "plan file not found: evalc.yaml". The message now says which file is
 * there, for the plan and for an `include:`.
 */
import { describe, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate.js';
import type { Diagnostic } from '../../src/plan/diagnostic.js';
import { runCommand } from '../cli/run-cli.js';
import { writeFiles } from '../compiler/plan-helpers.js';

const notFound = async (files: Record<string, string>, args: string[]) => {
  const dir = writeFiles(files, 'evalc-qa44-yml-');
  const result = await runCommand(validateCommand, [...args, '--json'], { cwd: dir });
  const diagnostics = (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
  return diagnostics.filter((d) => d.code === 'EVALC_FILE_NOT_FOUND').map((d) => `${d.message} | ${d.hint}`);
};

describe('a plan or include spelt .yml where .yaml is named', () => {
  it('says the .yml file is there', async () => {
    expect(await notFound({ 'evalc.yml': 'evalc: 1\nbenchmark: { id: b }\n' }, [])).toEqual([
      'plan file not found: evalc.yaml | there is evalc.yml in that folder: name it (e.g. evalc validate evalc.yml) or rename it',
    ]);
    const root = 'evalc: 1\nbenchmark: { id: b }\ninclude: [sub/agents.yml]\n';
    expect(await notFound({ 'evalc.yaml': root, 'sub/agents.yaml': 'agents: {}\n' }, ['evalc.yaml'])).toEqual(
      [
        'included file not found: sub/agents.yml | there is agents.yaml in that folder: did you mean that file?',
      ],
    );
  });
});
