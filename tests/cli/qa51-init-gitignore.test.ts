/**
 * QA51: `evalc init` noted "does not ignore .evalc/" for a .gitignore that ignores all the folder
 * holds (`.evalc/*`, `/.evalc/**`), and said nothing when a later `!.evalc/` line re-includes it.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { initCommand } from '../../src/cli/init.js';
import { tempFolder } from '../fixtures/temp-folder.js';
import { runCommand } from './run-cli.js';

async function initWith(gitignore: string): Promise<string> {
  const dir = tempFolder('evalc-qa51-init-');
  writeFileSync(path.join(dir, '.gitignore'), gitignore);
  const result = await runCommand(initCommand, [], { cwd: dir });
  expect(result.code).toBe(0);
  return result.stderr;
}

describe('evalc init: a .gitignore that ignores .evalc/ (QA51)', () => {
  it('says nothing for .evalc/*, .evalc/** and /.evalc/*', async () => {
    for (const line of ['.evalc/*', '.evalc/**', '/.evalc/*', '**/.evalc/**'])
      expect(await initWith(`node_modules\n${line}\n`), line).toBe('');
  });

  it('notes a .gitignore whose later line re-includes .evalc/', async () => {
    expect(await initWith('.evalc/\n!.evalc/\n')).toContain('does not ignore .evalc/');
  });
});
