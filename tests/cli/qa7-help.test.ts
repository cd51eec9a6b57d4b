/**
 * `evalc <command> --help` and README.md's CLI section are the contract for flags: each command
 * prints its flags (it answered "Unknown option '--help'" with exit 64), the README lists exactly
 * the flags the command accepts, and a flag neither documents is refused (`plan --steps` was
 * accepted and ignored). QA7.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, spawnCli } from './run-cli.js';

const COMMANDS = ['init', 'validate', 'plan', 'apply', 'diff', 'report', 'graph', 'schema', 'cache', 'lint'];
const work = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa7-help-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The `--flags` of each command in README.md's CLI block (a command's line and its indented continuations). */
function readmeFlags(): Map<string, Set<string>> {
  const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## CLI'));
  const block = section.slice(
    section.indexOf('```\n') + 4,
    section.indexOf('\n```', section.indexOf('```\n') + 4),
  );
  const flags = new Map<string, Set<string>>();
  let current: string | undefined;
  for (const line of block.split('\n')) {
    const head = /^evalc ([a-z]+)/.exec(line);
    if (head?.[1] && COMMANDS.includes(head[1])) current = head[1];
    else if (!line.startsWith(' ')) current = undefined;
    if (!current) continue;
    // Only the usage part: the description after a wide gap may quote other commands' flags.
    const usage = line.split(/\s{3,}/).find((part) => part.trim() !== '') ?? '';
    const set = flags.get(current) ?? new Set<string>();
    for (const m of usage.matchAll(/\[(--[a-z-]+)/g)) if (m[1]) set.add(m[1]);
    flags.set(current, set);
  }
  return flags;
}

function helpFlags(command: string): { code: number; stdout: string; stderr: string; flags: Set<string> } {
  const result = spawnCli([command, '--help'], { cwd: work });
  const usage = result.stdout.split('\n')[0] ?? '';
  return { ...result, flags: new Set([...usage.matchAll(/\[(--[a-z-]+)/g)].map((m) => m[1] ?? '')) };
}

describe('evalc <command> --help', () => {
  it.each(COMMANDS)('%s --help prints its usage on stdout and exits 0 without running', (command) => {
    const result = helpFlags(command);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(new RegExp(`^usage: evalc ${command}\\b`));
    // Every flag of the usage line is explained on a line of its own.
    for (const flag of result.flags) expect(result.stdout).toMatch(new RegExp(`\\n  ${flag}\\b.*\\S`));
  });

  it('lists the same flags as README.md for every command', () => {
    const readme = readmeFlags();
    expect([...readme.keys()].sort()).toEqual([...COMMANDS].sort());
    for (const command of COMMANDS) {
      expect({ command, flags: [...helpFlags(command).flags].sort() }).toEqual({
        command,
        flags: [...(readme.get(command) ?? [])].sort(),
      });
    }
  });

  it('help <command> prints the same text as <command> --help, and -h works too', () => {
    const viaHelp = spawnCli(['help', 'apply'], { cwd: work });
    const viaFlag = spawnCli(['apply', '-h'], { cwd: work });
    expect(viaHelp.code).toBe(0);
    expect(viaFlag.code).toBe(0);
    expect(viaHelp.stdout).toBe(viaFlag.stdout);
    expect(viaHelp.stdout).toContain('--update-lock');
  });

  it('apply --help runs nothing: no .evalc folder appears beside a plan', () => {
    const dir = path.join(work, 'plan-help');
    mkdirSync(dir, { recursive: true });
    expect(spawnCli(['init', dir], { cwd: work }).code).toBe(0);
    const result = spawnCli(['apply', dir, '--help'], { cwd: work });
    expect(result.code).toBe(0);
    expect(() => readFileSync(path.join(dir, '.evalc', 'cache', 'steps.log'))).toThrow();
  });

  it('the overview names every command and the --help convention', () => {
    const result = spawnCli(['--help'], { cwd: work });
    expect(result.code).toBe(0);
    for (const command of COMMANDS) expect(result.stdout).toMatch(new RegExp(`\\n  ${command}\\b`));
    expect(result.stdout).toContain('evalc <command> --help');
    expect(result.stdout).toContain('EVALC_CACHE_DIR');
  });
});

describe('flags nobody documents', () => {
  it('plan --steps is a usage error (it was accepted and did nothing)', () => {
    const result = spawnCli(['plan', '--steps'], { cwd: work });
    expect(result.code).toBe(64);
    expect(result.stderr).toContain("Unknown option '--steps'");
  });
});

describe('cache stats with a folder', () => {
  it('reads the .evalc/cache of the folder given as [plan], as every other command does', () => {
    const dir = path.join(work, 'cache-folder');
    mkdirSync(path.join(dir, '.evalc', 'cache'), { recursive: true });
    writeFileSync(path.join(dir, 'evalc.yaml'), 'evalc: 1\n');
    writeFileSync(path.join(dir, '.evalc', 'cache', 'steps.log'), '');
    const viaFolder = spawnCli(['cache', 'stats', 'cache-folder', '--json'], { cwd: work });
    expect(viaFolder.stderr).toBe('');
    expect(viaFolder.code).toBe(0);
    // --json mirrors the exit code as a field, as the other commands do (README, "Exit codes").
    expect(JSON.parse(viaFolder.stdout)).toMatchObject({ entries: 0, exitCode: 0 });
    const viaFile = spawnCli(['cache', 'stats', 'cache-folder/evalc.yaml'], { cwd: work });
    expect(viaFile.code).toBe(0);
    expect(spawnCli(['cache', 'stats', 'cache-folder'], { cwd: work }).stdout).toBe(viaFile.stdout);
  });
});

describe('help with an unknown topic (QA47)', () => {
  it('evalc help bogus is a usage error naming the command, like evalc bogus', () => {
    const result = spawnCli(['help', 'bogus'], { cwd: work });
    expect(result.code).toBe(64);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^evalc: unknown command "bogus"\n/);
    expect(result.stderr).toContain('evalc <command> --help');
  });
});
