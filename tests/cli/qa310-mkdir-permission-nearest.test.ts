/**
 * QA310: 304cd9a9 named the parent of a folder mkdir had no permission to make, `cannot create
 * ro/sub: no permission to write in ro`; but a recursive mkdir names its leaf, so apply in a
 * read-only plan folder without `.evalc` (the cache lock makes `.evalc/cache` at once) read
 * `cannot create .evalc/cache: no permission to write in .evalc`, a folder that is not there. The
 * folder refused is the nearest one on the path that exists. Root ignores file modes: the CLI
 * runs as `nobody` (setpriv) when the tests run as root.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { explainFileSystemError } from '../../src/cli/describe-fs-error.js';
import { tempFolder } from '../fixtures/temp-folder.js';
import { readableDist, runUnprivileged } from '../fixtures/unprivileged.js';

describe('explainFileSystemError: a folder several levels below the one refused', () => {
  it('names the nearest folder that exists', () => {
    const dir = tempFolder('evalc-qa310-mkdir-');
    mkdirSync(path.join(dir, 'ro'));
    expect(
      explainFileSystemError(
        { code: 'EACCES', syscall: 'mkdir', path: path.join(dir, 'ro/.evalc/cache') },
        dir,
      ),
    ).toBe('cannot create ro/.evalc/cache: no permission to write in ro');
    expect(
      explainFileSystemError({ code: 'EACCES', syscall: 'mkdir', path: path.join(dir, 'ro/sub') }, dir),
    ).toBe('cannot create ro/sub: no permission to write in ro');
  });

  it('apply in a read-only plan folder names that folder', () => {
    const dir = tempFolder('evalc-qa310-mkdir-');
    chmodSync(dir, 0o755);
    writeFileSync(path.join(dir, 'd1.jsonl'), '{"id":"e0","vars":{"q":"x"},"expected":{"answer":"x"}}\n');
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      [
        'evalc: 1',
        'benchmark: { id: ro, version: 1.0.0 }',
        'agents: { a1: { protocol: raip, url: "http://127.0.0.1:9" } }',
        'tasks:',
        '  t1:',
        '    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }',
        '    datasets: { d1: { source: d1.jsonl } }',
        '    metrics: [{ type: exact_match, candidate: answer, expected: answer }]',
        '',
      ].join('\n'),
    );
    // The plan folder is root's (or this user's) and read-only to the CLI.
    chmodSync(dir, 0o555);
    const run = runUnprivileged([path.join(readableDist(), 'evalc.mjs'), 'apply', 'evalc.yaml'], dir);
    chmodSync(dir, 0o755);
    expect(run, 'setpriv is needed to run as nobody').toBeDefined();
    expect(run!.code, run!.stderr).toBe(1);
    expect(run!.stderr).toContain(`(cannot create .evalc/cache: no permission to write in ${dir})`);
    expect(run!.stderr).not.toContain('write in .evalc');
  });
});
