/**
 * QA183: `--only search/` (a trailing slash) read "--only names unknown dataset `` of task search",
 * and `--only ""` or `--only /inline` "unknown task ``". An empty part is now said as such, with
 * what to write (exit 65, EVALC_ONLY_UNKNOWN, as before).
 */
import { cpSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planCommand } from '../../src/cli/plan.js';
import { tempFolder } from '../fixtures/temp-folder.js';
import { FIXTURE_PLANS, runCommand } from './run-cli.js';

function basicCopy(): string {
  const dir = tempFolder('evalc-qa183-only-');
  cpSync(path.join(FIXTURE_PLANS, 'basic'), dir, { recursive: true });
  return dir;
}

const plan = (only: string) =>
  runCommand(planCommand, ['evalc.yaml', '--only', only], { cwd: basicCopy(), env: { BASIC_TOKEN: 'x' } });

describe('--only with an empty part', () => {
  it('a trailing slash names no dataset, and says what runs the task', async () => {
    const result = await plan('search/');
    expect(result.code).toBe(65);
    expect(result.stderr).toBe(
      'error EVALC_ONLY_UNKNOWN: --only search/ names no dataset after the `/`\n' +
        '  hint: --only search runs the whole task; --only search/<dataset> one of its datasets: course-search, inline\n' +
        '1 error, 0 warnings\n',
    );
  });

  it.each(['', '/inline'])('%j names no task', async (only) => {
    const result = await plan(only);
    expect(result.code).toBe(65);
    expect(result.stderr).toBe(
      'error EVALC_ONLY_UNKNOWN: --only names no task\n  hint: tasks: search\n1 error, 0 warnings\n',
    );
  });

  it('an unknown task before the slash is still named', async () => {
    const result = await plan('serch/');
    expect(result.code).toBe(65);
    expect(result.stderr).toContain('--only names unknown task `serch`');
  });
});
