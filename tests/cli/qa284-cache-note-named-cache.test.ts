/**
 * QA284: a cache the user named (--cache-dir, EVALC_CACHE_DIR) that holds none or some of the lock's
 * answers was noted '(--cache-dir DIR names the run's cache)', telling them to use the flag they had
 * just used; `evalc report` and an up-to-date apply now say the one named is not the run's.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useCountingAgent, writeDataset, writePlan } from '../e2e/apply-harness.js';

const counting = useCountingAgent();
const dir = counting.workspace('qa284-cache-note-named');
const NAMED = "(--cache-dir DIR names the run's cache; this one is not it)\n";

describe('a named cache that is not the run one', () => {
  it('is said not to be the run cache, by evalc report and an up-to-date apply', async () => {
    writePlan(dir, {
      agentUrl: counting.agent.url,
      metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' }],
    });
    const q = (id: string) => ({ id, vars: { q: id }, expected: { codes: [`A-${id}`] } });
    writeDataset(dir, 'd1.jsonl', [q('q1')]);
    // An earlier run of one example in 'old'; this run's answers in the default .evalc/cache.
    expect((await runCli(['apply', '--cache-dir', 'old', '--quiet'], { cwd: dir })).code).toBe(0);
    writeDataset(dir, 'd1.jsonl', [q('q1'), q('q2')]);
    expect((await runCli(['apply', '--quiet'], { cwd: dir })).code).toBe(0);

    const some = await runCli(['report', '--format', 'md', '--cache-dir', 'old'], { cwd: dir });
    expect(some.stderr).toBe(
      `note: the cache at old holds the answer of 1 of this lock's 2 answered example runs: the reports have no trajectories, judge rationales or failure details for the other 1 ${NAMED}`,
    );
    const byEnv = await runCli(['report', '--format', 'md'], {
      cwd: dir,
      env: { EVALC_CACHE_DIR: path.join(dir, 'old') },
    });
    expect(byEnv.stderr).toContain(NAMED);
    // Not named: the hint as before.
    const plain = await runCli(['report', '--format', 'md'], { cwd: dir });
    expect(plain.stderr).toBe('');

    rmSync(path.join(dir, '.evalc', 'reports'), { recursive: true, force: true });
    const apply = await runCli(['apply', '--cache-dir', 'old'], { cwd: dir });
    expect(apply.stdout).toContain('evalc.lock is up to date');
    expect(apply.stderr).toBe(
      `note: the cache at old holds the answer of 1 of this lock's 2 answered example runs: the reports have no trajectories, judge rationales or failure details for the other 1 ${NAMED}`,
    );
  });
});
