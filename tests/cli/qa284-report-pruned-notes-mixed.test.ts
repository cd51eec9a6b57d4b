/**
 * QA284: after `cache prune` dropped the notes of a run's transient failures (as documented), the
 * reports lose their failure reasons; cfe11c1d said so only when every invoke of the lock was one.
 * A run with answers beside them (the common case) said nothing; it now says how many.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useCountingAgent, writeDataset, writePlan } from '../e2e/apply-harness.js';

describe('evalc report after a prune of a run with answers and transient failures', () => {
  const failing = useCountingAgent({ faults: { seed: 3, rates: { '500': 0.5 } } });
  const dir = failing.workspace('qa284-pruned-notes-mixed');
  it('says the failures lost their details, and nothing before the prune', async () => {
    writePlan(dir, {
      agentUrl: failing.agent.url,
      limits: { retries: 0 },
      metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' }],
    });
    const ids = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6'];
    writeDataset(
      dir,
      'd1.jsonl',
      ids.map((id) => ({ id, vars: { q: id }, expected: { codes: [`A-${id}`] } })),
    );
    await runCli(['apply', '--quiet'], { cwd: dir });
    const lock = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8'));
    const errors = lock.results.map((r: { errors?: (string | null)[] }) => r.errors?.[0] ?? null);
    const failed = errors.filter((e: string | null) => e !== null).length;
    expect(errors).toContain(null);
    expect(failed).toBeGreaterThan(0);
    const before = await runCli(['report', '--format', 'md'], { cwd: dir });
    expect(before.stderr).toBe('');
    expect(before.stdout).toMatch(/error `http_500` \(scored 0\): /);
    expect((await runCli(['cache', 'prune'], { cwd: dir })).code).toBe(0);

    const md = await runCli(['report', '--format', 'md'], { cwd: dir });
    expect(md.code).toBe(0);
    expect(md.stderr).toBe(
      `note: the cache at .evalc/cache holds no failure details for this lock's ${failed} failed invoke${failed === 1 ? '' : 's'} (a cache prune drops them; --cache-dir DIR names the run's cache if it is elsewhere)\n`,
    );
    expect(md.stdout).not.toMatch(/error `http_500` \(scored 0\): /);
  });
});
