/**
 * Review of fc4fa74 (QA105): `--json` on a command that takes `--format` was answered "this command
 * writes JSON with --format json" — also by `graph`, whose formats are mermaid and dot, so the
 * advice led to a second usage error ("unknown format json"). Only a command whose `--format`
 * takes json (diff, report) gives that advice; graph keeps Node's message.
 */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { diffCommand } from '../../src/cli/diff.js';
import { graphCommand } from '../../src/cli/graph.js';
import { runCommand } from './run-cli.js';

describe('--json on a command with --format (review of fc4fa74)', () => {
  it('graph does not advise --format json, which it refuses', async () => {
    const cwd = os.tmpdir();
    const result = await runCommand(graphCommand, ['--json'], { cwd });
    expect(result.code).toBe(64);
    expect(result.stderr).not.toContain('--format json');
    expect(result.stderr).toContain("'--json'");
    const advised = await runCommand(graphCommand, ['--format', 'json'], { cwd });
    expect(advised.code).toBe(64);
  });

  it('diff still does', async () => {
    const result = await runCommand(diffCommand, ['a.lock', 'b.lock', '--json'], { cwd: os.tmpdir() });
    expect(result.code).toBe(64);
    expect(result.stderr).toContain('this command writes JSON with --format json');
  });
});
