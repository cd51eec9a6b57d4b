/**
 * QA219: a flag of another command, `plan --locked`, `validate --only`, `report --concurrency`,
 * read `Unknown option '--locked'` and nothing more, as if it were a typo of nothing, while the
 * wrong place is the mistake. The built CLI now names the command the flag belongs to (exit 64,
 * in --json's result too), single-dash too: `apply -detailed-exitcode` (Terraform's spelling of
 * plan's flag) was told to pass a file name after `--`.
 */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

describe('a flag given to a command that does not take it', () => {
  it.each([
    [['plan', '--locked'], "Unknown option '--locked': plan takes no --locked, it is a flag of apply"],
    [['plan', '--quiet'], "Unknown option '--quiet': plan takes no --quiet, it is a flag of apply"],
    [
      ['validate', '--only', 't'],
      "Unknown option '--only': validate takes no --only, it is a flag of plan and apply",
    ],
    [
      ['report', '--concurrency', '3'],
      "Unknown option '--concurrency': report takes no --concurrency, it is a flag of apply",
    ],
    [
      ['init', '--cache-dir', 'c'],
      "Unknown option '--cache-dir': init takes no --cache-dir, it is a flag of plan, apply, report and cache",
    ],
    [
      ['apply', '-detailed-exitcode'],
      "Unknown option '-d' (in -detailed-exitcode): apply takes no --detailed-exitcode, it is a flag of plan",
    ],
    [['plan', '-locked'], "Unknown option '-l' (in -locked): plan takes no --locked, it is a flag of apply"],
  ] as const)('%j names the command it belongs to', (args, message) => {
    const result = spawnCli([...args], { cwd: os.tmpdir() });
    expect(result.code).toBe(64);
    expect(result.stderr.split('\n')[0]).toBe(`evalc: ${message}`);
  });

  it('--json carries the same message in its result event', () => {
    const result = spawnCli(['validate', '--json', '--refresh'], { cwd: os.tmpdir() });
    expect(result.code).toBe(64);
    const event = JSON.parse(result.stdout.trim());
    expect(event).toMatchObject({ event: 'result', exitCode: 64, status: 'usage' });
    expect(event.message.split('\n')[0]).toBe(
      "Unknown option '--refresh': validate takes no --refresh, it is a flag of apply",
    );
  });

  it('a flag no command has still gets its nearest one', () => {
    const result = spawnCli(['apply', '--lcoked'], { cwd: os.tmpdir() });
    expect(result.code).toBe(64);
    expect(result.stderr.split('\n')[0]).toBe("evalc: Unknown option '--lcoked' (did you mean --locked?)");
  });
});
