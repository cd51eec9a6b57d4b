/**
 * QA227: a flag of `cache prune` alone (--dry-run, --force, --lock) given to another command was
 * named 'a flag of cache', while `cache stats --dry-run` is refused ('--dry-run is a flag of cache
 * prune, not stats'): the command that takes it is `cache prune`. A flag both take stays cache's.
 */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

describe("a flag of cache prune alone is named as prune's", () => {
  it.each([
    [
      ['apply', '--dry-run'],
      "Unknown option '--dry-run': apply takes no --dry-run, it is a flag of cache prune",
    ],
    [
      ['plan', '--lock', 'a.lock'],
      "Unknown option '--lock': plan takes no --lock, it is a flag of cache prune",
    ],
    [
      ['apply', '-force'],
      "Unknown option '-f' (in -force): apply takes no --force, it is a flag of cache prune",
    ],
    [
      ['--dry-run', 'apply'],
      '--dry-run goes after the command, but apply takes no --dry-run (it is a flag of cache prune): evalc apply',
    ],
    [
      ['init', '--cache-dir', 'c'],
      "Unknown option '--cache-dir': init takes no --cache-dir, it is a flag of plan, apply, report and cache",
    ],
  ] as const)('%j', (args, message) => {
    const result = spawnCli([...args], { cwd: os.tmpdir() });
    expect(result.code).toBe(64);
    expect(result.stderr.split('\n')[0]).toBe(`evalc: ${message}`);
  });
});
