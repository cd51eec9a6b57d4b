/**
 * QA222 (the case next to 8b071a5): a flag before a command that does not take it, `evalc --quiet
 * plan`, was told 'evalc plan --quiet', which plan refuses ('plan takes no --quiet'); `evalc --quiet
 * cache` was told 'evalc cache stats --quiet', refused too. It names the commands that take the flag
 * and offers the line without it, one the command runs; a flag's value goes with it. `--json` before
 * diff (or report) is offered as its `--format json`, `--format json` before plan as its `--json`.
 */
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../fixtures/temp-folder.js';
import { spawnCli } from './run-cli.js';

describe('a flag before a command that does not take it', () => {
  it.each([
    [
      ['--quiet', 'plan'],
      '--quiet goes after the command, but plan takes no --quiet (it is a flag of apply): evalc plan',
    ],
    [
      ['--quiet', 'cache'],
      '--quiet goes after the command, but cache takes no --quiet (it is a flag of apply): evalc cache stats (cache needs stats or prune first)',
    ],
    [
      ['--only', 'search', 'validate', 'x.yaml'],
      '--only goes after the command, but validate takes no --only (it is a flag of plan and apply): evalc validate x.yaml',
    ],
    // JSON is asked of diff and report with --format json, of the others with --json
    [
      ['--json', 'diff', 'a.lock', 'b.lock'],
      '--json goes after the command, but diff writes JSON with --format json: evalc diff --format json a.lock b.lock',
    ],
    [
      ['--format', 'json', 'plan'],
      '--format goes after the command, but plan writes JSON with --json: evalc plan --json',
    ],
    // a flag of prune alone before bare cache offers prune; a short flag is read against every command's
    [
      ['--dry-run', 'cache'],
      '--dry-run goes after the command: evalc cache prune --dry-run (cache needs stats or prune first)',
    ],
    [
      ['-q', 'cache'],
      '-q goes after the command, but cache takes no --quiet (it is a flag of apply): evalc cache stats (cache needs stats or prune first)',
    ],
  ])('%j is told a line the command runs', (args, told) => {
    const dir = tempFolder('evalc-qa222-flag-');
    const run = spawnCli(args, { cwd: dir });
    expect(run.code).toBe(64);
    expect(run.stderr.split('\n')[0]).toBe(`evalc: ${told}`);
    const line = told
      .split(': evalc ')[1]!
      .replace(/ \(cache needs.*$/, '')
      .split(' ');
    const offered = spawnCli(line, { cwd: dir });
    expect(offered.stderr).not.toMatch(/takes no|Unknown option|needs stats or prune/);
  });
});
