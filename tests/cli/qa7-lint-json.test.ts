/**
 * `lint --json` on a plan that does not load printed text diagnostics on stderr and nothing on
 * stdout, where `validate --json` and `plan --json` print them as data (README: "`--json` prints
 * them as data"). QA7.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa7-lint-json-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('lint --json on a plan that does not load', () => {
  it('prints the missing plan as a diagnostic on stdout with exitCode 64', () => {
    const result = spawnCli(['lint', 'nope.yaml', '--json'], { cwd: work });
    expect(result.code).toBe(64);
    expect(result.stderr).toBe('');
    const out = JSON.parse(result.stdout) as {
      ok: boolean;
      exitCode: number;
      diagnostics: { code: string }[];
    };
    expect(out).toMatchObject({ ok: false, exitCode: 64 });
    expect(out.diagnostics.map((d) => d.code)).toEqual(['EVALC_FILE_NOT_FOUND']);
  });

  it('prints an invalid plan diagnostic with its position and exitCode 65', () => {
    writeFileSync(
      path.join(work, 'evalc.yaml'),
      'evalc: 1\nbenchmark: { id: b, version: "1" }\nagnets: {}\n',
    );
    const result = spawnCli(['lint', '--json'], { cwd: work });
    expect(result.code).toBe(65);
    expect(result.stderr).toBe('');
    const out = JSON.parse(result.stdout) as {
      exitCode: number;
      diagnostics: { code: string; source?: { line: number } }[];
    };
    expect(out.exitCode).toBe(65);
    expect(out.diagnostics).toContainEqual(
      expect.objectContaining({
        code: 'EVALC_SCHEMA_UNKNOWN_KEY',
        source: expect.objectContaining({ line: 3 }),
      }),
    );
  });

  it('still prints text diagnostics on stderr without --json', () => {
    const result = spawnCli(['lint', 'nope.yaml'], { cwd: work });
    expect(result.code).toBe(64);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('EVALC_FILE_NOT_FOUND');
  });
});
