/**
 * QA36: README.md says `evalc <command> --help` gives "that command's flags, defaults and exit
 * codes"; report, graph, schema and cache printed none, and plan's left out the 1 it returns
 * (an unreadable evalc.lock, a preflight input misfit). `cache` took any number of [plan]
 * arguments (`cache stats a b` read a's cache and ignored b) and prune's flags on `stats`.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

const COMMANDS = ['init', 'validate', 'plan', 'apply', 'diff', 'report', 'graph', 'schema', 'cache', 'lint'];
const REPO = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa36-help-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const PLAN = `evalc: 1
benchmark: { id: qa36, version: 0.1.0 }
agents:
  h: { protocol: http, url: "http://127.0.0.1:9/answer", limits: { retries: 0 } }
tasks:
  t:
    bindings:
      default: { input: { q: "{{q}}" }, output: { answer: "answer" } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] }
    metrics:
      - { type: exact_match, candidate: answer, expected: answer }
`;

describe('evalc <command> --help and exit codes (QA36)', () => {
  it.each(COMMANDS)('%s --help names its exit codes', (command) => {
    const result = spawnCli([command, '--help'], { cwd: work });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/\nexit 0\b/);
  });

  it('plan exits 1 on an unreadable evalc.lock, as its --help says', () => {
    const dir = mkdtempSync(path.join(work, 'plan-'));
    writeFileSync(path.join(dir, 'evalc.yaml'), PLAN);
    expect(spawnCli(['plan'], { cwd: dir }).code).toBe(2);
    writeFileSync(path.join(dir, 'evalc.lock'), 'not a lockfile\n');
    const result = spawnCli(['plan'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/lock/);
    expect(spawnCli(['plan', '--help'], { cwd: dir }).stdout).toMatch(
      /· 1 runtime error \(an unreadable evalc\.lock/,
    );
  });

  it("apply --help names every exit 1 README's table lists, a judge that scored nothing included (QA76)", () => {
    const help = spawnCli(['apply', '--help'], { cwd: work }).stdout;
    expect(help).toContain('nothing evaluated for an agent, a judge that scored nothing · 64 usage');
    expect(help).toMatch(/--quiet +no progress.*a judge that scored nothing.*still go to stderr/);
  });

  it('cache refuses a second [plan] argument and prune-only flags on stats (exit 64)', () => {
    const dir = mkdtempSync(path.join(work, 'cache-'));
    writeFileSync(path.join(dir, 'evalc.yaml'), PLAN);
    const cacheDir = path.join(dir, 'c');
    // No cache folder yet: "no cache at …", exit 1 (as cache --help says).
    expect(spawnCli(['cache', 'stats', '.', '--cache-dir', cacheDir], { cwd: dir }).code).toBe(1);
    const apply = spawnCli(['apply', '--cache-dir', cacheDir], { cwd: dir });
    expect(apply.stderr).not.toMatch(/internal error/);
    expect(spawnCli(['cache', 'stats', '.', '--cache-dir', cacheDir], { cwd: dir }).code).toBe(0);
    const extra = spawnCli(['cache', 'stats', '.', 'other', '--cache-dir', cacheDir], { cwd: dir });
    expect(extra.code).toBe(64);
    expect(extra.stderr).toMatch(/unexpected argument "other"/);
    for (const flag of [['--dry-run'], ['--lock', 'evalc.lock']]) {
      const refused = spawnCli(['cache', 'stats', '--cache-dir', cacheDir, ...flag], { cwd: dir });
      expect(refused.code).toBe(64);
      expect(refused.stderr).toMatch(/flag of cache prune, not stats/);
    }
    expect(spawnCli(['cache', 'prune', '--cache-dir', cacheDir, '--dry-run'], { cwd: dir }).code).toBe(0);
  });

  it('apply --quiet drops warnings but keeps "nothing evaluated" on stderr, as README and --help say', () => {
    const dir = mkdtempSync(path.join(work, 'quiet-'));
    writeFileSync(path.join(dir, 'a.yaml'), PLAN);
    writeFileSync(path.join(dir, 'b.yaml'), PLAN.replace('id: qa36', 'id: qa36-other'));
    expect(spawnCli(['apply', 'a.yaml'], { cwd: dir }).code).toBe(1);
    const quiet = spawnCli(['apply', 'b.yaml', '--quiet'], { cwd: dir });
    expect(quiet.code).toBe(1);
    expect(quiet.stdout).toBe('');
    expect(quiet.stderr).toMatch(/nothing was evaluated for h/);
    expect(quiet.stderr).not.toMatch(/warning/);
    // Without --quiet the same apply warns that it replaced another benchmark's lock.
    const loud = spawnCli(['apply', 'a.yaml'], { cwd: dir });
    expect(loud.stderr).toMatch(/warning: evalc\.lock held the lock of benchmark qa36-other/);
    expect(spawnCli(['apply', '--help'], { cwd: dir }).stdout).toMatch(
      /--quiet +no progress, warnings or summary; failed gates, an agent with nothing evaluated/,
    );
  });

  it('the overview names evalc help <command> and the environment variables README.md documents', () => {
    const overview = spawnCli(['--help'], { cwd: work });
    expect(overview.stdout).toContain('evalc help <command>');
    expect(overview.stdout).toContain('--help|-h');
    expect(overview.stdout).toContain('--version|-v');
    expect(spawnCli(['-v'], { cwd: work }).stdout).toBe(spawnCli(['--version'], { cwd: work }).stdout);
    for (const name of ['EVALC_CACHE_DIR', 'EVALC_NO_CODE_CACHE', 'NODE_EXTRA_CA_CERTS'])
      expect(overview.stdout).toContain(name);
    expect(spawnCli(['help', 'plan'], { cwd: work }).stdout).toBe(
      spawnCli(['plan', '--help'], { cwd: work }).stdout,
    );
  });

  it('a refused --locked run writes nothing, as its hint says (it said --locked never rewrites the lock, which an up-to-date apply does)', () => {
    const dir = mkdtempSync(path.join(work, 'locked-'));
    writeFileSync(path.join(dir, 'evalc.yaml'), PLAN);
    // A lock this plan does not match (another plan's): with none at all, --locked says there is
    // none to check against and to write one (QA183).
    const other = readFileSync(path.join(REPO, 'pipelines/course-advisor/evalc.lock'), 'utf8');
    writeFileSync(path.join(dir, 'evalc.lock'), other);
    const refused = spawnCli(['apply', '--locked'], { cwd: dir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('hint: ');
    expect(refused.stderr).toContain('(a refused --locked run writes nothing)');
    expect(refused.stderr).not.toContain('never rewrites the lock');
    expect(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')).toBe(other);
    expect(existsSync(path.join(dir, '.evalc'))).toBe(false);
  });
});
