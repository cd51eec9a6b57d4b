/**
 * QA234 (the case next to QA231's e99fcc4): `evalc init loop` where the folder given is itself a loop
 * of links (loop → loop) met lstat's ELOOP with a stack trace, 'internal error'. A loop of links on a
 * path is a file system refusal like ENOTDIR: one line naming the path, no stack.
 */
import { expect, it } from 'vitest';
import { initWorkspace } from '../fixtures/init-scaffold.js';

const ws = initWorkspace('qa234-loop-of-links-path');

it('init in a folder that is a loop of links: one line, no stack trace', () => {
  ws.plant('loop', { link: 'loop' });
  const result = ws.init('loop');
  expect(result.code).toBe(1);
  expect(result.stderr).not.toMatch(/internal error|\n {4}at /);
  expect(result.stderr).toMatch(
    /^evalc: cannot read: ELOOP: .*\(a link on the way to loop\/evalc\.yaml is a loop of links, which reaches no file\)\n$/,
  );
});
