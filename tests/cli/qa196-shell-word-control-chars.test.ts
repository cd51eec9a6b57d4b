/**
 * QA196: a word holding a control character in the line a flag before the command (or the cache
 * subcommand) is told to type is written in $'…' quoting: single-quoted, the terminal escaping of
 * the message made `'a\u001b[2Jb.yaml'` of it, another file. The line is read back through bash.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

describe('the line offered for a flag before the command', () => {
  it.each([
    ['main', ['--json', 'apply']],
    ['cache', ['cache', '--lock', 'x.lock', 'prune', '--lock']],
  ])('a word with control characters reads back as typed (%s)', (_, before) => {
    const word = "a\u001b[2J b'\\\n\u0085\u202e.yaml";
    const run = spawnCli([...before, word], { cwd: os.tmpdir() });
    expect(run.code).toBe(64);
    const line = run.stderr.split('\n')[0] ?? '';
    expect(line).not.toContain('\\u001b');
    const offered = line.slice(line.lastIndexOf(' $') + 1);
    const back = spawnSync('bash', ['-c', `printf '%s' ${offered}`], { encoding: 'utf8' });
    expect(back.stdout).toBe(word);
  });
});
