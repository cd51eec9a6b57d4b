/**
 * QA223: an evalc.lock that is a link to a file that is not there read as "no lockfile yet"
 * (`plan`), "no lockfile at …" (`diff`, `report`, `cache prune`), "there is no evalc.lock"
 * (`apply --locked`) or "no identity pinned" (`apply --frozen`): the link, and where it points,
 * went unsaid. Each now names it: `it is a link to gone/evalc.lock, which does not exist`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeUnreachablePlan } from '../fixtures/unreachable-plan.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = path.join(root, 'dist', 'evalc.mjs');
const built = existsSync(CLI);
const SAID = 'it is a link to gone/evalc.lock, which does not exist';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'qa223-link-'));
  writeUnreachablePlan(dir, { cache: true });
  symlinkSync('gone/evalc.lock', path.join(dir, 'evalc.lock'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[]) {
  return spawnSync(process.execPath, [CLI, ...args], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 30_000,
    killSignal: 'SIGKILL',
    env: { ...process.env, EVALC_CACHE_DIR: '' },
  });
}

describe.skipIf(!built)('an evalc.lock linked to nothing', () => {
  it.each([
    [['diff', 'evalc.lock', 'evalc.lock'], 1],
    [['report', '--format', 'json'], 1],
    [['cache', 'prune', '--dry-run'], 1],
    [['apply', '--locked'], 1],
    [['apply', '--frozen'], 1],
  ])('evalc %j names the link and its target', (args, status) => {
    const r = run(args as string[]);
    expect(r.status).toBe(status);
    expect(r.stderr).toContain(SAID);
  });

  it('evalc plan says so in a note, then plans a first run', () => {
    const r = run(['plan']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`note: no lockfile at ${path.join(dir, 'evalc.lock')}: ${SAID}`);
  });

  it('apply --locked tells to put back the lock the link points to', () => {
    const r = run(['apply', '--locked']);
    expect(r.stderr).toContain('hint: put back the lockfile the link points to');
  });
});
