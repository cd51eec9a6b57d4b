/**
 * QA68: a plan folder that apply cannot write in (a read-only checkout, another user's folder)
 * with a writable `.evalc/`: apply called every agent, then failed writing
 * `evalc.lock.tmp-<pid>` and wrote no report. It now refuses before the first agent call, naming
 * evalc.lock, in one line (exit 1, no stack trace); an up-to-date lock there is still read and
 * reported (nothing is written beside the plan).
 *
 * QA95: `apply --out <read-only folder>` (or a read-only `.evalc/reports`) called every agent,
 * wrote evalc.lock, then failed naming `junit.xml.tmp-<pid>`, a file the user never asked for.
 * It now refuses before the first agent call, naming the reports folder; a report that cannot be
 * written anyway (`evalc report --out`) is named as the report, never as its temp file.
 *
 * Root ignores file modes: the CLI runs as `nobody` (setpriv) from a world-readable copy of dist/
 * when the tests run as root.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  countingExamples,
  runCli,
  runUnprivilegedCli,
  useCountingAgent,
  writeDataset,
  writePlan,
} from './apply-harness.js';

const ctx = useCountingAgent();

/** A plan folder of three examples for the counting agent. */
function planFolder(name: string): string {
  const dir = ctx.workspace(name);
  writeDataset(dir, 'd1.jsonl', countingExamples(3));
  writePlan(dir, { agentUrl: ctx.agent.url });
  return dir;
}

/** A plan folder the user cannot write in, whose `.evalc/` (cache, logs, reports) it can. */
function readOnlyPlanFolder(name: string): string {
  const dir = planFolder(name);
  mkdirSync(path.join(dir, '.evalc'));
  chmodSync(path.join(dir, '.evalc'), 0o777);
  chmodSync(dir, 0o555);
  return dir;
}

/** A plan folder that anyone may write in (the CLI may run as `nobody`). */
function writablePlanFolder(name: string): string {
  const dir = planFolder(name);
  chmodSync(dir, 0o777);
  return dir;
}

describe('evalc apply: a plan folder that cannot be written', () => {
  it('refuses before calling any agent, naming evalc.lock in one line', async () => {
    const dir = readOnlyPlanFolder('qa68-ro');
    ctx.agent.reset();
    const run = await runUnprivilegedCli(['apply', 'evalc.yaml'], dir);
    expect(run.code).toBe(1);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.stderr).toMatch(
      /^evalc: cannot write: EACCES: permission denied, open '.*\/evalc\.lock' \(checked before calling any agent\) \(no permission to write evalc\.lock\)\n$/,
    );
    expect(ctx.agent.stats().invokes).toBe(0);
    chmodSync(dir, 0o755);
  });

  it('--json: the same refusal as a result event', async () => {
    const dir = readOnlyPlanFolder('qa68-ro-json');
    ctx.agent.reset();
    const run = await runUnprivilegedCli(['apply', 'evalc.yaml', '--json'], dir);
    expect(run.code).toBe(1);
    const result = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '');
    expect(result).toMatchObject({ event: 'result', exitCode: 1, status: 'refused' });
    expect(result.message).toContain('evalc.lock');
    expect(ctx.agent.stats().invokes).toBe(0);
    chmodSync(dir, 0o755);
  });

  it('an up-to-date evalc.lock there is still applied (nothing to write beside the plan)', async () => {
    const dir = planFolder('qa68-ro-up-to-date');
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    chmodSync(dir, 0o555);
    ctx.agent.reset();
    const run = await runUnprivilegedCli(['apply', 'evalc.yaml'], dir);
    expect(run.stdout + run.stderr).toContain('evalc.lock is up to date');
    expect(run.code).toBe(0);
    expect(ctx.agent.stats().invokes).toBe(0);
    chmodSync(dir, 0o755);
  });
  it('QA183: an up-to-date lock whose reports are stale there renders them and leaves the lock alone', async () => {
    const dir = planFolder('qa183-ro-stale-reports');
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    const lock = readFileSync(path.join(dir, 'evalc.lock'));
    // `evalc report` (or a deleted report) leaves the reports stale for the next apply.
    rmSync(path.join(dir, '.evalc', 'reports', 'report.md'));
    chmodSync(path.join(dir, '.evalc'), 0o777);
    chmodSync(path.join(dir, '.evalc', 'reports'), 0o777);
    chmodSync(dir, 0o555);
    ctx.agent.reset();
    const run = await runUnprivilegedCli(['apply', 'evalc.yaml'], dir);
    chmodSync(dir, 0o755);
    expect(run.stderr).not.toContain('.tmp-');
    expect(run.stdout).toContain('evalc.lock is up to date');
    expect(run.code).toBe(0);
    expect(existsSync(path.join(dir, '.evalc', 'reports', 'report.md'))).toBe(true);
    expect(readFileSync(path.join(dir, 'evalc.lock')).equals(lock)).toBe(true);
    expect(ctx.agent.stats().invokes).toBe(0);
  });
  it('QA183: a re-saved lock it would write back in its own form is named as evalc.lock, not its temp file', async () => {
    const dir = planFolder('qa183-ro-resaved-lock');
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    const file = path.join(dir, 'evalc.lock');
    writeFileSync(file, JSON.stringify(JSON.parse(readFileSync(file, 'utf8')), null, 4));
    chmodSync(path.join(dir, '.evalc'), 0o777);
    chmodSync(path.join(dir, '.evalc', 'reports'), 0o777);
    chmodSync(dir, 0o555);
    const run = await runUnprivilegedCli(['apply', 'evalc.yaml'], dir);
    chmodSync(dir, 0o755);
    expect(run.code).toBe(1);
    expect(run.stderr).not.toContain('.tmp-');
    expect(run.stderr).toMatch(
      /^evalc: cannot write: EACCES: permission denied, open '.*\/evalc\.lock' \(no permission to write evalc\.lock\)\n$/,
    );
  });
});

describe('evalc apply: a reports folder that cannot be written', () => {
  it('--out a read-only folder: refused before any agent call, naming the folder', async () => {
    const dir = writablePlanFolder('qa95-out-ro');
    mkdirSync(path.join(dir, 'ro'));
    chmodSync(path.join(dir, 'ro'), 0o555);
    ctx.agent.reset();
    const run = await runUnprivilegedCli(['apply', 'evalc.yaml', '--out', 'ro'], dir);
    expect(run.code).toBe(1);
    expect(run.stderr).not.toContain('.tmp-');
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.stderr).toMatch(
      /^evalc: cannot write: EACCES: permission denied, reports folder '.*\/ro' \(checked before calling any agent\) \(no permission to write ro\)\n$/,
    );
    expect(ctx.agent.stats().invokes).toBe(0);
    expect(existsSync(path.join(dir, 'evalc.lock'))).toBe(false);
  });

  it('a read-only .evalc/reports: the same, and --json says it in the result', async () => {
    const dir = writablePlanFolder('qa95-state-ro');
    mkdirSync(path.join(dir, '.evalc', 'reports'), { recursive: true });
    chmodSync(path.join(dir, '.evalc'), 0o777);
    chmodSync(path.join(dir, '.evalc', 'reports'), 0o555);
    ctx.agent.reset();
    const run = await runUnprivilegedCli(['apply', 'evalc.yaml', '--json'], dir);
    expect(run.code).toBe(1);
    const result = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '');
    expect(result).toMatchObject({ event: 'result', exitCode: 1, status: 'refused' });
    expect(result.message).toContain('reports folder');
    expect(result.message).toContain('no permission to write .evalc/reports');
    expect(result.message).not.toContain('.tmp-');
    expect(ctx.agent.stats().invokes).toBe(0);
  });

  it('evalc report --out a read-only folder names the report, not its temp file', async () => {
    const dir = writablePlanFolder('qa95-report-ro');
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    chmodSync(path.join(dir, 'evalc.lock'), 0o644);
    mkdirSync(path.join(dir, 'ro'));
    chmodSync(path.join(dir, 'ro'), 0o555);
    const run = await runUnprivilegedCli(['report', '--out', 'ro'], dir);
    expect(run.code).toBe(1);
    expect(run.stderr).not.toContain('.tmp-');
    expect(run.stderr).toMatch(
      /^evalc: cannot write: EACCES: permission denied, open '.*\/ro\/junit\.xml' \(no permission to write ro\/junit\.xml\)\n$/,
    );
  });
});
