/**
 * QA77: a team's committed evalc.lock and CI-cached `.evalc/` written by evalc at 582a502, before
 * QA66/QA74 took the task's instructions and `run.trace` out of the invoke keys of agents that are
 * not sent them, and before judge_agreement 3 / judge_stability 2. The fixture
 * (tests/fixtures/qa77-upgrade) was made by that commit's binary: two mae agents, one sent the
 * instructions in its task text (`sent`), one whose string input is the whole task text (`own`),
 * `run.trace: true`, an agent-eval judge, judge_agreement and judge_stability over 2 repeats.
 * Upgrading re-asks each mae conversation once (its key held `trace: true`), names why for each
 * agent (`sent`'s row said only "the task's instructions changed", which they had not), calls the
 * judge for nothing (its verdicts are kept by request), and the second apply is up to date.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempWorkspace } from './apply-harness.js';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
const FIXTURE = path.join(FIXTURES, 'qa77-upgrade');
const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const c of cleanups) c();
});

function lines(file: string): string[] {
  try {
    return readFileSync(file, 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

/** A workspace holding `fixture`'s plan, lock and cache as 582a502 wrote them, and its agents. */
function workspace(fixture: string) {
  const ws = tempWorkspace('qa77-upgrade');
  cleanups.push(ws.cleanup);
  const dir = ws.dir;
  for (const f of ['evalc.yaml', 'evalc.lock']) copyFileSync(path.join(fixture, f), path.join(dir, f));
  copyFileSync(path.join(FIXTURE, 'judge.mjs'), path.join(dir, 'judge.mjs'));
  copyFileSync(path.join(FIXTURES, 'qa4-mae-seed-agent.mjs'), path.join(dir, 'mae.mjs'));
  for (const f of ['agent-eval-rpc.mjs', 'agent-eval-wire-core.mjs', 'agent-eval-anti-slop.mjs'])
    copyFileSync(path.join(FIXTURES, f), path.join(dir, f));
  mkdirSync(path.join(dir, '.evalc/cache'), { recursive: true });
  copyFileSync(path.join(fixture, 'cache/steps-log.txt'), path.join(dir, '.evalc/cache/steps.log'));
  copyFileSync(path.join(fixture, 'cache/steps.crc'), path.join(dir, '.evalc/cache/steps.crc'));
  copyFileSync(path.join(dir, 'evalc.lock'), path.join(dir, 'old.lock'));
  const maeLog = path.join(dir, 'mae-calls.txt');
  const judgeLog = path.join(dir, 'judge-calls.txt');
  return { dir, maeLog, judgeLog, env: { QA4_MAE_LOG: maeLog, QA77_JUDGE_LOG: judgeLog } };
}

describe('upgrading from the evalc of 582a502 with its lock and cache (QA77)', () => {
  it('plans each re-run with its reason, re-asks only the mae conversations, and is then up to date', async () => {
    const { dir, maeLog, judgeLog, env } = workspace(FIXTURE);

    const stats = await runCli(['cache', 'stats', '--json'], { cwd: dir, env });
    expect(stats.code, stats.stderr).toBe(0);
    expect(stats.stderr).not.toContain('damaged');

    const planned = await runCli(['plan', 'evalc.yaml'], { cwd: dir, env });
    expect(planned.code, planned.stderr).toBe(2);
    expect(planned.stdout).toMatch(
      /~ invoke +qa77-upgrade\/t\[sent\] +4 runs +because the task's instructions changed \(tasks\.t\.instructions\) or evalc\.lock's invoke keys held run\.trace: true \(an earlier evalc keyed it\), which agent sent's requests never carry/,
    );
    expect(planned.stdout).toMatch(
      /~ invoke +qa77-upgrade\/t\[own\] +4 runs +because evalc\.lock's invoke keys held run\.trace: true or the task's instructions \(an earlier evalc keyed them\), which agent own's requests never carry/,
    );
    expect(planned.stdout).toContain('Plan: 8 to invoke, 8 to extract, 16 to score, 4 to aggregate');

    const frozen = await runCli(['apply', 'evalc.yaml', '--frozen', '--quiet'], { cwd: dir, env });
    expect(frozen.code).not.toBe(0);
    expect(frozen.stderr).toMatch(
      /--frozen: 8 agent responses are not cached \(own\/t\/d: 4, sent\/t\/d: 4\)/,
    );
    expect(lines(maeLog)).toEqual([]);

    const applied = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir, env });
    expect(applied.code, applied.stderr).toBe(0);
    expect(lines(maeLog)).toHaveLength(8);
    // The judge is asked its version and rubrics, and no verdict: the answers came back the same.
    expect(lines(judgeLog).filter((l) => l.includes('judge'))).toEqual([]);

    const diff = await runCli(['diff', 'old.lock', 'evalc.lock'], { cwd: dir, env });
    expect(diff.stdout).toContain('Not strictly comparable');
    expect(diff.stdout).toContain('t/judge_agreement: version changed 2 → 3');
    expect(diff.stdout).toContain('t/judge_stability: version changed 1 → 6');

    const lock = readFileSync(path.join(dir, 'evalc.lock'));
    const again = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir, env });
    expect(again.code, again.stderr).toBe(0);
    expect(lines(maeLog)).toHaveLength(8);
    expect(readFileSync(path.join(dir, 'evalc.lock')).equals(lock)).toBe(true);
    const locked = await runCli(['apply', 'evalc.yaml', '--locked', '--frozen', '--quiet'], {
      cwd: dir,
      env,
    });
    expect(locked.code, locked.stderr).toBe(0);

    const pruned = await runCli(['cache', 'prune'], { cwd: dir, env });
    expect(pruned.code, pruned.stderr).toBe(0);
    const after = await runCli(['plan', 'evalc.yaml'], { cwd: dir, env });
    expect(after.code, after.stdout).toBe(0);
    expect(after.stdout).toContain('No changes');
    // Ten commands one after another: at CI load 10 they took over the default 30 s.
  }, 90_000);

  it("names the aggregate-only metrics' new versions on the derived metric's row, and calls nobody", async () => {
    // notrace/: one mae agent sent the instructions, trace off: no invoke key changed.
    const { dir, maeLog, judgeLog, env } = workspace(path.join(FIXTURE, 'notrace'));
    const planned = await runCli(['plan', 'evalc.yaml'], { cwd: dir, env });
    expect(planned.code, planned.stderr).toBe(2);
    expect(planned.stdout).toMatch(
      /~ score +qa77-upgrade\/t\[sent\]\/pass_rate +4 runs +because the metrics it derives from changed \(judge_agreement version 2 → 3, judge_stability version 1 → 6\)/,
    );
    expect(planned.stdout).toContain('Plan: 0 to invoke, 0 to extract, 4 to score, 3 to aggregate');
    const applied = await runCli(['apply', 'evalc.yaml', '--frozen', '--quiet'], { cwd: dir, env });
    expect(applied.code, applied.stderr).toBe(0);
    expect(lines(maeLog)).toEqual([]);
    expect(lines(judgeLog).filter((l) => l.includes('judge'))).toEqual([]);
    const again = await runCli(['plan', 'evalc.yaml'], { cwd: dir, env });
    expect(again.code, again.stdout).toBe(0);
  });

  it('names every aggregate-only metric whose version changed, without a derived metric', async () => {
    // aggregate-only/: as notrace/ without pass_rate, so no score step runs at all.
    const { dir, maeLog, judgeLog, env } = workspace(path.join(FIXTURE, 'aggregate-only'));
    const planned = await runCli(['plan', 'evalc.yaml'], { cwd: dir, env });
    expect(planned.code, planned.stderr).toBe(2);
    expect(planned.stdout).toMatch(
      /~ aggregate +qa77-upgrade +3 nodes +because metric judge_agreement changed version \(2 → 3\), metric judge_stability changed version \(1 → 6\): aggregates are computed again/,
    );
    const applied = await runCli(['apply', 'evalc.yaml', '--frozen', '--quiet'], { cwd: dir, env });
    expect(applied.code, applied.stderr).toBe(0);
    expect(lines(maeLog)).toEqual([]);
    expect(lines(judgeLog).filter((l) => l.includes('judge'))).toEqual([]);
    const again = await runCli(['plan', 'evalc.yaml'], { cwd: dir, env });
    expect(again.code, again.stdout).toBe(0);
  });

  it('names the aggregate-only metrics whose version changed beside scores that change too (QA107)', async () => {
    // aggregate-only/ with a metric added in the same upgrade's commit: its scores re-aggregate every
    // group, and the aggregate row said only "because scores changed" — the new versions of
    // judge_agreement and judge_stability, whose figures the apply changes, went unnamed.
    const { dir, maeLog, judgeLog, env } = workspace(path.join(FIXTURE, 'aggregate-only'));
    const plan = readFileSync(path.join(dir, 'evalc.yaml'), 'utf8');
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      plan.replace(
        '      - { type: judge_stability, metric: judge }\n',
        '      - { type: judge_stability, metric: judge }\n      - { type: contains, candidate: answer, value: two }\n',
      ),
    );
    const planned = await runCli(['plan', 'evalc.yaml'], { cwd: dir, env });
    expect(planned.code, planned.stderr).toBe(2);
    expect(planned.stdout).toMatch(/\+ score +qa77-upgrade\/t\[sent\]\/contains +4 runs +new metric/);
    expect(planned.stdout).toMatch(
      /~ aggregate +qa77-upgrade +3 nodes +because scores changed, and metric judge_agreement changed version \(2 → 3\), metric judge_stability changed version \(1 → 6\): aggregates are computed again/,
    );
    const applied = await runCli(['apply', 'evalc.yaml', '--frozen', '--quiet'], { cwd: dir, env });
    expect(applied.code, applied.stderr).toBe(0);
    expect(lines(maeLog)).toEqual([]);
    expect(lines(judgeLog).filter((l) => l.includes('judge'))).toEqual([]);
  });
});
