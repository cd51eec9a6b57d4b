/**
 * QA223: after QA219's `1 entry`, cache stats and prune still said `1 damaged line(s)`,
 * `1 downloaded dataset or schema file(s)`, `none of the 1 entries of … is reached` and `1 bytes`.
 * One of each is now said in the singular.
 */
import { appendFileSync, copyFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { LogStore } from '../../src/executor/cache-store.js';
import { runCli, tempWorkspace } from '../e2e/apply-harness.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const ws = tempWorkspace('qa223-cache-singular');
afterAll(() => ws.cleanup());
const cache = path.join(ws.dir, 'cache');
const store = new LogStore(cache);
store.put('k1:aaaa', 'invoke', { output: 'one' });
store.close();
appendFileSync(path.join(cache, 'steps.log'), 'not an entry\n');
copyFileSync(
  path.join(root, 'tests/fixtures/locks/single-dataset-base.lock'),
  path.join(ws.dir, 'base.lock'),
);

describe('cache stats and prune say one of a thing in the singular', () => {
  it('stats: 1 damaged line', async () => {
    const r = await runCli(['cache', 'stats', '--cache-dir', 'cache'], { cwd: ws.dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('skipped 1 damaged line of steps.log, ');
    expect(r.stdout).not.toContain('(s)');
  });

  it('prune --dry-run: the 1 entry not reached, 1 damaged line', async () => {
    const r = await runCli(['cache', 'prune', '--dry-run', '--cache-dir', 'cache', '--lock', 'base.lock'], {
      cwd: ws.dir,
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('warning: the 1 entry of ');
    expect(r.stderr).toContain(' is not reached by base.lock');
    expect(r.stdout).toContain('would prune 1 entry, keep 0 (');
    expect(r.stdout).toContain('would drop 1 damaged line\n');
    expect(r.stdout + r.stderr).not.toMatch(/\(s\)|\b1 entries|\b1 bytes/);
  });
});
