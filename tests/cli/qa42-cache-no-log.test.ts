/**
 * QA42: `cache stats` or `cache prune` pointed at a folder that holds no step log (a mistyped
 * `--cache-dir .`, a folder made by hand) created `steps.log` and `steps.crc` in it, and prune said
 * "pruned 0 entries" as if it were a cache. stats now reads it as an empty cache and writes
 * nothing (as QA39 made it for a starting apply's folder); prune refuses it, exit 1, as
 * `cache --help` says ("1 no cache").
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCli, tempWorkspace } from '../e2e/apply-harness.js';

const ws = tempWorkspace('qa42-cache-no-log');
afterAll(() => ws.cleanup());
const folder = path.join(ws.dir, 'not-a-cache');
mkdirSync(folder);
writeFileSync(path.join(folder, 'notes.txt'), 'mine\n');

describe('a --cache-dir folder without steps.log', () => {
  it('cache stats reads it as empty and creates nothing in it', async () => {
    assertBuilt();
    const result = await runCli(['cache', 'stats', '--json', '--cache-dir', 'not-a-cache'], { cwd: ws.dir });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ entries: 0, bytes: 0 });
    expect(readdirSync(folder)).toEqual(['notes.txt']);
  });

  it('cache prune refuses it (exit 1) and creates nothing', async () => {
    const result = await runCli(['cache', 'prune', '--cache-dir', 'not-a-cache'], { cwd: ws.dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^evalc: no cache at .*not-a-cache \(no steps\.log\)\n/);
    expect(readdirSync(folder)).toEqual(['notes.txt']);
  });
});
