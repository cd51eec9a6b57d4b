/**
 * QA279: `evalc report` reading a cache that holds some of the lock's answers only (an older
 * .evalc/cache of the same plan, its dataset grown since, beside a lock an `apply --cache-dir DIR`
 * wrote) dropped the others' failure details and trajectories with nothing said (b7454928 spoke only
 * of a cache holding none). It now says how many it holds. And a run whose every invoke failed
 * transiently, its notes dropped by `cache prune`, was told its own cache was another run's.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useCountingAgent, writeDataset, writePlan } from '../e2e/apply-harness.js';

const NOTE = "rendered without the run's cache";

describe('evalc report with a cache holding some of the lock answers', () => {
  const counting = useCountingAgent();
  const dir = counting.workspace('qa279-partial-cache');
  it('says how many of the answers it holds', async () => {
    writePlan(dir, {
      agentUrl: counting.agent.url,
      metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' }],
    });
    const q1 = { id: 'q1', vars: { q: 'q1' }, expected: { codes: ['A-q1'] } };
    const q2 = { id: 'q2', vars: { q: 'q2' }, expected: { codes: ['A-q2'] } };
    const q3 = { id: 'q3', vars: { q: 'q3' }, expected: { codes: ['A-q3'] } };
    // An earlier run of one example fills the default .evalc/cache.
    writeDataset(dir, 'd1.jsonl', [q1]);
    expect((await runCli(['apply', '--quiet'], { cwd: dir })).code).toBe(0);
    // The dataset grows; this run keeps its answers elsewhere.
    writeDataset(dir, 'd1.jsonl', [q1, q2, q3]);
    const cacheDir = path.join(dir, 'run-cache');
    expect((await runCli(['apply', '--cache-dir', cacheDir, '--quiet'], { cwd: dir })).code).toBe(0);
    expect(readFileSync(path.join(dir, '.evalc', 'reports', 'report.md'), 'utf8')).toContain(
      'failed `exact_match` (extra: Z-q3)',
    );

    const md = await runCli(['report', '--format', 'md'], { cwd: dir });
    expect(md.code).toBe(0);
    expect(md.stderr).toBe(
      "note: the cache at .evalc/cache holds the answer of 1 of this lock's 3 answered example runs: the reports have no trajectories, judge rationales or failure details for the other 2 (--cache-dir DIR names the run's cache)\n",
    );
    expect(md.stdout).toContain('failed `exact_match` (extra: Z-q1)');
    expect(md.stdout).not.toContain('(extra: Z-q3)');
    expect(md.stdout).not.toContain(NOTE);

    const withCache = await runCli(['report', '--format', 'md', '--cache-dir', cacheDir], { cwd: dir });
    expect(withCache.stderr).toBe('');
    expect(withCache.stdout).toContain('failed `exact_match` (extra: Z-q3)');
  });
});

describe('evalc report with a cache holding some of the answers of a plan with repeats', () => {
  const counting = useCountingAgent();
  const dir = counting.workspace('qa284-partial-cache-repeats');
  it('counts example runs, each repeat one, as apply does (QA284: it said answers)', async () => {
    writePlan(dir, {
      agentUrl: counting.agent.url,
      metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' }],
      run: { repeats: 2 },
    });
    const q = (id: string) => ({ id, vars: { q: id }, expected: { codes: [`A-${id}`] } });
    writeDataset(dir, 'd1.jsonl', [q('q1')]);
    expect((await runCli(['apply', '--quiet'], { cwd: dir })).code).toBe(0);
    writeDataset(dir, 'd1.jsonl', [q('q1'), q('q2'), q('q3')]);
    const run = await runCli(['apply', '--cache-dir', 'run-cache'], { cwd: dir });
    expect(run.stdout).toContain('6 example runs (2 repeats)');
    const md = await runCli(['report', '--format', 'md'], { cwd: dir });
    expect(md.code).toBe(0);
    expect(md.stderr).toBe(
      "note: the cache at .evalc/cache holds the answers of 2 of this lock's 6 answered example runs: the reports have no trajectories, judge rationales or failure details for the other 4 (--cache-dir DIR names the run's cache)\n",
    );
  });
});

describe('evalc report after a prune of a run whose every invoke failed transiently', () => {
  const failing = useCountingAgent({ faults: { seed: 1, rates: { '500': 1 } } });
  const dir = failing.workspace('qa279-pruned-notes');
  it('is not told its cache is another run', async () => {
    writePlan(dir, {
      agentUrl: failing.agent.url,
      metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' }],
    });
    writeDataset(dir, 'd1.jsonl', [{ id: 'q1', vars: { q: 'q1' }, expected: { codes: ['A-q1'] } }]);
    expect((await runCli(['apply', '--quiet'], { cwd: dir })).code).toBe(1);
    const before = await runCli(['report', '--format', 'md'], { cwd: dir });
    expect(before.stderr).toBe('');
    expect((await runCli(['cache', 'prune'], { cwd: dir })).code).toBe(0);

    const md = await runCli(['report', '--format', 'md'], { cwd: dir });
    expect(md.code).toBe(0);
    expect(md.stderr).toBe(
      "note: the cache at .evalc/cache holds no failure details for this lock's 1 failed invoke (a cache prune drops them; --cache-dir DIR names the run's cache if it is elsewhere)\n",
    );
    expect(md.stdout).not.toContain(NOTE);
  });
});
