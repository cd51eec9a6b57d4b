/**
 * QA243: `evalc help apply --json` and `evalc apply --help --json` printed the text help, which a
 * `--json` caller's JSON.parse refused. They print the same help as data: the flags each command
 * takes, from the table the parser and the text help read, so the three cannot disagree.
 */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

const cwd = os.tmpdir();

describe('--help --json', () => {
  it("prints a command's help as JSON, the same by every spelling", () => {
    const viaFlag = spawnCli(['apply', '--help', '--json'], { cwd });
    expect(viaFlag.code).toBe(0);
    expect(viaFlag.stderr).toBe('');
    const help = JSON.parse(viaFlag.stdout);
    expect(help).toMatchObject({ command: 'apply', args: '[plan]', exitCode: 0 });
    expect(help.usage).toMatch(/^evalc apply \[plan\] \[--locked\]/);
    expect(help.flags).toContainEqual(expect.objectContaining({ flag: '--locked', type: 'boolean' }));
    expect(help.flags).toContainEqual(
      expect.objectContaining({ flag: '--only', type: 'string', value: 'task[/dataset]' }),
    );
    for (const args of [
      ['help', 'apply', '--json'],
      ['--help', 'apply', '--json'],
      ['apply', '-h', '--json'],
    ])
      expect(spawnCli(args, { cwd }).stdout).toBe(viaFlag.stdout);
  });

  it('every flag the text help lists is in the JSON', () => {
    const text = spawnCli(['cache', '--help'], { cwd }).stdout;
    const json = JSON.parse(spawnCli(['cache', '--help', '--json'], { cwd }).stdout);
    for (const { flag } of json.flags) expect(text).toContain(flag);
    expect(json.flags.map((f: { flag: string }) => f.flag)).toEqual(
      expect.arrayContaining(['--cache-dir', '--lock', '--dry-run', '--force', '--json']),
    );
  });

  it('diff, whose JSON is --format json, answers that too; the overview lists the commands', () => {
    expect(JSON.parse(spawnCli(['diff', '--help', '--format', 'json'], { cwd }).stdout).command).toBe('diff');
    const overview = JSON.parse(spawnCli(['--help', '--json'], { cwd }).stdout);
    expect(overview.commands.map((c: { command: string }) => c.command)).toContain('lint');
    expect(spawnCli(['help', '--json'], { cwd }).stdout).toBe(spawnCli(['--help', '--json'], { cwd }).stdout);
  });

  it('without --json the help is the text it was', () => {
    expect(spawnCli(['apply', '--help'], { cwd }).stdout).toMatch(/^usage: evalc apply /);
  });
});
