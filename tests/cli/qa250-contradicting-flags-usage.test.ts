/**
 * QA250: two apply flags that contradict each other (--frozen with --refresh, --locked with
 * --update-lock) were a usage error (64) of their message alone, where every other usage error is
 * three lines since QA243: the message, the command's usage line and 'see `evalc apply --help`'.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { tempWorkspace } from '../e2e/apply-harness.js';
import { spawnCli } from './run-cli.js';

const ws = tempWorkspace('qa250-contradicting-flags');
afterAll(() => ws.cleanup());

describe('apply with two flags that contradict each other (QA250)', () => {
  it.each([
    [['--frozen', '--refresh'], '--frozen and --refresh contradict each other'],
    [['--locked', '--update-lock'], '--locked and --update-lock contradict each other: '],
  ])('%j: its message, the usage line and where the flags are told', (flags, message) => {
    const run = spawnCli(['apply', ...flags], { cwd: ws.dir });
    expect(run.code).toBe(64);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain(`evalc: ${message}`);
    expect(lines[1]).toMatch(/^usage: evalc apply \[plan\] /);
    expect(lines[2]).toBe('see `evalc apply --help`');
  });
});
