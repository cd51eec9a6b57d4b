/**
 * A lockfile saved with a UTF-8 byte order mark (a Windows editor, PowerShell 5's
 * `Set-Content -Encoding UTF8`) or with CRLF line ends (git core.autocrlf) reads as the same
 * lock (QA12: the BOM made `plan`, `diff` and `report --from` fail with "is not valid JSON").
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diffCommand } from '../../src/cli/diff.js';
import { readLockFile, readLockHeader } from '../../src/lockfile/serialize.js';
import { REPO_ROOT, runCommand } from '../cli/run-cli.js';

const GOOD = path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock');
const goodText = readFileSync(GOOD, 'utf8');
const dir = mkdtempSync(path.join(tmpdir(), 'qa12-lock-bom-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

const variants: [string, string][] = [
  ['bom.lock', `\uFEFF${goodText}`],
  ['crlf.lock', goodText.replaceAll('\n', '\r\n')],
  ['bom-crlf.lock', `\uFEFF${goodText.replaceAll('\n', '\r\n')}`],
];

describe('lockfile text from another editor or checkout', () => {
  const good = readLockFile(GOOD);
  it.each(variants)('reads %s as the same lock, whole and header only', (name, text) => {
    const file = write(name, text);
    expect(good.ok).toBe(true);
    expect(readLockFile(file)).toEqual(good);
    const header = readLockHeader(file);
    expect(header.ok && header.lock.results).toEqual([]);
    expect(header.ok && header.lock.plan).toEqual(good.ok && good.lock.plan);
  });

  it('diffs a BOM lockfile against its LF copy as no change', async () => {
    const file = write('diff-bom.lock', `\uFEFF${goodText}`);
    const r = await runCommand(diffCommand, [GOOD, file], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('No aggregate changed.');
    expect(r.stdout).not.toContain('Not strictly comparable');
  });
});
