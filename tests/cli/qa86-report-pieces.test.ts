/**
 * QA86: `evalc report` rendered the four reports as whole strings before writing any (at 50k
 * rows, 284 MB of report.json among them: ~1.7 GB RSS). It now renders each file only when it is
 * written, in pieces, as apply does: stdout gets the text in ~64 KB pieces, and a file is written
 * beside itself and renamed into place (a killed run leaves whole reports, old or new).
 */
import { linkSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportCommand } from '../../src/cli/report.js';
import { readLockFile, writeLockFile } from '../../src/lockfile/serialize.js';
import type { Lockfile, LockResult } from '../../src/lockfile/types.js';
import { renderReports } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';
import { tempFolder } from '../fixtures/temp-folder.js';
import { captureContext } from './cli-harness.js';

/** The fixture's 90 results copied `copies` times under new example ids. */
function bigLock(copies: number): Lockfile {
  const lock = baselineLock();
  const results: LockResult[] = [];
  for (let k = 0; k < copies; k++)
    for (const r of lock.results) results.push({ ...r, example: `${r.example}~${k}` });
  return { ...lock, results };
}

/** A folder holding `lock` as evalc.lock, and the lock as read back (what the command renders). */
function tempWith(lock: Lockfile): { dir: string; read: Lockfile } {
  const dir = tempFolder('evalc-qa86-');
  writeLockFile(path.join(dir, 'evalc.lock'), lock);
  const read = readLockFile(path.join(dir, 'evalc.lock'));
  if (!read.ok) throw new Error(read.message);
  return { dir, read: read.lock };
}

describe('evalc report renders each report in pieces (QA86)', () => {
  it('prints --format json to stdout in pieces that add up to the whole report', async () => {
    const { dir, read: lock } = tempWith(bigLock(13));
    const c = captureContext(['--format', 'json'], dir);
    const pieces: string[] = [];
    c.ctx.stdout = (t) => pieces.push(t);
    expect(await reportCommand(c.ctx)).toBe(0);
    const whole = renderReports({ lock })['report.json'];
    expect(whole.length).toBeGreaterThan(300_000);
    expect(pieces.length).toBeGreaterThan(3);
    for (const p of pieces) expect(p.length).toBeLessThan(200_000);
    expect(pieces.join('')).toBe(whole);
  });

  it('replaces each report file by a rename (never rewritten in place) with the same text', async () => {
    const { dir, read: lock } = tempWith(bigLock(2));
    const reports = path.join(dir, '.evalc', 'reports');
    const first = captureContext([], dir);
    expect(await reportCommand(first.ctx)).toBe(0);
    // A hard link to the first report.json keeps the first file's inode: rewriting in place changes it.
    linkSync(path.join(reports, 'report.json'), path.join(dir, 'old.json'));
    const before = statSync(path.join(reports, 'report.json')).ino;
    const second = captureContext([], dir);
    expect(await reportCommand(second.ctx)).toBe(0);
    expect(statSync(path.join(reports, 'report.json')).ino).not.toBe(before);
    const rendered = renderReports({ lock });
    for (const name of ['junit.xml', 'report.html', 'report.json', 'report.md'] as const)
      expect(readFileSync(path.join(reports, name), 'utf8')).toBe(rendered[name]);
    expect(readdirSync(reports).sort()).toEqual(['junit.xml', 'report.html', 'report.json', 'report.md']);
    expect(second.out()).toBe(
      ['junit.xml', 'report.html', 'report.json', 'report.md']
        .map((n) => `wrote .evalc/reports/${n}\n`)
        .join(''),
    );
  });
});
