/**
 * A plan file that is an empty mapping (`{}`) loaded with no diagnostic and no plan: validate said
 * "valid", exit 0, while plan and apply exited 65 printing "0 errors, 0 warnings" (QA101; the
 * loader fuzz test found it now and then). It is a plan that lacks `evalc:` and `benchmark:`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa101-empty-map-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
writeFileSync(path.join(work, 'evalc.yaml'), '{}\n');

describe('a plan file that is {}', () => {
  it('fails validate with what to add', () => {
    const result = spawnCli(['validate', '--json'], { cwd: work });
    expect(result.code).toBe(65);
    const codes = (JSON.parse(result.stdout) as { diagnostics: { code: string; message: string }[] })
      .diagnostics;
    expect(codes.map((d) => d.code)).toContain('EVALC_SCHEMA_MISSING');
    expect(codes.map((d) => d.message).join('\n')).toContain('benchmark');
  });

  it('fails plan and apply saying why, not with 0 errors', () => {
    for (const command of ['plan', 'apply']) {
      const result = spawnCli([command], { cwd: work });
      expect(result.code).toBe(65);
      expect(result.stderr).toContain('EVALC_SCHEMA_MISSING');
      expect(result.stderr).not.toContain('0 errors');
    }
  });
});
