/**
 * QA231 (the case next to QA226's 841c10e): a flag before `cache stats` or `cache prune` that the
 * subcommand does not take was said of `cache` alone, `evalc --dry-run cache stats` 'but cache takes
 * no --dry-run (it is a flag of cache prune)', as if cache took none of prune's flags. The subcommand
 * written is named; the line offered runs.
 */
import { expect, it } from 'vitest';
import { tempFolder } from '../fixtures/temp-folder.js';
import { spawnCli } from './run-cli.js';

it.each([
  [
    ['--force', '--json', 'cache', 'stats'],
    '--force goes after the command, but cache stats takes no --force (it is a flag of cache prune): evalc cache stats --json',
  ],
  [
    ['--quiet', 'cache', 'prune', '--dry-run'],
    '--quiet goes after the command, but cache prune takes no --quiet (it is a flag of apply): evalc cache prune --dry-run',
  ],
  [
    ['--quiet', 'cache'],
    '--quiet goes after the command, but cache takes no --quiet (it is a flag of apply): evalc cache stats (cache needs stats or prune first)',
  ],
])('%j names the subcommand written', (args, told) => {
  const dir = tempFolder('evalc-qa231-flags-');
  const run = spawnCli(args, { cwd: dir });
  expect(run.code).toBe(64);
  expect(run.stderr.split('\n')[0]).toBe(`evalc: ${told}`);
  const line = told
    .split(': evalc ')[1]!
    .replace(/ \(cache needs.*$/, '')
    .split(' ');
  expect(spawnCli(line, { cwd: dir }).stderr).not.toMatch(/takes no|unknown option|needs stats or prune/i);
});
