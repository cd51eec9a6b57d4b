/**
 * QA294: a write the disk refused (full, over quota, past `ulimit -f`) said what failed but not
 * what to do: `no space left on the device writing evalc.lock`, and the cache log's `… — fix this
 * and run apply again to finish`. Each now says what to do, by the error's code.
 */
import { describe, expect, it } from 'vitest';
import { explainFileSystemError } from '../../src/cli/describe-fs-error.js';
import { CacheWriteError } from '../../src/executor/cache-write-error.js';

const refusal = (code: string) => Object.assign(new Error(`${code}: refused, write`), { code });

describe('a write the disk refused says what to do', () => {
  it('in the words after a file system refusal', () => {
    const at = (code: string) =>
      explainFileSystemError({ code, syscall: 'write', path: '/w/evalc.lock' }, '/w');
    expect(at('ENOSPC')).toBe(
      'no space left on the device writing evalc.lock: free some there and run it again',
    );
    expect(at('EDQUOT')).toBe(
      'the disk quota ran out writing evalc.lock: free some space there and run it again',
    );
    expect(at('EFBIG')).toBe(
      'evalc.lock reached the largest file size allowed here: raise the limit (ulimit -f) and run it again',
    );
  });

  it('in the cache log refusal that stops a run', () => {
    const said = (code: string) => new CacheWriteError('/c/steps.log', refusal(code)).message;
    expect(said('ENOSPC')).toBe(
      'the cache log /c/steps.log: ENOSPC: refused, write; the steps completed before it are cached — free space on its disk and run apply again to finish',
    );
    expect(said('EDQUOT')).toContain('— free space in your disk quota and run apply again to finish');
    expect(said('EFBIG')).toContain('— raise the file size limit (ulimit -f) and run apply again to finish');
    expect(said('EIO')).toContain('— fix this and run apply again to finish');
  });
});
