/**
 * QA117 (review of dd11920): `evalc apply --format <value>` names `evalc report --format <value>`
 * as the way to render one report. With a value report does not take (`xml`, `HTML`, `markdown`)
 * that advice was itself a usage error: `evalc report --format xml` exits 64. The hint names a
 * value report takes (lower-cased), or report's list.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyCommand } from '../../src/cli/apply.js';
import { reportCommand } from '../../src/cli/report.js';
import { runCommand } from './run-cli.js';

const cwd = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa117-format-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

/** The `--format` values of the `evalc report --format …` the refusal suggests. */
async function suggested(value: string): Promise<string[]> {
  const result = await runCommand(applyCommand, ['--format', value], { cwd });
  expect(result.code).toBe(64);
  const named = /`evalc report --format ([^`]+)`/.exec(result.stderr.split('\n')[0] ?? '')?.[1];
  expect(named).toBeDefined();
  return (named ?? '').split('|');
}

describe('apply --format <value>: the report command it suggests takes that value (QA117)', () => {
  for (const [value, expected] of [
    ['html', ['html']],
    ['HTML', ['html']],
    ['junit', ['junit']],
    ['xml', ['md', 'html', 'json', 'junit']],
    ['markdown', ['md', 'html', 'json', 'junit']],
  ] as const)
    it(`apply --format ${value}`, async () => {
      const formats = await suggested(value);
      expect(formats).toEqual(expected);
      for (const format of formats) {
        // No lockfile in the folder: report gets past its --format and fails to read one (1), not 64.
        const report = await runCommand(reportCommand, ['--format', format], { cwd });
        expect(report.stderr).not.toContain('unknown --format');
        expect(report.code).toBe(1);
      }
    });
});
