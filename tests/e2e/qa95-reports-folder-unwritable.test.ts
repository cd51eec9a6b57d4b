/**
 * QA95: `apply --out <read-only folder>` (or a read-only `.evalc/reports`) called every agent,
 * wrote evalc.lock, then failed naming `junit.xml.tmp-<pid>`, a file the user never asked for.
 * It now refuses before the first agent call, naming the reports folder; a report that cannot be
 * written anyway (`evalc report --out`) is named as the report, never as its temp file. Root
 * ignores file modes: the CLI runs as `nobody` (setpriv) when the tests run as root.
 */
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
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

function planFolder(name: string): string {
  const dir = ctx.workspace(name);
  writeDataset(dir, 'd1.jsonl', countingExamples(3));
  writePlan(dir, { agentUrl: ctx.agent.url });
  chmodSync(dir, 0o777);
  return dir;
}

describe('evalc apply: a reports folder that cannot be written', () => {
  it('--out a read-only folder: refused before any agent call, naming the folder', async () => {
    const dir = planFolder('qa95-out-ro');
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
    const dir = planFolder('qa95-state-ro');
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
    const dir = planFolder('qa95-report-ro');
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
