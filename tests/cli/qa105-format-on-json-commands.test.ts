/**
 * QA105 (the other direction of fc4fa74): `evalc plan --format json` (the flag diff and report
 * take) was refused with Node's advice to pass `--format` after `--` as a file name. validate,
 * plan, apply, lint and cache write JSON with `--json`, and now say so.
 */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { planCommand } from '../../src/cli/plan.js';
import { validateCommand } from '../../src/cli/validate.js';
import { runCommand } from './run-cli.js';

describe('--format on a command that writes JSON with --json', () => {
  it('plan --format json names --json', async () => {
    const result = await runCommand(planCommand, ['--format', 'json'], { cwd: os.tmpdir() });
    expect(result.code).toBe(64);
    expect(result.stderr.split('\n')[0]).toBe(
      'evalc: unknown option --format: this command writes JSON with --json',
    );
  });

  it('validate --format=json too', async () => {
    const result = await runCommand(validateCommand, ['--format=json'], { cwd: os.tmpdir() });
    expect(result.code).toBe(64);
    expect(result.stderr).toContain('this command writes JSON with --json');
  });

  it('another unknown option keeps its own message', async () => {
    const result = await runCommand(planCommand, ['--formatt', 'json'], { cwd: os.tmpdir() });
    expect(result.code).toBe(64);
    expect(result.stderr).toContain("Unknown option '--formatt'");
  });
});
