/**
 * QA193: `evalc hlep` said 'unknown command "hlep"' and suggested nothing, as `help` is read
 * before the commands and was not among those a near miss is looked for in (3f22c57), the case
 * next to 4d6e5ea's `--hlep`.
 */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

describe('an unknown command near help', () => {
  it('names help, read before the commands (evalc hlep)', () => {
    const run = spawnCli(['hlep'], { cwd: os.tmpdir() });
    expect(run.code).toBe(64);
    expect(run.stderr.split('\n')[0]).toBe('evalc: unknown command "hlep" (did you mean help?)');
  });
});
