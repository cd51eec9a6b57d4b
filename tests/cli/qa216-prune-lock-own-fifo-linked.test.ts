/**
 * QA216: `evalc cache prune` refused the plan's own evalc.lock when a FIFO, named with --lock as
 * written (f97a4ba), but not by another name of the same file: the plan reached through a linked
 * folder (`cache prune ../alias/evalc.yaml --lock evalc.lock`, or `--lock ../alias`) compared two
 * names of one file, read the FIFO and hung until SIGKILL.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = path.join(root, 'dist', 'evalc.mjs');

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
let real: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'qa216-prune-'));
  real = path.join(dir, 'real');
  mkdirSync(path.join(real, '.evalc', 'cache'), { recursive: true });
  writeFileSync(path.join(real, 'evalc.yaml'), PLAN);
  writeFileSync(path.join(real, 'd.jsonl'), '{"id":"e1","vars":{"q":"x"},"expected":{"answer":"y"}}\n');
  writeFileSync(path.join(real, '.evalc', 'cache', 'steps.log'), '');
  execFileSync('mkfifo', [path.join(real, 'evalc.lock')]);
  symlinkSync('real', path.join(dir, 'alias'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!existsSync(CLI))(
  'cache prune --lock naming the plan’s own FIFO lock by another name',
  () => {
    it.each([[['../alias/evalc.yaml', '--lock', 'evalc.lock']], [['--lock', '../alias']]])(
      'refuses %j, naming it, instead of hanging',
      (args) => {
        const r = spawnSync(process.execPath, [CLI, 'cache', 'prune', '--dry-run', ...args], {
          cwd: real,
          encoding: 'utf8',
          timeout: 10_000,
          killSignal: 'SIGKILL',
        });
        expect(r.signal).toBeNull();
        expect(r.status).toBe(1);
        expect(r.stderr).toMatch(/evalc\.lock is a named pipe \(FIFO\), not a lockfile/);
      },
    );
  },
);
