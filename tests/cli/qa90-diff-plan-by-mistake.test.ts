/**
 * QA90: `evalc diff evalc.yaml evalc.lock` — a plan passed for a lockfile, an easy slip when both sit
 * side by side — said `… is not valid JSON: Unexpected token 'e', "evalc: 1` and went on, on a second
 * line, `b"... is not valid JSON`: V8's quote of the text, line break included, and nothing saying
 * that this was the plan. It now says the file is an evalc plan and what to pass instead, and a
 * JSON error quoting a line break keeps the message on one line. Run with the built CLI.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, REPO_ROOT } from './run-cli.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa90-plan-by-mistake-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function diff(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, 'diff', ...args], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('evalc diff of a file that is not a lockfile (QA90)', () => {
  copyFileSync(
    path.join(REPO_ROOT, 'tests/fixtures/locks/course-advisor.lock'),
    path.join(dir, 'evalc.lock'),
  );
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    '# yaml-language-server: $schema=./schemas/evalc.schema.json\nevalc: 1\nbenchmark: { id: b }\n',
  );

  it('names a plan passed for a lockfile, on one line, exit 1 and no stack', () => {
    const r = diff('evalc.yaml', 'evalc.lock');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `evalc: cannot read the old lockfile: ${path.join(dir, 'evalc.yaml')} is an evalc plan (YAML), not a lockfile: pass the evalc.lock beside it, or the plan's folder\n`,
    );
    const json = diff('evalc.lock', 'evalc.yaml', '--format', 'json');
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({
      exitCode: 1,
      message: expect.stringContaining('evalc.yaml is an evalc plan (YAML), not a lockfile'),
    });
  });

  it('keeps a JSON error that quotes a line break on one line', () => {
    writeFileSync(path.join(dir, 'notes.txt'), 'name: x\nother: y\n');
    const r = diff('notes.txt', 'evalc.lock');
    expect(r.code).toBe(1);
    // without V8's quote of the text since QA209 (a token file's first characters were printed)
    expect(r.stderr).toMatch(
      /^evalc: cannot read the old lockfile: .*notes\.txt is not valid JSON: Unexpected token 'a'\n$/,
    );
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});
