/**
 * What ends a command that no command caught: every kind also leaves a `--json` result event with
 * the words of stderr — an internal error too (it left stdout without one, QA39).
 */
import { describe, expect, it } from 'vitest';
import { EXIT, ExitError } from '../../src/cli/exit-error.js';
import { describeFatal } from '../../src/cli/fatal-error.js';

describe('describeFatal', () => {
  it('an internal error: its stack on stderr, a result event with status error', () => {
    const fatal = describeFatal(new TypeError('x is not a function'), '/');
    expect(fatal.code).toBe(EXIT.failure);
    expect(fatal.stderr).toMatch(/^evalc: internal error: TypeError: x is not a function\n {4}at /);
    expect(fatal.result).toEqual({
      event: 'result',
      exitCode: 1,
      status: 'error',
      message: 'internal error: x is not a function',
    });
  });

  it('a refusal and a file system error keep their words and statuses', () => {
    expect(describeFatal(new ExitError(EXIT.usage, 'unknown flag --x'), '/')).toEqual({
      code: EXIT.usage,
      stderr: 'evalc: unknown flag --x\n',
      result: { event: 'result', exitCode: 64, status: 'usage', message: 'unknown flag --x' },
    });
    const full = Object.assign(new Error("ENOSPC: no space left on device, write '/tmp/x/evalc.lock'"), {
      code: 'ENOSPC',
      syscall: 'write',
    });
    const fatal = describeFatal(full, '/tmp/x');
    expect(fatal.result).toMatchObject({ exitCode: 1, status: 'refused' });
    expect(fatal.stderr).toBe(`evalc: ${fatal.result.message}\n`);
    expect(fatal.result.message).toMatch(/^cannot .*ENOSPC/);
  });
});
