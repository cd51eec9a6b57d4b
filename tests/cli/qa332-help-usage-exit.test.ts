/**
 * QA332: `evalc validate --help` and `evalc lint --help` gave their 64 as `64 no plan file`
 * alone, while both exit 64 on any usage error (`validate --bogus`, `lint --only t`), as every
 * other command's help says (`64 usage`). Each command's help now names its usage exit, and the
 * command does exit 64 on an unknown flag.
 */
import { describe, expect, it } from 'vitest';
import { type CommandName, renderCommandHelp } from '../../src/cli/command-help.js';
import { spawnCli } from './run-cli.js';

const COMMANDS: CommandName[] = [
  'init',
  'validate',
  'plan',
  'apply',
  'diff',
  'report',
  'graph',
  'schema',
  'cache',
  'lint',
];

describe('evalc <command> --help names exit 64 for usage errors (QA332)', () => {
  it.each(COMMANDS)('%s', (command) => {
    const exitLine = renderCommandHelp(command)
      .split('\n')
      .find((line) => line.startsWith('exit 0'));
    expect(exitLine).toMatch(/ · 64 usage\b/);
  });

  it('validate and lint exit 64 on an unknown flag, as their help now says', () => {
    for (const command of ['validate', 'lint']) {
      const result = spawnCli([command, '--bogus'], { cwd: import.meta.dirname });
      expect(result.code).toBe(64);
      expect(result.stderr).toContain("Unknown option '--bogus'");
    }
  });
});
