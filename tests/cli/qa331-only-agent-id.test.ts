/**
 * QA331: `--only a1`, where a1 is the plan's agent, read "--only names unknown task `a1`" with
 * the tasks as its hint, as if misspelt. It is said to be an agent, and that evalc has no flag
 * selecting agents (a task's agents: list does); a dataset's id given alone is pointed at
 * task/dataset (exit 65, EVALC_ONLY_UNKNOWN, as before).
 */
import { cpSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planCommand } from '../../src/cli/plan.js';
import { tempFolder } from '../fixtures/temp-folder.js';
import { FIXTURE_PLANS, runCommand } from './run-cli.js';

function basicCopy(): string {
  const dir = tempFolder('evalc-qa331-only-');
  cpSync(path.join(FIXTURE_PLANS, 'basic'), dir, { recursive: true });
  return dir;
}

const plan = (only: string) =>
  runCommand(planCommand, ['evalc.yaml', '--only', only], { cwd: basicCopy(), env: { BASIC_TOKEN: 'x' } });

describe('--only naming something other than a task', () => {
  it('an agent is said to be one, with how agents are selected', async () => {
    const result = await plan('a1');
    expect(result.code).toBe(65);
    expect(result.stderr).toBe(
      'error EVALC_ONLY_UNKNOWN: --only names unknown task `a1`: a1 is an agent, and --only selects a task or task/dataset (every agent of it runs)\n' +
        "  hint: evalc has no flag that selects agents: to run a1 alone, list it in a task's agents: [a1]; tasks: search\n" +
        '1 error, 0 warnings\n',
    );
  });

  it('an agent after the slash too', async () => {
    const result = await plan('search/a1');
    expect(result.code).toBe(65);
    expect(result.stderr).toContain(
      '--only names unknown dataset `a1` of task search: a1 is an agent, and --only selects a task or task/dataset',
    );
    expect(result.stderr).toContain('datasets: course-search, inline');
  });

  it('a dataset alone is pointed at task/dataset', async () => {
    const result = await plan('inline');
    expect(result.code).toBe(65);
    expect(result.stderr).toBe(
      'error EVALC_ONLY_UNKNOWN: --only names unknown task `inline`: inline is a dataset of task search\n' +
        '  hint: --only search/inline\n' +
        '1 error, 0 warnings\n',
    );
  });

  it('a misspelt task is still offered the near one', async () => {
    const result = await plan('serch');
    expect(result.code).toBe(65);
    expect(result.stderr).toContain('--only names unknown task `serch`\n  hint: did you mean');
  });
});
