/**
 * QA183: `evalc cache`, `evalc cache frob` and `evalc cache --bogus` said only the usage line,
 * naming nothing of what was wrong. They now say that cache needs `stats` or `prune` first and
 * what was given instead (exit 64).
 */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { cacheCommand } from '../../src/cli/cache.js';
import { runCommand } from './run-cli.js';

describe('evalc cache without its subcommand', () => {
  it('bare: names stats and prune', async () => {
    const result = await runCommand(cacheCommand, [], { cwd: os.tmpdir() });
    expect(result.code).toBe(64);
    expect(result.stderr.split('\n')[0]).toBe('evalc: cache needs stats or prune');
  });

  it.each(['frob', '--bogus'])('%s: names what was given', async (given) => {
    const result = await runCommand(cacheCommand, [given], { cwd: os.tmpdir() });
    expect(result.code).toBe(64);
    expect(result.stderr.split('\n')[0]).toBe(`evalc: cache needs stats or prune first, got "${given}"`);
    expect(result.stderr).toContain('usage: evalc cache stats|prune');
  });
});
