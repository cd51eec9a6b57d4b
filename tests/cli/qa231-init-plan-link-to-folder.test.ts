/**
 * QA231 (the case next to QA227's 3b0ff99): `evalc init l` where l/evalc.yaml is a link to a folder
 * read 'l/evalc.yaml already exists: `evalc plan l` shows what it would run', and plan refuses it, 'is
 * a folder, not a file'. It is said as a folder, as a folder of that name is, exit 64, nothing written;
 * a loop of links (which 1e71c0b's first form met with a stack trace, ELOOP) is said as one.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { initWorkspace } from '../fixtures/init-scaffold.js';

const ws = initWorkspace('qa231-init-plan-link-to-folder');

it('a link to a folder: said as one, not pointed at evalc plan', () => {
  ws.plant('elsewhere', 'folder');
  ws.plant('l/evalc.yaml', { link: '../elsewhere' });
  const result = ws.init('l');
  expect(result.code).toBe(64);
  expect(result.stderr).toBe(
    'evalc: l/evalc.yaml is a link to ../elsewhere, a folder, not a plan: give init a folder without evalc.yaml\n',
  );
  expect(readdirSync(path.join(ws.dir, 'l'))).toEqual(['evalc.yaml']);
  expect(readdirSync(path.join(ws.dir, 'elsewhere'))).toEqual([]);
});

it('a loop of links: said as one, no stack trace', () => {
  ws.plant('o/evalc.yaml', { link: 'again' });
  ws.plant('o/again', { link: 'evalc.yaml' });
  const result = ws.init('o');
  expect(result.code).toBe(64);
  expect(result.stderr).toBe(
    'evalc: o/evalc.yaml is a link to again, a loop of links that reaches no file: init writes no plan through a link; remove it, or give init a folder without evalc.yaml\n',
  );
  expect(readdirSync(path.join(ws.dir, 'o')).sort()).toEqual(['again', 'evalc.yaml']);
});
