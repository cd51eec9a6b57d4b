/**
 * QA26: `npx evalc init` in an npm project, which nearly always has a .gitignore already. init keeps
 * that file as it is (QA7), so `.evalc/` (the step cache, logs, reports; DESIGN §5 "ignored by git")
 * went unignored without a word. init now says so on stderr, and stays quiet when the line is there.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { initCommand } from '../../src/cli/init.js';
import { tempFolder } from '../fixtures/temp-folder.js';
import { runCommand } from './run-cli.js';

function projectWith(gitignore: string): string {
  const dir = tempFolder('evalc-qa26-init-');
  writeFileSync(path.join(dir, '.gitignore'), gitignore);
  return dir;
}

describe('evalc init in a folder with its own .gitignore', () => {
  it('keeps it and warns on stderr when it does not ignore .evalc/', async () => {
    const dir = projectWith('node_modules\r\ndist/\r\n');
    const result = await runCommand(initCommand, [], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('kept .gitignore (already there)');
    expect(result.stderr).toBe(
      'evalc: note: .gitignore does not ignore .evalc/ (the step cache, logs and reports): add the line .evalc/\n',
    );
    expect(readFileSync(path.join(dir, '.gitignore'), 'utf8')).toBe('node_modules\r\ndist/\r\n');
  });

  it('says nothing when a line already ignores it (.evalc, /.evalc/, **/.evalc)', async () => {
    for (const line of ['.evalc', '/.evalc/', '  **/.evalc  ']) {
      const dir = projectWith(`node_modules\n${line}\n`);
      const result = await runCommand(initCommand, [], { cwd: dir });
      expect(result.code, line).toBe(0);
      expect(result.stderr, line).toBe('');
    }
  });

  it('says nothing about the .gitignore it writes itself', async () => {
    const dir = tempFolder('evalc-qa26-init-');
    const result = await runCommand(initCommand, ['fresh'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(readFileSync(path.join(dir, 'fresh/.gitignore'), 'utf8')).toBe('.evalc/\nevalc.lock.tmp-*\n');
  });
});
