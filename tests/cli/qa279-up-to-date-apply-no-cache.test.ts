/**
 * QA279: an apply with nothing to run (evalc.lock up to date) renders missing reports again from its
 * cache; a lock applied with another --cache-dir, or restored without its cache (CI), is up to date
 * all the same, and report.md and report.html lost every failure reason with nothing said. They now
 * end "rendered without the run's cache", as `evalc report`'s do (36cd9ba9, 7e9ff61b, b7454928), and stderr
 * notes it, as it does a cache holding some of the answers only.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useCountingAgent, writeDataset, writePlan } from '../e2e/apply-harness.js';

const counting = useCountingAgent();
const dir = counting.workspace('qa279-up-to-date-no-cache');
const NOTE = "rendered without the run's cache: no answers, failure reasons or trajectories";

describe('an up-to-date apply without the run cache', () => {
  it('says its reports are rendered without it', async () => {
    writePlan(dir, {
      agentUrl: counting.agent.url,
      metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' }],
    });
    writeDataset(dir, 'd1.jsonl', [{ id: 'q1', vars: { q: 'q1' }, expected: { codes: ['A-q1'] } }]);
    const cacheDir = path.join(dir, 'run-cache');
    expect((await runCli(['apply', '--cache-dir', cacheDir, '--quiet'], { cwd: dir })).code).toBe(0);
    const reports = path.join(dir, '.evalc', 'reports');
    const md = () => readFileSync(path.join(reports, 'report.md'), 'utf8');
    expect(md()).toContain('failed `exact_match` (extra: Z-q1)');
    expect(md()).not.toContain(NOTE);

    rmSync(reports, { recursive: true });
    const again = await runCli(['apply'], { cwd: dir });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('evalc.lock is up to date');
    expect(counting.agent.stats().invokes).toBe(1);
    expect(md()).toContain(NOTE);
    expect(md()).not.toContain('(extra: Z-q1)');
    expect(again.stderr).toBe(
      "note: the cache at .evalc/cache holds none of this lock's answers: the reports have no trajectories, judge rationales or failure details (--cache-dir DIR names the run's cache)\n",
    );
    expect(readFileSync(path.join(reports, 'report.html'), 'utf8')).toContain(NOTE);

    rmSync(reports, { recursive: true });
    const withCache = await runCli(['apply', '--cache-dir', cacheDir], { cwd: dir });
    expect(withCache.code).toBe(0);
    expect(withCache.stderr).toBe('');
    expect(md()).not.toContain(NOTE);
    expect(md()).toContain('failed `exact_match` (extra: Z-q1)');
  });

  it('notes a cache holding some of the answers only', async () => {
    const sub = path.join(dir, 'partial');
    mkdirSync(sub);
    writePlan(sub, {
      agentUrl: counting.agent.url,
      metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' }],
    });
    const q1 = { id: 'q1', vars: { q: 'q1' }, expected: { codes: ['A-q1'] } };
    writeDataset(sub, 'd1.jsonl', [q1]);
    expect((await runCli(['apply', '--quiet'], { cwd: sub })).code).toBe(0);
    writeDataset(sub, 'd1.jsonl', [q1, { id: 'q2', vars: { q: 'q2' }, expected: { codes: ['A-q2'] } }]);
    expect((await runCli(['apply', '--cache-dir', 'run-cache', '--quiet'], { cwd: sub })).code).toBe(0);
    const again = await runCli(['apply', '--out', 'elsewhere'], { cwd: sub });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('evalc.lock is up to date');
    expect(again.stderr).toBe(
      "note: the cache at .evalc/cache holds the answer of 1 of this lock's 2 answered example runs: the reports have no trajectories, judge rationales or failure details for the other 1 (--cache-dir DIR names the run's cache)\n",
    );
    const md = readFileSync(path.join(sub, 'elsewhere', 'report.md'), 'utf8');
    expect(md).toContain('(extra: Z-q1)');
    expect(md).not.toContain('(extra: Z-q2)');
    expect(md).not.toContain(NOTE);
  });
});
