/**
 * QA262: `evalc diff --seed N` took any whole number, but the bootstrap and sign-flip streams take
 * the seed as 32 bits (prng.ts): `--seed 4294967303` printed exactly what `--seed 7` printed (JSON
 * `options.seed` 4294967303 beside the CIs and p-values of seed 7), and `--seed 9007199254740993`,
 * past a double's integers, was read as 9007199254740992. A seed above 2³² − 1 is now refused
 * (exit 64, saying the range); 2³² − 1 itself still runs.
 */
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffCommand } from '../../src/cli/diff.js';
import { runCommand } from './run-cli.js';

const locks = path.join(import.meta.dirname, '../fixtures/locks');
const pair = [path.join(locks, 'single-dataset-base.lock'), path.join(locks, 'single-dataset-new.lock')];

describe('evalc diff --seed: the 32-bit range of the streams (QA262)', () => {
  it.each(['4294967296', '4294967303', '9007199254740993'])(
    'refuses --seed %s, naming the range',
    async (seed) => {
      const result = await runCommand(diffCommand, [...pair, '--seed', seed, '--format', 'json'], {
        cwd: os.tmpdir(),
      });
      expect(result.code).toBe(64);
      expect(result.stderr.split('\n')[0]).toBe(
        `evalc: invalid --seed "${seed}": a whole number from 0 to 4294967295`,
      );
    },
  );

  it('runs at the top of the range', async () => {
    const top = await runCommand(diffCommand, [...pair, '--seed', '4294967295', '--format', 'json'], {
      cwd: os.tmpdir(),
    });
    const seven = await runCommand(diffCommand, [...pair, '--seed', '7', '--format', 'json'], {
      cwd: os.tmpdir(),
    });
    expect(top.code).toBe(0);
    const options = (out: string) => (JSON.parse(out) as { options: { seed: number } }).options.seed;
    expect(options(top.stdout)).toBe(4294967295);
    expect(options(seven.stdout)).toBe(7);
  });
});
