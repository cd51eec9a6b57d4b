/**
 * `removeStaleTemps` deletes only what a killed write left: `<file>.tmp-<decimal pid>` of a dead
 * pid. A file whose suffix merely reads as a number to `Number` (`1e3` is 1000, `0x10` is 16) is
 * the user's, not evalc's, and stays (QA83).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeStaleTemps } from '../../src/lockfile/serialize.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('removeStaleTemps', () => {
  it("removes a dead pid's temp file, keeps a live one's and every name that is not a decimal pid", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'stale-temps-'));
    dirs.push(dir);
    // pid_max is at most 2^22 on Linux: 99999999 is never a live process.
    const names = [
      'evalc.lock.tmp-99999999',
      `evalc.lock.tmp-${process.pid}`,
      'evalc.lock.tmp-1e3',
      'evalc.lock.tmp-0x10',
      'evalc.lock.tmp-007',
      'evalc.lock.tmp-',
      'other.lock.tmp-99999999',
    ];
    for (const name of names) writeFileSync(path.join(dir, name), 'x');
    removeStaleTemps(path.join(dir, 'evalc.lock'));
    expect(existsSync(path.join(dir, 'evalc.lock.tmp-99999999'))).toBe(false);
    expect(readdirSync(dir).sort()).toEqual(names.filter((n) => n !== 'evalc.lock.tmp-99999999').sort());
  });
});
