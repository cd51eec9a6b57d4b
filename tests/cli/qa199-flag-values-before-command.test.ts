/**
 * QA199: the line offered for a flag before the command (or cache's subcommand) skips the value of
 * every flag that takes one, not the first flag's only (06a9905): `evalc --json --only plan apply`
 * read `evalc plan --json --only apply`, and `evalc cache --cache-dir prune stats` read
 * `evalc cache prune --cache-dir stats`, which prunes where stats were asked for.
 */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

describe('a value of a later flag before the command', () => {
  it.each([
    [['--json', '--only', 'plan', 'apply', 'x.yaml'], ': evalc apply --json --only plan x.yaml'],
    // a flag the command does not take is left out of the line, its value with it (QA222)
    [
      ['--only', 'plan', '--format', 'diff', 'report'],
      ', but report takes no --only (it is a flag of plan and apply): evalc report --format diff',
    ],
    [
      ['--quiet', '--out', 'diff', '--lock', 'apply', 'plan'],
      // every flag before plan is read (QA226): the line kept --out and --lock, which plan refuses
      ', but plan takes no --quiet (it is a flag of apply) nor --out (it is a flag of apply, report and schema) nor --lock (it is a flag of cache prune): evalc plan',
    ],
    [['--json', '--only=plan', 'apply'], ': evalc apply --json --only=plan'],
  ])('%j is told the command meant', (args, line) => {
    const run = spawnCli(args, { cwd: os.tmpdir() });
    expect(run.code).toBe(64);
    expect(run.stderr.split('\n')[0]).toBe(`evalc: ${args[0]} goes after the command${line}`);
  });

  it.each([
    [['--cache-dir', 'prune', 'stats'], 'evalc cache stats --cache-dir prune'],
    [['--json', '--lock', 'stats', 'prune', '--dry-run'], 'evalc cache prune --json --lock stats --dry-run'],
  ])('cache %j is told the subcommand meant', (args, line) => {
    const run = spawnCli(['cache', ...args], { cwd: os.tmpdir() });
    expect(run.code).toBe(64);
    expect(run.stderr.split('\n')[0]).toBe(
      `evalc: cache needs stats or prune first, got "${args[0]}": ${args[0]} goes after it, ${line}`,
    );
  });
});
