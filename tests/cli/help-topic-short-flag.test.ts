/**
 * `evalc --help plan` (git's order) prints plan's help, as `evalc help plan` and `evalc plan --help`
 * do: it printed the overview. A single-dash word that names a flag (`-q`, `-quiet`, `-json`) is
 * told the flag it may mean besides the `--` advice for a file name: it was told only the latter.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'evalc-help-topic-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('evalc --help <command>', () => {
  it.each([['--help'], ['-h']])('%s plan prints plan help, like evalc help plan', (flag) => {
    const result = spawnCli([flag, 'plan'], { cwd: work });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(spawnCli(['help', 'plan'], { cwd: work }).stdout);
    expect(result.stdout).toMatch(/^usage: evalc plan\b/);
  });

  it('--help with an unknown topic is the unknown command help bogus is', () => {
    const result = spawnCli(['--help', 'bogus'], { cwd: work });
    expect(result.code).toBe(64);
    expect(result.stderr).toMatch(/^evalc: unknown command "bogus"\n/);
  });

  it('--help alone, or before a flag, is still the overview', () => {
    // `--help --json` is the overview as JSON (QA243, tests/cli/qa243-help-json.test.ts).
    for (const args of [['--help'], ['--help', '--quiet']]) {
      const result = spawnCli(args, { cwd: work });
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^evalc — /);
    }
  });
});

describe('a single-dash word naming a flag', () => {
  it.each([
    ['-q', '--quiet'],
    ['-quiet', '--quiet'],
    ['-json', '--json'],
    ['-j', '--json'],
  ])('apply %s is told did you mean %s, and the file-name advice stays', (word, meant) => {
    const result = spawnCli(['apply', word], { cwd: work });
    expect(result.code).toBe(64);
    expect(result.stderr).toContain(`did you mean ${meant}? a file name starting with - goes after --`);
  });

  it('a letter no flag starts with, or several do, names none', () => {
    // apply's flags: c starts --concurrency and --cache-dir; x starts none.
    for (const word of ['-c', '-x']) {
      const result = spawnCli(['apply', word], { cwd: work });
      expect(result.code).toBe(64);
      expect(result.stderr).not.toContain('did you mean');
      expect(result.stderr).toContain(`as in \`-- ${word}\``);
    }
  });
});

describe('help of help', () => {
  // QA207: `evalc help help` and `evalc --help help` read 'unknown command "help" (did you mean help?)', exit 64.
  it.each([['help'], ['--help'], ['-h']])('evalc %s help prints the overview', (flag) => {
    const result = spawnCli([flag, 'help'], { cwd: work });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(spawnCli(['--help'], { cwd: work }).stdout);
  });
});

describe('--help misspelt as a flag of the command', () => {
  // QA207: `plan --help=1` read "Unknown option '--help' (did you mean --help?)"; `plan -help` named no flag.
  it('plan --help=1 is told --help takes no value', () => {
    const result = spawnCli(['plan', '--help=1'], { cwd: work });
    expect(result.code).toBe(64);
    expect(result.stderr.split('\n')[0]).toBe('evalc: --help takes no value: write --help');
  });

  it('plan -help is told did you mean --help', () => {
    const result = spawnCli(['plan', '-help'], { cwd: work });
    expect(result.code).toBe(64);
    expect(result.stderr).toContain('did you mean --help? a file name starting with - goes after --');
  });
});

describe('-json on a command that writes JSON with --format json', () => {
  // QA207: `diff -json` was told only to pass a file name after `--`, where `diff --json` names --format json.
  // report reads its lockfile with --from, which refuses a name after `--` (c7f53ad8, QA272).
  it.each([
    ['diff', 'a file name starting with - goes after --'],
    ['report', 'report reads a lockfile with --from, as in `--from ./-json`'],
  ])('%s -json is told did you mean --format json', (command, fileAdvice) => {
    const result = spawnCli([command, '-json'], { cwd: work });
    expect(result.code).toBe(64);
    expect(result.stderr).toContain(`did you mean --format json? ${fileAdvice}`);
  });
});

describe("evalc's version asked after a command", () => {
  // QA207: `plan --version` read "Unknown option '--version'"; `apply -v` was told to pass `-v` after `--`.
  it.each([
    ['plan', '--version'],
    ['apply', '-v'],
    ['diff', '-version'],
  ])('%s %s points at evalc --version', (command, word) => {
    const result = spawnCli([command, word], { cwd: work });
    expect(result.code).toBe(64);
    expect(result.stderr.split('\n')[0]).toBe(
      `evalc: Unknown option '${word}': evalc's version is \`evalc --version\` (or \`evalc -v\`), with no command`,
    );
  });
});

describe('help of an unknown command with --json', () => {
  // QA207: `evalc bogus --json` ends in a result event on stdout; `evalc help bogus --json` wrote nothing there.
  it.each([['help'], ['--help'], ['-h']])('evalc %s bogus --json writes the usage result', (flag) => {
    const result = spawnCli([flag, 'bogus', '--json'], { cwd: work });
    expect(result.code).toBe(64);
    expect(result.stdout).toBe(spawnCli(['bogus', '--json'], { cwd: work }).stdout);
    expect(JSON.parse(result.stdout)).toMatchObject({ event: 'result', exitCode: 64, status: 'usage' });
  });
});

describe('a single-dash flag before the command is moved as the long flag it names', () => {
  // QA207: `evalc -json plan` was told `evalc plan -json`, which plan refuses; `evalc cache -q prune`
  // `evalc cache prune -q`, refused too.
  it.each([
    [['-json', 'plan'], 'evalc: -json goes after the command, as --json: evalc plan --json'],
    [['-q', 'apply', 'x.yaml'], 'evalc: -q goes after the command, as --quiet: evalc apply --quiet x.yaml'],
    [['-plan.yaml', 'validate'], 'evalc: -plan.yaml goes after the command: evalc validate -plan.yaml'],
    [
      ['cache', '-j', 'stats'],
      'evalc: cache needs stats or prune first, got "-j": -j goes after it, as --json, evalc cache stats --json',
    ],
  ])('evalc %j', (args, line) => {
    const result = spawnCli(args, { cwd: work });
    expect(result.code).toBe(64);
    expect(result.stderr.split('\n')[0]).toBe(line);
  });
});
