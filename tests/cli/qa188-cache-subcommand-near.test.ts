/**
 * QA188: `evalc cache stat` and `evalc cache --json stats` said 'cache needs stats or prune first,
 * got "stat"' (57e6c26) and nothing of what to write, where the top-level command line names a near
 * miss and says where a flag goes. They now do too (exit 64 as before); a word near neither
 * subcommand reads as before.
 */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { cacheCommand } from '../../src/cli/cache.js';
import { runCommand } from './run-cli.js';

const firstLine = async (args: string[]) => {
  const result = await runCommand(cacheCommand, args, { cwd: os.tmpdir() });
  expect(result.code).toBe(64);
  return result.stderr.split('\n')[0];
};

describe('evalc cache with a near miss or a flag before its subcommand', () => {
  it.each([
    [['stat'], 'got "stat" (did you mean stats?)'],
    [['prnue'], 'got "prnue" (did you mean prune?)'],
    [['--json', 'stats'], 'got "--json": --json goes after it, evalc cache stats --json'],
    [
      ['--cache-dir', 'c', 'prune'],
      'got "--cache-dir": --cache-dir goes after it, evalc cache prune --cache-dir c',
    ],
    [['frob'], 'got "frob"'],
  ])('%j', async (args, tail) => {
    expect(await firstLine(args)).toBe(`evalc: cache needs stats or prune first, ${tail}`);
  });
});
