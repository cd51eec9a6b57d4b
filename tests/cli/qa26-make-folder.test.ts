/**
 * QA26: folders the CLI makes where the user points it. Node's recursive mkdir never returns when a
 * parent exists but refuses children with ENOENT (/proc, /dev/fd): `evalc report --from
 * <(git show HEAD:evalc.lock)` wanted /dev/fd/.evalc/reports and spun at 100% CPU, deaf to Ctrl-C
 * and SIGTERM. The child processes below are SIGKILLed after 10 s, so a regression fails instead
 * of hanging the test run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeFolder } from '../../src/cli/make-folder.js';
import { tempFolder } from '../fixtures/temp-folder.js';
import { CLI, REPO_ROOT } from './run-cli.js';

const LOCK = path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock');

function codeOf(fn: () => void): { code?: unknown; syscall?: unknown } | undefined {
  try {
    fn();
    return undefined;
  } catch (err) {
    return err as { code?: unknown; syscall?: unknown };
  }
}

describe('makeFolder', () => {
  it('makes every missing folder, accepts one that exists, and refuses files and broken links like mkdir -p', () => {
    const dir = tempFolder('evalc-qa26-mkdir-');
    makeFolder(path.join(dir, 'a/b/c'));
    expect(existsSync(path.join(dir, 'a/b/c'))).toBe(true);
    makeFolder(path.join(dir, 'a/b'));
    writeFileSync(path.join(dir, 'file'), 'x');
    expect(codeOf(() => makeFolder(path.join(dir, 'file')))).toMatchObject({
      code: 'EEXIST',
      syscall: 'mkdir',
    });
    expect(codeOf(() => makeFolder(path.join(dir, 'file/sub')))).toMatchObject({ code: 'ENOTDIR' });
    symlinkSync(path.join(dir, 'gone'), path.join(dir, 'dangling'));
    expect(codeOf(() => makeFolder(path.join(dir, 'dangling/sub')))).toMatchObject({
      code: 'ENOENT',
      syscall: 'mkdir',
    });
  });
});

const run = (command: string, args: string[], cwd: string) =>
  spawnSync(command, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '' },
    encoding: 'utf8',
    timeout: 10_000,
    killSignal: 'SIGKILL',
  });

describe('evalc where a parent folder refuses children', () => {
  it.skipIf(!existsSync('/proc/self'))(
    'schema --out /proc/… exits 1 with one line instead of spinning',
    () => {
      const r = run(process.execPath, [CLI, 'schema', '--out', '/proc/evalc-qa26/schemas'], os.tmpdir());
      expect(r.signal).toBeNull();
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(
        /^evalc: cannot write: ENOENT: no such file or directory, mkdir '\/proc\/evalc-qa26'/,
      );
    },
  );

  it.skipIf(!existsSync('/bin/bash') || !existsSync('/dev/fd'))(
    'report --from <(cat evalc.lock) refuses (64) and asks for --out or --format; with --out it writes the reports',
    () => {
      const cwd = tempFolder('evalc-qa26-pipe-');
      const piped = run(
        '/bin/bash',
        [
          '--norc',
          '--noprofile',
          '-c',
          `exec "$0" "$1" report --from <(cat "$2")`,
          process.execPath,
          CLI,
          LOCK,
        ],
        cwd,
      );
      expect(piped.signal).toBeNull();
      expect(piped.status).toBe(64);
      expect(piped.stderr).toMatch(
        /^evalc: \/dev\/fd\/\d+ is not a file \(a pipe\?\): there is no folder beside it/,
      );
      const out = run(
        '/bin/bash',
        [
          '--norc',
          '--noprofile',
          '-c',
          `exec "$0" "$1" report --from <(cat "$2") --out reports`,
          process.execPath,
          CLI,
          LOCK,
        ],
        cwd,
      );
      expect(out.status).toBe(0);
      expect(readdirSync(path.join(cwd, 'reports')).sort()).toEqual([
        'junit.xml',
        'report.html',
        'report.json',
        'report.md',
      ]);
    },
  );

  it.skipIf(!existsSync('/proc/self'))(
    'apply --out /proc/… and EVALC_CACHE_DIR=/proc/… exit 1 with one line before the run, instead of spinning',
    () => {
      const cwd = tempFolder('evalc-qa26-apply-proc-');
      writeFileSync(path.join(cwd, 'evalc.yaml'), 'evalc: 1\n');
      const out = run(process.execPath, [CLI, 'apply', '--out', '/proc/evalc-qa26/out'], cwd);
      expect(out.signal).toBeNull();
      expect(out.status).toBe(1);
      expect(out.stderr).toMatch(
        /^evalc: cannot write: ENOENT: no such file or directory, mkdir '\/proc\/evalc-qa26'/,
      );
      const cache = spawnSync(process.execPath, [CLI, 'apply'], {
        cwd,
        env: { PATH: process.env.PATH ?? '', EVALC_CACHE_DIR: '/proc/evalc-qa26/cache' },
        encoding: 'utf8',
        timeout: 10_000,
        killSignal: 'SIGKILL',
      });
      expect(cache.signal).toBeNull();
      expect(cache.status).toBe(1);
      expect(cache.stderr).toMatch(/^evalc: cannot write: ENOENT: .*mkdir '\/proc\/evalc-qa26'/);
    },
  );

  it.skipIf(!existsSync('/bin/bash') || !existsSync('/dev/fd'))(
    'apply <(cat evalc.yaml) refuses (64): it has no folder for evalc.lock and .evalc/ (it spun in mkdir)',
    () => {
      const cwd = tempFolder('evalc-qa26-pipe-plan-');
      writeFileSync(path.join(cwd, 'd.jsonl'), '{"id":"e1","vars":{"q":"x"},"expected":{"a":"x"}}\n');
      writeFileSync(
        path.join(cwd, 'plan.yaml'),
        [
          'evalc: 1',
          'benchmark: { id: b, version: 1.0.0 }',
          'agents: { a1: { protocol: raip, url: "http://127.0.0.1:9" } }',
          'tasks:',
          '  t:',
          '    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }',
          `    datasets: { d: { source: ${JSON.stringify(path.join(cwd, 'd.jsonl'))} } }`,
          '    metrics: [ { type: contains, candidate: answer, expected: a } ]',
          '',
        ].join('\n'),
      );
      const r = run(
        '/bin/bash',
        ['--norc', '--noprofile', '-c', `exec "$0" "$1" apply <(cat plan.yaml)`, process.execPath, CLI],
        cwd,
      );
      expect(r.signal).toBeNull();
      expect(r.status).toBe(64);
      expect(r.stderr).toMatch(
        /^evalc: \/dev\/fd\/\d+ is not a file \(a pipe\?\): apply writes evalc.lock and .evalc\/ beside the plan/,
      );
      expect(readdirSync(cwd).sort()).toEqual(['d.jsonl', 'plan.yaml']);
    },
  );
});
