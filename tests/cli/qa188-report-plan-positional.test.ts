/**
 * QA188: `evalc report evalc.yaml` (a plan, as plan and apply take it) was told 'report reads its
 * lockfile with --from (evalc report --from evalc.yaml)', and that command was refused in turn:
 * 'evalc.yaml is an evalc plan (YAML), not a lockfile'. A plan file given so is pointed at the
 * evalc.lock beside it (exit 64 as before, nothing read); a lockfile keeps aadc5dc's words.
 */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { reportCommand } from '../../src/cli/report.js';
import { runCommand } from './run-cli.js';

const firstLine = async (args: string[]) => {
  const result = await runCommand(reportCommand, args, { cwd: os.tmpdir() });
  expect(result.code).toBe(64);
  return result.stderr.split('\n')[0];
};

describe('evalc report with a positional plan file', () => {
  it.each([
    ['evalc.yaml', 'evalc.lock'],
    ['plans/nightly.yml', 'plans/evalc.lock'],
  ])('%s: names the lock beside it', async (given, lock) => {
    expect(await firstLine([given])).toBe(
      `evalc: unexpected argument "${given}": report reads its lockfile with --from (evalc report --from ${lock}, the lock beside that plan)`,
    );
  });

  it('a lockfile keeps its own name', async () => {
    expect(await firstLine(['pr.lock'])).toBe(
      'evalc: unexpected argument "pr.lock": report reads its lockfile with --from (evalc report --from pr.lock)',
    );
  });
});
