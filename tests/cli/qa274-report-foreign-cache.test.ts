/**
 * QA274: `evalc report` beside a lock an `apply --cache-dir DIR` wrote, where an older .evalc/cache
 * of earlier runs is still there, read that cache: it holds none of this lock's answers, so report.md
 * and report.html lost every failure reason and trajectory and said nothing (stderr neither: a cache
 * was there). Such a cache is now said as a missing one is: stderr names it, report.md's footer and
 * report.html's header end "rendered without the run's cache". A cache holding the run's answers
 * (--cache-dir DIR) says nothing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useCountingAgent, writeDataset, writePlan } from '../e2e/apply-harness.js';

const counting = useCountingAgent();
const dir = counting.workspace('qa274-foreign-cache');
const NOTE = "rendered without the run's cache: no answers, failure reasons or trajectories";

describe('evalc report with a cache of other runs', () => {
  it('says the reports are rendered without the run cache', async () => {
    writePlan(dir, {
      agentUrl: counting.agent.url,
      metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' }],
    });
    // An earlier run fills the default .evalc/cache.
    writeDataset(dir, 'd1.jsonl', [{ id: 'old', vars: { q: 'old' }, expected: { codes: ['A-old'] } }]);
    const first = await runCli(['apply', '--quiet'], { cwd: dir });
    expect(first.code).toBe(0);
    // This run keeps its answers elsewhere; q1 fails with a reason read from that cache.
    writeDataset(dir, 'd1.jsonl', [{ id: 'q1', vars: { q: 'q1' }, expected: { codes: ['A-q1'] } }]);
    const cacheDir = path.join(dir, 'run-cache');
    const applied = await runCli(['apply', '--cache-dir', cacheDir, '--quiet'], { cwd: dir });
    expect(applied.code).toBe(0);
    expect(readFileSync(path.join(dir, '.evalc', 'reports', 'report.md'), 'utf8')).toContain(
      'failed `exact_match` (extra: Z-q1)',
    );

    const md = await runCli(['report', '--format', 'md'], { cwd: dir });
    expect(md.code).toBe(0);
    expect(md.stderr).toBe(
      "note: the cache at .evalc/cache holds none of this lock's answers: the reports have no trajectories, judge rationales or failure details (--cache-dir DIR names the run's cache)\n",
    );
    expect(md.stdout).toContain(NOTE);
    const html = await runCli(['report', '--format', 'html'], { cwd: dir });
    expect(/<div class="meta">([^\n]*)<\/div><\/header>/.exec(html.stdout)?.[1]).toContain(NOTE);

    const withCache = await runCli(['report', '--format', 'md', '--cache-dir', cacheDir], { cwd: dir });
    expect(withCache.stderr).toBe('');
    expect(withCache.stdout).not.toContain(NOTE);
    expect(withCache.stdout).toContain('failed `exact_match` (extra: Z-q1)');
  });
});
