/**
 * QA300: a cache of fewer examples (an older run's, a CI cache restored from another key) read for a
 * lock whose judge failed was noted twice: the partial note, and 'holds no failure details for this
 * lock's 4 failed judge scores (a cache prune drops them; …)' for the examples it lacks. No prune
 * was run: those rows are the partial note's 'other 4'. The judge note counts the rows whose answers
 * the cache holds (a prune keeps them) only.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useCountingAgent, writeDataset, writePlan } from '../e2e/apply-harness.js';
import {
  addCommandJudge,
  applyOverPartialCache,
  codedExample,
  writeDownJudge,
} from './report-cache-notes.js';

describe('evalc report from a cache of fewer examples, with a judge failing', () => {
  const agent = useCountingAgent();
  const dir = agent.workspace('qa300-partial-judge-notes');
  it('says the partial note only, and the judge note after a prune', async () => {
    const file = writePlan(dir, { agentUrl: agent.agent.url, run: { repeats: 2 } });
    addCommandJudge(file);
    writeDownJudge(dir, 'QA300');
    await applyOverPartialCache(dir);

    const md = await runCli(['report', '--format', 'md', '--cache-dir', 'old'], { cwd: dir });
    expect(md.code).toBe(0);
    expect(md.stderr).toBe(
      "note: the cache at old holds the answers of 2 of this lock's 6 answered example runs: the reports have no trajectories, judge rationales or failure details for the other 4 (--cache-dir DIR names the run's cache; this one is not it)\n",
    );
    // The run's own cache after a prune: every row's judge note is gone, and said so.
    expect((await runCli(['cache', 'prune'], { cwd: dir })).code).toBe(0);
    const pruned = await runCli(['report', '--format', 'md'], { cwd: dir });
    expect(pruned.stderr).toBe(
      "note: the cache at .evalc/cache holds no failure details for this lock's 6 failed judge scores (a cache prune drops them; --cache-dir DIR names the run's cache if it is elsewhere)\n",
    );
  });
});

describe('evalc report from a cache of fewer repeats, with the judge failing since', () => {
  const agent = useCountingAgent();
  const dir = agent.workspace('qa300-partial-repeats-judge-notes');
  it('counts the failed judge scores of the repeats it holds only', async () => {
    const file = writePlan(dir, { agentUrl: agent.agent.url, run: { repeats: 1 } });
    const plan = addCommandJudge(file);
    // Answers `rpc version` always (one identity, one score key); `rpc judge` fails once `down` exists.
    const fake = path.resolve('tests/fixtures/agent-eval-rpc.mjs');
    writeFileSync(
      path.join(dir, 'judge.mjs'),
      `import { existsSync } from 'node:fs';\nif (existsSync(${JSON.stringify(path.join(dir, 'down'))}) && process.argv[3] === 'judge') { console.error('judge down: QA300'); process.exit(3); }\nawait import(${JSON.stringify(fake)});\n`,
    );
    writeDataset(dir, 'd1.jsonl', [codedExample('q1'), codedExample('q2')]);
    expect((await runCli(['apply', '--quiet', '--cache-dir', 'old'], { cwd: dir })).code).toBe(0);
    writeFileSync(path.join(dir, 'down'), '');
    expect(existsSync(path.join(dir, 'down'))).toBe(true);
    plan.run.repeats = 3;
    writeFileSync(file, JSON.stringify(plan));
    await runCli(['apply', '--quiet'], { cwd: dir });
    const lock = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8'));
    expect(
      lock.results.map((r: { metrics: { judge: { errors?: number } } }) => r.metrics.judge.errors),
    ).toEqual([3, 3]);

    const md = await runCli(['report', '--format', 'md', '--cache-dir', 'old'], { cwd: dir });
    // Its repeat 1 and 2 are the partial note's; repeat 0's failure (the old run's score under its
    // key) has no reason there: 2 failed judge scores, not 6.
    expect(md.stderr).toBe(
      "note: the cache at old holds the answers of 2 of this lock's 6 answered example runs: the reports have no trajectories, judge rationales or failure details for the other 4 (--cache-dir DIR names the run's cache; this one is not it)\n" +
        "note: the cache at old holds no failure details for this lock's 2 failed judge scores (a cache prune drops them; --cache-dir DIR names the run's cache if it is elsewhere)\n",
    );
  });
});
