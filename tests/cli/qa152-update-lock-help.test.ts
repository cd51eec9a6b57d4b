/**
 * Regression (QA152): `apply --update-lock` also pins a RAIP agent's new ETag of the same schema and
 * version (QA143, from the cache, calling no agent), and apply's warning about such an ETag names
 * the flag; `evalc apply --help` described only the schema case, so a user who read the help after
 * the warning found no word of ETags there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa152-help-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('apply --help on --update-lock (QA152)', () => {
  it('names both what the flag accepts and the ETag it pins', () => {
    const result = spawnCli(['apply', '--help'], { cwd: work });
    expect(result.code).toBe(0);
    const line = result.stdout.split('\n').find((l) => l.trimStart().startsWith('--update-lock')) ?? '';
    expect(line).toContain('input schema changed');
    expect(line).toMatch(/ETag/);
  });
});
