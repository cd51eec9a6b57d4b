/**
 * QA231 (the case next to QA226's 841c10e): a value flag written before the command and again after
 * it, `evalc --format json report --format md`, or twice before it, `evalc --only a --only b plan`,
 * was offered as written, 'evalc report --format json --format md', which the command refuses,
 * '--format was given twice; it takes one value'. The one after the command is kept (else the
 * first), the other said: 'but report takes --format once'. A repeatable one (`--lock`) is kept.
 */
import { expect, it } from 'vitest';
import { tempFolder } from '../fixtures/temp-folder.js';
import { spawnCli } from './run-cli.js';

it.each([
  [
    ['--format', 'json', 'report', '--format', 'md'],
    '--format goes after the command, but report takes --format once: evalc report --format md',
  ],
  [
    ['--format=json', 'report', '--format=md'],
    '--format=json goes after the command, but report takes --format once: evalc report --format=md',
  ],
  [
    ['--only', 'a', '--only', 'b', 'plan'],
    '--only goes after the command, but plan takes --only once: evalc plan --only a',
  ],
  [
    ['--concurrency', '2', '--json', 'apply', '--concurrency', '3'],
    '--concurrency goes after the command, but apply takes --concurrency once: evalc apply --json --concurrency 3',
  ],
  [
    ['--lock', 'a.lock', 'cache', 'prune', '--lock', 'b.lock'],
    '--lock goes after the command: evalc cache prune --lock a.lock --lock b.lock',
  ],
])('%j is told a line the command runs', (args, told) => {
  const dir = tempFolder('evalc-qa231-twice-');
  const run = spawnCli(args, { cwd: dir });
  expect(run.code).toBe(64);
  expect(run.stderr.split('\n')[0]).toBe(`evalc: ${told}`);
  const offered = spawnCli(told.split(': evalc ')[1]!.split(' '), { cwd: dir });
  // An empty folder: the line may still find no plan or lock, but its flags are taken.
  expect(offered.stderr).not.toMatch(/given twice|takes no|unknown option|is a flag of/i);
});
