/**
 * QA212: `evalc cache prune` refused a FIFO in the plan's own evalc.lock's place (QA201) only when
 * no --lock was given, or --lock named it by its absolute path: `--lock evalc.lock` and `--lock .`
 * (a folder holding it) compared the name as written with the plan's lock path, read the FIFO, and
 * hung until SIGKILL (a blocked read runs no signal handler).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = path.join(root, 'dist', 'evalc.mjs');
const built = existsSync(CLI);

const PLAN = `evalc: 1
benchmark: { id: b, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:9 }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: "output.answer" } } }
    datasets: { d: { source: d.jsonl } }
    metrics: [{ type: exact_match, candidate: answer, expected: answer }]
`;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'qa212-prune-'));
  writeFileSync(path.join(dir, 'evalc.yaml'), PLAN);
  writeFileSync(path.join(dir, 'd.jsonl'), '{"id":"e1","vars":{"q":"x"},"expected":{"answer":"y"}}\n');
  mkdirSync(path.join(dir, '.evalc', 'cache'), { recursive: true });
  writeFileSync(path.join(dir, '.evalc', 'cache', 'steps.log'), '');
  execFileSync('mkfifo', [path.join(dir, 'evalc.lock')]);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!built)('cache prune --lock naming the plan’s own lock, a FIFO', () => {
  it.each([['evalc.lock'], ['./evalc.lock'], ['.']])(
    'refuses --lock %s, naming it, instead of hanging',
    (named) => {
      const r = spawnSync(process.execPath, [CLI, 'cache', 'prune', '--dry-run', '--lock', named], {
        cwd: dir,
        encoding: 'utf8',
        timeout: 15_000,
        killSignal: 'SIGKILL',
      });
      expect(r.signal).toBeNull();
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(`${path.join(dir, 'evalc.lock')} is a named pipe (FIFO), not a lockfile`);
    },
  );
});

describe.skipIf(!built)('evalc report without --from, its default evalc.lock a FIFO', () => {
  it('refuses it, naming it, instead of hanging; --from names a pipe on purpose', () => {
    const r = spawnSync(process.execPath, [CLI, 'report', '--format', 'json'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 15_000,
      killSignal: 'SIGKILL',
    });
    expect(r.signal).toBeNull();
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${path.join(dir, 'evalc.lock')} is a named pipe (FIFO), not a lockfile`);
  });
});
