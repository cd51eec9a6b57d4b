/**
 * QA226 (the case next to 1369422, a889bfd, b10cb07): with two flags before the command, only the
 * first was read against it, the others carried over as written: `evalc --json --quiet plan` was told
 * 'evalc plan --json --quiet', `evalc --quiet --only s validate` 'evalc validate --only s', `evalc
 * --json --dry-run cache` 'evalc cache stats --json --dry-run', `evalc --quiet --format json plan`
 * 'evalc plan --format json', all refused. Every flag before the command is now read: one the command
 * takes kept, JSON asked as the command asks it, one it does not take left out and named.
 */
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../fixtures/temp-folder.js';
import { spawnCli } from './run-cli.js';

describe('every flag before the command is read against it', () => {
  it.each([
    [
      ['--json', '--quiet', 'plan'],
      '--json goes after the command, but plan takes no --quiet (it is a flag of apply): evalc plan --json',
    ],
    [
      ['--quiet', '--only', 's', 'validate'],
      '--quiet goes after the command, but validate takes no --quiet (it is a flag of apply) nor --only (it is a flag of plan and apply): evalc validate',
    ],
    [
      ['--json', '--dry-run', 'cache'],
      '--json goes after the command: evalc cache prune --json --dry-run (cache needs stats or prune first)',
    ],
    [
      ['--dry-run', 'cache', 'stats'],
      '--dry-run goes after the command, but cache stats takes no --dry-run (it is a flag of cache prune): evalc cache stats',
    ],
    [
      ['--quiet', '--format', 'json', 'plan'],
      '--quiet goes after the command, but plan writes JSON with --json and takes no --quiet (it is a flag of apply): evalc plan --json',
    ],
    [
      ['--json', '--format', 'md', 'diff', 'a.lock', 'b.lock'],
      '--json goes after the command, but diff takes no --json (it is a flag of validate, plan, apply, cache and lint): evalc diff --format md a.lock b.lock',
    ],
    [
      ['--only=s', 'validate'],
      '--only=s goes after the command, but validate takes no --only (it is a flag of plan and apply): evalc validate',
    ],
  ])('%j is told a line the command runs', (args, told) => {
    const dir = tempFolder('evalc-qa226-flags-');
    const run = spawnCli(args, { cwd: dir });
    expect(run.code).toBe(64);
    expect(run.stderr.split('\n')[0]).toBe(`evalc: ${told}`);
    const line = told
      .split(': evalc ')[1]!
      .replace(/ \(cache needs.*$/, '')
      .split(' ');
    const offered = spawnCli(line, { cwd: dir });
    // The line gets past the command's flags (an empty folder: it may still find no plan or lock).
    expect(offered.stderr).not.toMatch(
      /takes no|unknown option|needs stats or prune|given twice|is a flag of/i,
    );
  });
});
