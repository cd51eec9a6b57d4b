/**
 * QA113: `evalc apply --format html` answered "this command writes JSON with --json"; a user asking
 * for html wants the reports, which apply writes on every run: the refusal says where. The other
 * commands without `--format` say what they write; `init` and `schema`, which write no JSON, no
 * longer get Node's advice to pass `--format` after `--`.
 */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { applyCommand } from '../../src/cli/apply.js';
import { cacheCommand } from '../../src/cli/cache.js';
import { initCommand } from '../../src/cli/init.js';
import { lintCommand } from '../../src/cli/lint.js';
import { planCommand } from '../../src/cli/plan.js';
import { schemaCommand } from '../../src/cli/schema.js';
import { runCommand } from './run-cli.js';

const cwd = os.tmpdir();

describe('--format on a command without it (QA113)', () => {
  it('apply --format html says where apply writes report.html', async () => {
    const result = await runCommand(applyCommand, ['--format', 'html'], { cwd });
    expect(result.code).toBe(64);
    const first = result.stderr.split('\n')[0];
    expect(first).toContain('report.html');
    expect(first).toContain('.evalc/reports/');
    expect(first).toContain('--out DIR');
    expect(first).toContain('evalc report --format html');
    expect(first).not.toContain('this command writes JSON with --json');
  });

  it('apply --format=md too', async () => {
    const result = await runCommand(applyCommand, ['--format=md'], { cwd });
    expect(result.code).toBe(64);
    expect(result.stderr).toContain('evalc report --format md');
  });

  it('apply --format json keeps pointing at --json', async () => {
    const result = await runCommand(applyCommand, ['--format', 'json'], { cwd });
    expect(result.stderr.split('\n')[0]).toBe(
      'evalc: unknown option --format: this command writes JSON with --json',
    );
  });

  it('plan, lint and cache --format html name text or --json and evalc report', async () => {
    for (const [command, args] of [
      [planCommand, ['--format', 'html']],
      [lintCommand, ['--format', 'junit']],
      [cacheCommand, ['stats', '--format', 'md']],
    ] as const) {
      const result = await runCommand(command, [...args], { cwd });
      expect(result.code).toBe(64);
      expect(result.stderr).toContain('writes text, or JSON with --json');
      expect(result.stderr).toContain('evalc report --format');
    }
  });

  it('init and schema say they have no output formats', async () => {
    for (const [command, name] of [
      [initCommand, 'init'],
      [schemaCommand, 'schema'],
    ] as const) {
      const result = await runCommand(command, ['--format', 'html'], { cwd });
      expect(result.code).toBe(64);
      expect(result.stderr.split('\n')[0]).toBe(
        `evalc: unknown option --format: evalc ${name} has no output formats`,
      );
      expect(result.stderr).not.toContain("place it at the end of the command after '--'");
    }
  });
});
