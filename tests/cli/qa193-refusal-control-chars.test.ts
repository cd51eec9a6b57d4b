/**
 * QA193: a refusal that ends a command (an unknown flag, a --format or --seed value, a lockfile
 * path not found, a cache subcommand) echoes what was typed; main.ts wrote it raw to stderr, so
 * `evalc report --format $'x\e[2J'` cleared the terminal, where every other message spells its
 * control characters out (QA48; d6ee205 for an unknown command).
 */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

describe('a refusal that echoes a typed word', () => {
  it.each([
    ['an unknown flag', ['apply', '--x\u001b[2J'], 64],
    ['report --format', ['report', '--format', 'x\u001b[31mml'], 64],
    ['diff --format', ['diff', 'a.lock', 'b.lock', '--format', 'x\u001b]0;t\u0007'], 64],
    ['diff --seed', ['diff', 'a.lock', 'b.lock', '--seed', 'x\u001b[1m'], 64],
    ['a cache subcommand', ['cache', 'st\u001b[1mat'], 64],
    ['a lockfile not found', ['report', '--from', 'b\u001b[1m.lock'], 1],
  ])('spells out its control characters: %s', (_, args, code) => {
    const run = spawnCli(args as string[], { cwd: os.tmpdir() });
    expect(run.code).toBe(code);
    expect(run.stderr).toMatch(/^evalc: /);
    expect(run.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(run.stderr).toContain('\\u001b');
  });
});
