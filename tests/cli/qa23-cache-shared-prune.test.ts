/**
 * QA23: one cache shared by several plans (`--cache-dir`). `evalc cache prune planA --lock
 * planB/evalc.lock` dropped everything plan A reaches (a named `--lock` replaced the plan's own
 * lock), and a lock of another cache silently pruned every entry. A named plan's locks are now
 * kept beside every `--lock`, and a lock that reaches nothing here is warned about. A cache that
 * cannot be written (restored read-only) is read by `stats` and `prune --dry-run` instead of
 * failing on `steps.lock`, and a prune says why it cannot run.
 */
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readableDist, runUnprivileged } from '../fixtures/unprivileged.js';
import { REPO_ROOT, spawnCli } from './run-cli.js';

const dir = mkdtempSync(path.join(tmpdir(), 'qa23-shared-prune-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FIXTURE_LOCK = path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock');

interface LockShape {
  results: { invoke: string[]; metrics: Record<string, { key?: string }> }[];
}

/** The invoke and score keys a lock's results name. */
function keysOf(lock: LockShape): string[] {
  const keys = lock.results.flatMap((r) => [
    ...r.invoke,
    ...Object.values(r.metrics).flatMap((m) => (m.key ? [m.key] : [])),
  ]);
  return [...new Set(keys)];
}

/** Plan B's lock: the fixture lock with every step key replaced (another benchmark's steps). */
function writeOtherLock(file: string): string[] {
  const text = readFileSync(FIXTURE_LOCK, 'utf8').replace(/k1:[0-9a-f]{6}/g, 'k1:bbbbbb');
  writeFileSync(file, text);
  return keysOf(JSON.parse(text) as LockShape);
}

function writeCache(cacheDir: string, keys: string[]): void {
  mkdirSync(cacheDir, { recursive: true });
  const lines = keys.map((key, i) => {
    const json = JSON.stringify({ i });
    return `${key}\tscore\t${Buffer.byteLength(json)}\t${json}\n`;
  });
  writeFileSync(path.join(cacheDir, 'steps.log'), lines.join(''));
}

function setUp(name: string): {
  planA: string;
  lockB: string;
  cacheDir: string;
  keysA: string[];
  keysB: string[];
} {
  const root = path.join(dir, name);
  const planA = path.join(root, 'a');
  mkdirSync(planA, { recursive: true });
  writeFileSync(path.join(planA, 'evalc.yaml'), 'evalc: 1\n');
  cpSync(FIXTURE_LOCK, path.join(planA, 'evalc.lock'));
  const keysA = keysOf(JSON.parse(readFileSync(FIXTURE_LOCK, 'utf8')) as LockShape);
  mkdirSync(path.join(root, 'b'));
  const lockB = path.join(root, 'b', 'evalc.lock');
  const keysB = writeOtherLock(lockB);
  const cacheDir = path.join(root, 'shared-cache');
  writeCache(cacheDir, [...keysA, ...keysB, `k1:${'c'.repeat(64)}`]);
  return { planA, lockB, cacheDir, keysA, keysB };
}

describe('cache prune on a cache several plans share', () => {
  it("keeps the named plan's own lock beside every --lock, dropping only what no lock reaches", () => {
    const { planA, lockB, cacheDir, keysA, keysB } = setUp('both');
    expect(keysB.length).toBe(keysA.length);
    expect(keysA.some((k) => keysB.includes(k))).toBe(false);
    const r = spawnCli(['cache', 'prune', planA, '--cache-dir', cacheDir, '--lock', lockB, '--json'], {
      cwd: dir,
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ removed: 1, kept: keysA.length + keysB.length });
  });

  it('takes a plan folder for --lock as its evalc.lock', () => {
    const { planA, lockB, cacheDir, keysA, keysB } = setUp('folders');
    const r = spawnCli(
      [
        'cache',
        'prune',
        '--cache-dir',
        cacheDir,
        '--lock',
        planA,
        '--lock',
        path.dirname(lockB),
        '--dry-run',
        '--json',
      ],
      { cwd: dir },
    );
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toMatchObject({ removed: 1, kept: keysA.length + keysB.length });
  });

  it('warns when the lockfiles reach none of the entries (a lock of another cache), and still prunes as told', () => {
    const { cacheDir, lockB, keysB } = setUp('foreign');
    writeCache(cacheDir, [`k1:${'d'.repeat(64)}`, `k1:${'e'.repeat(64)}`]);
    const dry = spawnCli(['cache', 'prune', '--cache-dir', cacheDir, '--lock', lockB, '--dry-run'], {
      cwd: dir,
    });
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('would prune 2 entries, keep 0');
    expect(dry.stderr).toContain('evalc: warning: none of the 2 entries of');
    expect(dry.stderr).toContain('was it applied with this cache');
    expect(keysB.length).toBeGreaterThan(0);
  });
});

describe('cache prune --dry-run while an apply writes the cache', () => {
  it("counts as told and says that the running apply's new entries count as going", () => {
    const { cacheDir, lockB, keysB } = setUp('busy');
    writeFileSync(path.join(cacheDir, 'steps.lock'), `${process.pid} ${hostname()}\n`);
    const dry = spawnCli(['cache', 'prune', '--cache-dir', cacheDir, '--lock', lockB, '--dry-run'], {
      cwd: dir,
    });
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(`keep ${keysB.length}`);
    expect(dry.stderr).toBe(
      `evalc: the cache is in use by evalc pid ${process.pid} on ${hostname()}: entries it is writing are counted as going until its lockfile is written\n`,
    );
  });
});

/** Runs the CLI where the cache folder cannot be written: as `nobody` when we are root (root ignores modes). */
function spawnUnprivileged(
  args: string[],
  script: string[] = [path.join(readableDist(), 'evalc.mjs')],
): { code: number; stdout: string; stderr: string } | undefined {
  return runUnprivileged([...script, ...args], dir);
}

describe('a cache restored read-only', () => {
  it('is counted by stats and by a dry run, and a prune says it cannot write it', () => {
    const { cacheDir, lockB, keysA, keysB } = setUp('read-only');
    chmodSync(dir, 0o755);
    chmodSync(path.dirname(cacheDir), 0o755);
    chmodSync(path.join(cacheDir, 'steps.log'), 0o444);
    chmodSync(cacheDir, 0o555);
    const stats = spawnUnprivileged(['cache', 'stats', '--cache-dir', cacheDir, '--json']);
    if (!stats) return;
    expect(stats.stderr).toBe('');
    expect(stats.code).toBe(0);
    expect(JSON.parse(stats.stdout)).toMatchObject({ entries: keysA.length + keysB.length + 1 });
    const dry = spawnUnprivileged(['cache', 'prune', '--cache-dir', cacheDir, '--lock', lockB, '--dry-run']);
    expect(dry?.code).toBe(0);
    expect(dry?.stdout).toContain(`would prune ${keysA.length + 1} entries, keep ${keysB.length}`);
    const prune = spawnUnprivileged(['cache', 'prune', '--cache-dir', cacheDir, '--lock', lockB]);
    expect(prune?.code).toBe(1);
    expect(prune?.stderr).toBe(`evalc: cannot prune the cache ${cacheDir}: it cannot be written (EACCES)\n`);
    chmodSync(cacheDir, 0o755);
  });

  it('serves its entries to a run and fails the first new entry like a full disk, naming the folder', () => {
    const { cacheDir, keysA } = setUp('read-only-run');
    chmodSync(dir, 0o755);
    chmodSync(path.dirname(cacheDir), 0o755);
    chmodSync(path.join(cacheDir, 'steps.log'), 0o444);
    chmodSync(cacheDir, 0o555);
    // What apply does with the cache (executor/apply-run.ts): lock it, open the store, read, write.
    const run = `
      const { lockCache } = await import(${JSON.stringify(path.join(readableDist(), 'executor/cache-lock.js'))});
      const { LogStore } = await import(${JSON.stringify(path.join(readableDist(), 'executor/cache-store.js'))});
      const dir = process.argv[1];
      const lock = await lockCache(dir, { signal: new AbortController().signal, onWait: () => {} });
      const failures = [];
      const store = new LogStore(dir, { onWriteFailure: (e) => failures.push(e.message) });
      const got = store.get(process.argv[2]);
      store.put('k1:new', 'score', { score: 1 });
      store.close();
      lock.release();
      console.log(JSON.stringify({ readOnly: lock.readOnly?.code, got, failures }));
    `;
    const r = spawnUnprivileged([cacheDir, keysA[0] ?? ''], ['--input-type=module', '-e', run]);
    chmodSync(cacheDir, 0o755);
    if (!r) return;
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({
      readOnly: 'EACCES',
      got: { i: 0 },
      failures: [
        `the cache ${cacheDir} cannot be written (EACCES: permission denied, open '${path.join(cacheDir, 'steps.lock')}'): a run on it can only use the steps it already holds — make it writable, or use another --cache-dir`,
      ],
    });
  });
});
