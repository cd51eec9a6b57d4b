/**
 * QA243: a usage error with no command (`evalc bogus`, `evalc --x plan`, `evalc help bogus`) printed
 * its one-line message, then the whole 17-line overview, so on a short terminal the message scrolled
 * away. It is now the message, one usage line and where the rest is told; a command's own usage error
 * (an unknown flag, a missing argument) ends with `see \`evalc <cmd> --help\``. --help is unchanged.
 */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

const cwd = os.tmpdir();

describe('a usage error stays on screen', () => {
  it('an unknown command is its message, one usage line and a pointer to --help (not the overview)', () => {
    for (const args of [['bogus'], ['help', 'bogus'], ['--bogus', 'plan']]) {
      const run = spawnCli(args, { cwd });
      expect(run.code).toBe(64);
      const lines = run.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(3);
      expect(lines[0]).toMatch(/^evalc: /);
      expect(lines[1]).toMatch(
        /^usage: evalc <command> \[options\] {2}\(commands: init, validate, plan, apply/,
      );
      expect(lines[2]).toBe("see `evalc --help` (a command's flags: `evalc <command> --help`)");
      expect(run.stderr).not.toContain('evalc — compile and run agent evaluation plans kept as code');
    }
  });

  it("a command's usage error ends with its usage line and see `evalc <cmd> --help`", () => {
    for (const [args, command] of [
      [['plan', '--bogus'], 'plan'],
      [['diff'], 'diff'],
      [['apply', '--only'], 'apply'],
      [['cache', 'stat'], 'cache'],
    ] as const) {
      const run = spawnCli([...args], { cwd });
      expect(run.code).toBe(64);
      const lines = run.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(3);
      expect(lines[1]).toMatch(new RegExp(`^usage: evalc ${command} `));
      expect(lines[2]).toBe(`see \`evalc ${command} --help\``);
    }
  });

  it('--json keeps the message as it was (the pointer is for the terminal)', () => {
    const run = spawnCli(['plan', '--bogus', '--json'], { cwd });
    const result = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '');
    expect(result.message).toMatch(/^Unknown option '--bogus'\nusage: evalc plan /);
    expect(result.message).not.toContain('see `');
  });

  it('--help itself is the whole help, unchanged', () => {
    const run = spawnCli(['plan', '--help'], { cwd });
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n').length).toBeGreaterThan(5);
    expect(spawnCli(['--help'], { cwd }).stdout).toContain(
      'evalc — compile and run agent evaluation plans kept as code',
    );
  });
});
