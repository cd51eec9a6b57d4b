/**
 * QA234: the lines `evalc init DIR` offers, 'next: evalc validate DIR, evalc plan DIR, evalc apply DIR',
 * named DIR as given but for a space (JSON's quotes): `it's` left a quote open, `a$b` had the shell
 * expand $b (`evalc validate a`), `-dash` was read as a flag. Each is written as the shell reads it
 * back, and runs as printed.
 */
import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { initWorkspace } from '../fixtures/init-scaffold.js';
import { CLI } from './run-cli.js';

const ws = initWorkspace('qa234-init-next-lines-quoted');

it.each([
  ["it's", "evalc validate 'it'\\''s'"],
  ['a$b', "evalc validate 'a$b'"],
  ['-dash', 'evalc validate ./-dash'],
  ['my plans', "evalc validate 'my plans'"],
])('init %j: its next lines run as printed', (dir, validate) => {
  const result = ws.init('--', dir);
  expect(result.code).toBe(0);
  const next = result.stdout.split('\n').find((l) => l.startsWith('next: '))!;
  expect(next.split(', ')[0]).toBe(`next: ${validate}`);
  // The shell reads the line back: `evalc` stands for the built CLI.
  const out = execFileSync('sh', ['-c', validate.replace(/^evalc /, `node '${CLI}' `)], {
    cwd: ws.dir,
    encoding: 'utf8',
  });
  expect(out).toMatch(/evalc\.yaml: valid/);
});
