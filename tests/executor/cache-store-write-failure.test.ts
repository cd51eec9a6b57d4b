/**
 * LogStore when the disk refuses a write: the entries of the failed write are forgotten (they
 * would point past the end of the log), the earlier ones stay readable, later puts are dropped,
 * the failure is reported once and nothing is thrown from the flushing timer. Runs the built
 * store in a child process under a real file size limit (`ulimit -f`, SIGXFSZ ignored: EFBIG).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { LogStore } from '../../src/executor/cache-store.js';
import { REPO_ROOT } from '../e2e/apply-harness.js';

const BUILT_STORE = pathToFileURL(path.join(REPO_ROOT, 'dist/executor/cache-store.js')).href;
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('LogStore on a failed write', () => {
  it('forgets the unwritten entries, keeps the written ones, drops later puts and reports once', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-cache-write-failure-'));
    dirs.push(dir);
    const script = `
      const { LogStore } = await import(${JSON.stringify(BUILT_STORE)});
      const failures = [];
      const store = new LogStore(${JSON.stringify(dir)}, { onWriteFailure: (e) => failures.push(e.code) });
      store.put('k:small', 'score', { score: 1 });
      await new Promise((r) => setImmediate(r));
      store.put('k:big', 'invoke', { text: 'x'.repeat(8 * 1024) }); // past the 4 KiB limit
      await new Promise((r) => setImmediate(r)); // flushed by the timer: must not throw
      store.put('k:after', 'score', { score: 0 });
      const seen = { small: store.get('k:small'), big: store.has('k:big'), after: store.has('k:after') };
      store.close();
      process.stdout.write(JSON.stringify({ failures, seen, message: store.writeFailure?.message }));
    `;
    const out = execFileSync(
      'bash',
      [
        '-c',
        'ulimit -f 4; trap "" XFSZ; exec "$0" "$@"',
        process.execPath,
        '--input-type=module',
        '-e',
        script,
      ],
      { encoding: 'utf8' },
    );
    const result = JSON.parse(out) as {
      failures: string[];
      seen: { small: unknown; big: boolean; after: boolean };
      message: string;
    };
    expect(result.failures).toEqual(['EFBIG']);
    expect(result.seen).toEqual({ small: { score: 1 }, big: false, after: false });
    expect(result.message).toContain(`${path.join(dir, 'steps.log')}: EFBIG`);

    // On disk: the first entry, whole, and nothing of the failed write.
    const store = new LogStore(dir, { readOnly: true });
    expect(store.get('k:small')).toEqual({ score: 1 });
    expect(store.has('k:big')).toBe(false);
    expect(store.stats()).toMatchObject({ entries: 1, recoveredTornBytes: 0, damagedLines: 0 });
    store.close();
  });
});
