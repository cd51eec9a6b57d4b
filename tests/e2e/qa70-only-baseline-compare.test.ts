/**
 * QA70: `apply --only t1/d1 --baseline main.lock`, main.lock being the whole plan's, compared the
 * partial run with the whole baseline: report.md said the other dataset was "removed" (not
 * strictly comparable), listed its examples as gone, and set the partial run's benchmark mean
 * (d1 only) against the baseline's (d1 and d2) as a change of an agent that answered exactly as
 * before (exact_match 0.5 → 1.000, ▲ +0.500); `evalc report --from .evalc/evalc.only.lock --baseline`
 * and `evalc diff evalc.lock .evalc/evalc.only.lock` did the same. The comparison now covers the selection in both runs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const counting = useCountingAgent();

describe('apply --only with a whole-plan --baseline (QA70)', () => {
  it('compares the selected dataset of both runs, not the datasets left out', async () => {
    const dir = counting.workspace('qa70-only-baseline');
    // The agent answers codes [Z-q, A-q]: d1's examples expect that list (pass), d2's the reverse (fail).
    writeDataset(dir, 'd1.jsonl', [
      { id: 'p0', vars: { q: 'p0' }, expected: { codes: ['Z-p0', 'A-p0'] } },
      { id: 'p1', vars: { q: 'p1' }, expected: { codes: ['Z-p1', 'A-p1'] } },
    ]);
    writeDataset(dir, 'd2.jsonl', [
      { id: 'f0', vars: { q: 'f0' }, expected: { codes: ['A-f0', 'Z-f0'] } },
      { id: 'f1', vars: { q: 'f1' }, expected: { codes: ['A-f1', 'Z-f1'] } },
    ]);
    writePlan(dir, { agentUrl: counting.agent.url, secondDataset: true });
    const env = { EVALC_CACHE_DIR: '' };
    const whole = await runCli(['apply', '--quiet'], { cwd: dir, env });
    expect(whole.code).toBe(0);

    const only = await runCli(['apply', '--only', 't1/d1', '--baseline', 'evalc.lock', '--quiet'], {
      cwd: dir,
      env,
    });
    expect(only.code).toBe(0);
    const reports = path.join(dir, '.evalc', 'reports');
    const md = readFileSync(path.join(reports, 'report.md'), 'utf8');
    expect(md).toContain('### Changes vs baseline');
    expect(md).not.toContain('dataset removed');
    expect(md).not.toContain('Not strictly comparable');
    expect(md).not.toMatch(/\d+ gone/);
    const json = JSON.parse(readFileSync(path.join(reports, 'report.json'), 'utf8'));
    const diff = json.diff;
    expect(diff.examples.removed).toBe(0);
    expect(diff.examples.gone).toBeUndefined();
    // Only d1's own aggregates are compared (it ran whole), and they did not change.
    const scopes = [...new Set(diff.aggregates.map((a: { scope: string }) => a.scope))].sort();
    expect(scopes).toEqual(['dataset/t1/d1']);
    for (const a of diff.aggregates) expect(a.delta).toBe(0);

    // `evalc report` re-rendering the --only lock against the same baseline compares the same.
    const rendered = await runCli(
      ['report', '--from', '.evalc/evalc.only.lock', '--baseline', 'evalc.lock', '--format', 'md'],
      { cwd: dir, env },
    );
    expect(rendered.code).toBe(0);
    expect(rendered.stdout).toContain('### Changes vs baseline');
    expect(rendered.stdout).not.toContain('dataset removed');
    expect(rendered.stdout).not.toMatch(/\d+ gone/);
    expect(rendered.stdout).not.toMatch(/\| `benchmark` \| `a1` \|/);

    // So does `evalc diff` of the whole lock and the --only lock, saying so.
    const diffed = await runCli(['diff', 'evalc.lock', '.evalc/evalc.only.lock'], { cwd: dir, env });
    expect(diffed.code).toBe(0);
    expect(diffed.stderr).toBe(
      'evalc: note: .evalc/evalc.only.lock is the lock of an apply --only t1/d1: comparing that part of both lockfiles\n',
    );
    expect(diffed.stdout).toContain('(2 paired examples, α = 0.05)');
    expect(diffed.stdout).not.toContain('removed');
    expect(diffed.stdout).toContain('No aggregate changed.');

    // A change inside the selection is shown at the dataset's scope, though its task (one
    // dataset of two selected) has no row to stand for it.
    writeDataset(dir, 'd1.jsonl', [
      { id: 'p0', vars: { q: 'p0' }, expected: { codes: ['Z-p0', 'A-p0'] } },
      { id: 'p1', vars: { q: 'p1' }, expected: { codes: ['A-p1', 'Z-p1'] } },
    ]);
    const changed = await runCli(['apply', '--only', 't1/d1', '--baseline', 'evalc.lock', '--quiet'], {
      cwd: dir,
      env,
    });
    expect(changed.code).toBe(0);
    const md2 = readFileSync(path.join(reports, 'report.md'), 'utf8');
    expect(md2).not.toContain('No aggregate changed.');
    expect(md2).toMatch(/\| `t1\/d1` \| `a1` \| `exact_match` \| 1\.000 \| 0\.500 \|/);
    expect(md2).not.toMatch(/\| `benchmark` \|/);
  });
});
