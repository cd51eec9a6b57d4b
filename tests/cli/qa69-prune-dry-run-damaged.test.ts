/**
 * QA69: `cache prune --dry-run` counts the damaged lines a prune would drop, as the prune says
 * it dropped them. The dry run's bytes after already left them out, but its words did not name
 * them: `would prune 0 entries, keep 2 (300 → 150 bytes …)` and nothing about where the rest went.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, spawnCli } from './run-cli.js';

const dir = mkdtempSync(path.join(tmpdir(), 'qa69-prune-dry-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function entry(key: string, kind: string, json: string, length = Buffer.byteLength(json)): string {
  return `${key}\t${kind}\t${length}\t${json}\n`;
}

describe('cache prune --dry-run of a log with damaged lines', () => {
  it('says it would drop them, and changes nothing; the prune then says it dropped them', () => {
    const cacheDir = path.join(dir, 'cache');
    mkdirSync(cacheDir, { recursive: true });
    const text = [
      entry(`k1:${'a'.repeat(64)}`, 'invoke', '{"n":1}'),
      entry(`k1:${'b'.repeat(64)}`, 'invoke', '{"n":2}', 99), // wrong byte length
      entry(`k1:${'c'.repeat(64)}`, 'score', '{"score":1}', 3), // wrong byte length
      entry(`k1:${'d'.repeat(64)}`, 'score', '{"score":0}'),
    ].join('');
    writeFileSync(path.join(cacheDir, 'steps.log'), text);
    const lock = path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock');
    const args = ['cache', 'prune', '--cache-dir', cacheDir, '--lock', lock];
    const dry = spawnCli([...args, '--dry-run'], { cwd: dir });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('nothing was changed); would drop 2 damaged lines');
    expect(readFileSync(path.join(cacheDir, 'steps.log'), 'utf8')).toBe(text);
    const real = spawnCli(args, { cwd: dir });
    expect(real.code, real.stderr).toBe(0);
    expect(real.stdout).toContain('); dropped 2 damaged lines');
  });
});
