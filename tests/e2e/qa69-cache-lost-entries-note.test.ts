/**
 * QA69: a step log that lost entries before an apply read it says so. A log cut short in the
 * middle of a line (a truncated copy), emptied, or deleted while `steps.crc` still records its
 * entries was read silently: the apply re-invoked the agent for every lost example and said
 * nothing, as if the cache had never held them. `steps.crc` records each entry's offset, so the
 * entries past the log's end are counted in a note; a last line without its newline (an
 * interrupted write) is named too. Only the lost examples are invoked again, and the lockfile
 * equals the cold run's (durations aside). `plan` says the same in its notes (it planned the lost
 * and damaged steps as `new`, without a word).
 */
import { appendFileSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  countingExamples,
  readLock,
  runCli,
  useCountingAgent,
  withoutDurations,
  writeDataset,
  writePlan,
} from './apply-harness.js';

const ctx = useCountingAgent();

/** A cold apply of 6 examples; returns the folder, its lock and the step log's path. */
async function coldApply(prefix: string): Promise<{ dir: string; lock: string; log: string }> {
  const dir = ctx.workspace(prefix);
  writeDataset(dir, 'd1.jsonl', countingExamples(6));
  writePlan(dir, { agentUrl: ctx.agent.url });
  const cold = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
  expect(cold.code, cold.stderr).toBe(0);
  return { dir, lock: readLock(dir), log: path.join(dir, '.evalc', 'cache', 'steps.log') };
}

/** Re-applies without the lockfile (so the run reads the log); returns stderr and the calls made. */
async function reapply(dir: string): Promise<{ stderr: string; calls: number }> {
  rmSync(path.join(dir, 'evalc.lock'));
  ctx.agent.reset();
  const run = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
  expect(run.code, run.stderr).toBe(0);
  const calls = Object.values(ctx.agent.stats().received).reduce((a, b) => a + b, 0);
  return { stderr: run.stderr, calls };
}

describe('a step log that lost entries', () => {
  it('cut in the middle of a line: the note counts the entries gone, only they run again', async () => {
    const { dir, lock, log } = await coldApply('qa69-cut');
    const lines = readFileSync(log, 'utf8').split('\n');
    // Keep the first 10 lines and half of the 11th: the entries from the 11th on are gone.
    const keep = lines.slice(0, 10).join('\n').length + 1 + Math.floor(lines[10]!.length / 2);
    const gone = lines.length - 1 - 10;
    truncateSync(log, keep);
    const { stderr, calls } = await reapply(dir);
    expect(stderr).toContain(
      `evalc: note: the cache log ${path.join(dir, '.evalc', 'cache')}/steps.log is shorter than its checksums (steps.crc) record: ${gone} entries are gone`,
    );
    const invokesGone = lines.slice(10).filter((l) => l.split('\t')[1] === 'invoke').length;
    expect(invokesGone).toBeGreaterThan(0);
    expect(calls).toBe(invokesGone);
    expect(withoutDurations(readLock(dir))).toBe(withoutDurations(lock));
  });

  it('emptied: the note counts every entry, and every example runs again', async () => {
    const { dir, lock, log } = await coldApply('qa69-empty');
    const entries = readFileSync(log, 'utf8').split('\n').length - 1;
    writeFileSync(log, '');
    rmSync(path.join(dir, 'evalc.lock'));
    const plan = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(plan.code, plan.stderr).toBe(2);
    expect(plan.stderr).toContain(
      `note: the cache log ${path.join(dir, '.evalc', 'cache')}/steps.log is shorter than its checksums (steps.crc) record: ${entries} entries are gone`,
    );
    writeFileSync(path.join(dir, 'evalc.lock'), lock);
    const { stderr, calls } = await reapply(dir);
    expect(stderr).toContain(
      `record: ${entries} entries are gone (the log was cut short, emptied or replaced`,
    );
    expect(calls).toBe(6);
    expect(withoutDurations(readLock(dir))).toBe(withoutDurations(lock));
  });

  it('cut short: cache stats counts the entries gone (it said only that it cut a torn line)', async () => {
    const { dir, log } = await coldApply('qa69-stats');
    const lines = readFileSync(log, 'utf8').split('\n');
    truncateSync(log, lines.slice(0, 5).join('\n').length + 10);
    const gone = lines.length - 1 - 5;
    const json = await runCli(['cache', 'stats', '--json'], { cwd: dir });
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ entries: 5, lostEntries: gone });
    // That stats cut the torn line and dropped the stale records: a second look finds nothing lost.
    truncateSync(log, 0);
    const text = await runCli(['cache', 'stats'], { cwd: dir });
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(
      "  (steps.crc recorded 5 entries past the log's end: they are gone, the log was cut short, emptied or replaced by an older copy)\n",
    );
  });

  it('a damaged entry is named by plan, which plans it as new', async () => {
    const { dir, log } = await coldApply('qa69-plan-damaged');
    const text = readFileSync(log, 'utf8');
    // One byte of an invoke's answer flipped: same length, its checksum no longer matches.
    const at = text.indexOf('"answer"');
    writeFileSync(log, `${text.slice(0, at + 2)}${text[at + 2] === 'n' ? 'm' : 'n'}${text.slice(at + 3)}`);
    rmSync(path.join(dir, 'evalc.lock'));
    const plan = await runCli(['plan', 'evalc.yaml', '--json'], { cwd: dir });
    expect(plan.code, plan.stderr).toBe(2);
    const notes = (JSON.parse(plan.stdout) as { notes: string[] }).notes;
    expect(notes).toContain(
      'the cache skipped 1 damaged entry (its step runs again; `evalc cache prune evalc.yaml` drops it)',
    );
  });

  it('a torn last line is named, and nothing that was whole runs again', async () => {
    const { dir, lock, log } = await coldApply('qa69-torn');
    appendFileSync(log, 'k1:0123\tinvoke\t40\t{"traj');
    const { stderr, calls } = await reapply(dir);
    expect(stderr).toContain(
      'steps.log ended in an incomplete line (24 bytes: an interrupted write): a step it held runs again',
    );
    expect(calls).toBe(0);
    expect(readLock(dir)).toBe(lock);
  });
});
