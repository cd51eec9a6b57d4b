/**
 * A damaged line in the middle of the cache log (a disk error, a hand edit) costs that line only:
 * the entries after it still count (QA6: `cache stats` cut a 21-entry steps.log to 9 lines,
 * deleting every entry after the damaged one). `cache stats` leaves it in place and says so, a
 * prune drops it with the unreachable entries, and a torn last line is still cut.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, spawnCli } from './run-cli.js';

const dir = mkdtempSync(path.join(tmpdir(), 'qa6-cache-stats-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One log line: `<key>\t<kind>\t<byte length>\t<json>\n` (executor/cache-store.ts). */
function entry(key: string, kind: string, json: string, length = Buffer.byteLength(json)): string {
  return `${key}\t${kind}\t${length}\t${json}\n`;
}

function writeDamagedLog(cacheDir: string): string {
  mkdirSync(cacheDir, { recursive: true });
  const text = [
    entry(`k1:${'a'.repeat(64)}`, 'invoke', '{"n":1}'),
    entry(`k1:${'b'.repeat(64)}`, 'invoke', '{"n":2}'),
    entry(`k1:${'c'.repeat(64)}`, 'invoke', '{"n":3}', 99), // wrong byte length
    entry(`k1:${'d'.repeat(64)}`, 'score', '{"score":1}'),
    entry(`k1:${'e'.repeat(64)}`, 'score', '{"score":0}'),
  ].join('');
  const file = path.join(cacheDir, 'steps.log');
  writeFileSync(file, text);
  return text;
}

describe('cache commands that only read', () => {
  it('cache stats reads the entries after a damaged middle line, leaves the log as it is and says what it skipped', () => {
    const cacheDir = path.join(dir, 'stats-cache');
    const before = writeDamagedLog(cacheDir);
    const r = spawnCli(['cache', 'stats', '--cache-dir', cacheDir], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(': 4 entries,');
    expect(r.stdout).toContain('(skipped 1 damaged line of steps.log, 86 bytes, left in place;');
    expect(readFileSync(path.join(cacheDir, 'steps.log'), 'utf8')).toBe(before);
  });

  it('cache prune keeps what a lock reaches after the damaged line and drops the line', () => {
    const cacheDir = path.join(dir, 'prune-cache');
    writeDamagedLog(cacheDir);
    const lock = path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock');
    const r = spawnCli(['cache', 'prune', '--cache-dir', cacheDir, '--lock', lock], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('pruned 4 entries, kept 0');
    expect(r.stdout).toContain('dropped 1 damaged line');
    expect(readFileSync(path.join(cacheDir, 'steps.log'), 'utf8')).toBe('');
  });

  it('cache stats still cuts a torn last line (a writer killed mid-append)', () => {
    const cacheDir = path.join(dir, 'torn-cache');
    const whole = [
      entry(`k1:${'a'.repeat(64)}`, 'invoke', '{"n":1}'),
      entry(`k1:${'b'.repeat(64)}`, 'invoke', '{"n":2}'),
    ].join('');
    mkdirSync(cacheDir, { recursive: true });
    // 83 bytes: 'k1:' + 64 + tab + 'invoke' + tab + '40' + tab + '{"tra'
    writeFileSync(path.join(cacheDir, 'steps.log'), `${whole}k1:${'c'.repeat(64)}\tinvoke\t40\t{"tra`);
    const r = spawnCli(['cache', 'stats', '--cache-dir', cacheDir], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(': 2 entries,');
    expect(r.stdout).toContain('(cut a torn last line of 83 bytes)');
    expect(readFileSync(path.join(cacheDir, 'steps.log'), 'utf8')).toBe(whole);
  });

  it('cache prune --dry-run leaves it untouched too', () => {
    const cacheDir = path.join(dir, 'dry-run-cache');
    const before = writeDamagedLog(cacheDir);
    const lock = path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock');
    const r = spawnCli(['cache', 'prune', '--dry-run', '--cache-dir', cacheDir, '--lock', lock], {
      cwd: dir,
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('nothing was changed');
    expect(readFileSync(path.join(cacheDir, 'steps.log'), 'utf8')).toBe(before);
  });
});
