/**
 * QA67: `kill -9` while apply rewrites its reports must not leave a half-written report that the
 * next apply takes as current. Before, reports were rewritten in place under the previous run's
 * `.evalc-stamp`: an apply whose lockfile came out byte-identical (the lock deleted and re-applied
 * from the cache) killed mid-write left a truncated `report.json` beside a stamp that still
 * matched, and the next apply said "up to date" and kept it.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  countingExamples,
  runCli,
  startCli,
  useCountingAgent,
  waitCli,
  writeDataset,
  writePlan,
} from './apply-harness.js';

const N = 2000;
const REPORTS = ['junit.xml', 'report.html', 'report.json', 'report.md'];
const ctx = useCountingAgent();

function readReports(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of REPORTS) {
    const file = path.join(dir, '.evalc/reports', name);
    out[name] = existsSync(file) ? readFileSync(file, 'utf8') : '<missing>';
  }
  return out;
}

/** True once the reports of the run are being rewritten: a report shorter than the whole one, a temp file, or the stamp gone. */
function writingReports(dir: string, whole: Record<string, string>): boolean {
  const reports = path.join(dir, '.evalc/reports');
  let names: string[];
  try {
    names = readdirSync(reports);
  } catch {
    return false;
  }
  if (!names.includes('.evalc-stamp') || names.some((n) => n.includes('.tmp'))) return true;
  return REPORTS.some((name) => {
    try {
      return statSync(path.join(reports, name)).size < Buffer.byteLength(whole[name]!);
    } catch {
      return true;
    }
  });
}

describe('QA67: apply killed while it writes its reports', () => {
  it('leaves no half-written report that the next apply keeps as current', async () => {
    const dir = ctx.workspace('qa67-report-kill');
    writeDataset(dir, 'd1.jsonl', countingExamples(N));
    writePlan(dir, { agentUrl: ctx.agent.url, limits: { concurrency: 16 } });
    const first = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir, timeoutMs: 120_000 });
    expect(first.code).toBe(0);
    const whole = readReports(dir);
    const lock = readFileSync(path.join(dir, 'evalc.lock'), 'utf8');

    let killedMidWrite = 0;
    for (let attempt = 0; attempt < 6 && killedMidWrite < 2; attempt++) {
      // The lock deleted: the next apply runs from the cache and writes the same lockfile bytes.
      rmSync(path.join(dir, 'evalc.lock'), { force: true });
      const child = startCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
      const exited = waitCli(child, 120_000);
      let done = false;
      void exited.then(() => {
        done = true;
      });
      while (!done && !writingReports(dir, whole)) await new Promise((r) => setImmediate(r));
      if (!done) {
        child.kill('SIGKILL');
        killedMidWrite += 1;
      }
      await exited;
      if (!existsSync(path.join(dir, 'evalc.lock'))) continue; // killed before the lock was written

      ctx.agent.reset();
      const again = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir, timeoutMs: 120_000 });
      expect(again.code).toBe(0);
      expect(ctx.agent.stats().invokes).toBe(0);
      expect(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')).toBe(lock);
      const now = readReports(dir);
      for (const name of REPORTS)
        expect({ name, same: now[name] === whole[name] }).toEqual({ name, same: true });
    }
    // The kill must have landed while the reports were written, at least once.
    expect(killedMidWrite).toBeGreaterThan(0);
  }, 300_000);
});
