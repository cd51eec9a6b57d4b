/**
 * QA234 (the case next to QA231's e99fcc4): `evalc init loop` where the folder given is itself a loop
 * of links (loop → loop) met lstat's ELOOP with a stack trace, 'internal error'. A loop of links on a
 * path is a file system refusal like ENOTDIR: one line naming the path, no stack.
 */
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempWorkspace } from '../e2e/apply-harness.js';
import { spawnCli } from './run-cli.js';

const ws = tempWorkspace('qa234-loop-of-links-path');
afterAll(() => ws.cleanup());

it('init in a folder that is a loop of links: one line, no stack trace', () => {
  symlinkSync('loop', path.join(ws.dir, 'loop'));
  const result = spawnCli(['init', 'loop'], { cwd: ws.dir });
  expect(result.code).toBe(1);
  expect(result.stderr).not.toMatch(/internal error|\n {4}at /);
  expect(result.stderr).toMatch(
    /^evalc: cannot read: ELOOP: .*\(a link on the way to loop\/evalc\.yaml is a loop of links, which reaches no file\)\n$/,
  );
});
