/**
 * QA51: `evalc schema --stdout --out DIR` printed the schema and ignored --out without a word
 * (the user who wanted files in DIR got none). The two contradict each other: a usage error (64).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemaCommand } from '../../src/cli/schema.js';
import { tempFolder } from '../fixtures/temp-folder.js';
import { runCommand } from './run-cli.js';

describe('evalc schema --stdout with --out (QA51)', () => {
  it('is a usage error that writes and prints nothing', async () => {
    const dir = tempFolder('evalc-qa51-schema-');
    const result = await runCommand(schemaCommand, ['--stdout', '--out', 'x'], { cwd: dir });
    expect(result.code).toBe(64);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('--stdout writes no file, so --out has nothing to do');
    expect(existsSync(path.join(dir, 'x'))).toBe(false);
  });
});
