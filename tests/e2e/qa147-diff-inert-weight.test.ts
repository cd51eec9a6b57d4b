/**
 * Regression (QA147, review of 68c92fb/QA139): a weight change that moves no mean is named as
 * information, not as "not strictly comparable". A mean weighs its parts by their share of the
 * weights, so re-weighting the only dataset of a task, or every dataset of a task alike, leaves
 * every aggregate as it was: the diff said `! t1/d1: weight changed 1 → 3 (the task and benchmark
 * means weigh its examples anew)` and `comparable: false` beside "No aggregate changed". A change
 * of a share is still a warning (QA139's test). Real binary, loopback counting agent.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

interface Issue {
  kind: string;
  severity: string;
  subject: string;
  message: string;
}

async function reweighted(name: string, second: boolean, edit: (plan: string) => string) {
  const dir = ctx.workspace(name);
  writeDataset(dir, 'd1.jsonl', countingExamples(3, 'n'));
  if (second) writeDataset(dir, 'd2.jsonl', countingExamples(3, 'm'));
  const file = writePlan(dir, { agentUrl: ctx.agent.url, secondDataset: second });
  expect((await runCli(['apply', 'evalc.yaml'], { cwd: dir })).code).toBe(0);
  copyFileSync(path.join(dir, 'evalc.lock'), path.join(dir, 'main.lock'));
  const plan = readFileSync(file, 'utf8');
  const edited = edit(plan);
  expect(edited).not.toBe(plan);
  writeFileSync(file, edited);
  expect((await runCli(['apply', 'evalc.yaml'], { cwd: dir })).code).toBe(0);
  const text = await runCli(['diff', 'main.lock', 'evalc.lock'], { cwd: dir });
  const json = await runCli(['diff', 'main.lock', 'evalc.lock', '--format', 'json'], { cwd: dir });
  const diff = JSON.parse(json.stdout) as { comparable: boolean; comparability: Issue[] };
  return {
    text,
    comparable: diff.comparable,
    weights: diff.comparability.filter((i) => i.kind === 'weight'),
  };
}

describe('evalc diff of a weight change that moves no mean (QA147)', () => {
  it('the only dataset of a task: its share stays 1, named as information', async () => {
    const r = await reweighted('inert-weight-one', false, (p) =>
      p.replace('"source": "d1.jsonl"', '"source": "d1.jsonl", "weight": 3'),
    );
    expect(r.text.code).toBe(0);
    expect(r.text.stdout).not.toContain('Not strictly comparable');
    expect(r.text.stdout).toContain(
      "· t1/d1: weight changed 1 → 3 (its share of task t1's weights is unchanged: no mean moves)",
    );
    expect(r.text.stdout).toContain('No aggregate changed.');
    expect(r.comparable).toBe(true);
    expect(r.weights.map((i) => [i.subject, i.severity])).toEqual([['t1/d1', 'info']]);
  });

  it('every dataset of a task scaled alike, and the only task: information', async () => {
    const r = await reweighted('inert-weight-both', true, (p) =>
      p
        .replace('"source": "d1.jsonl"', '"source": "d1.jsonl", "weight": 2')
        .replace('"source": "d2.jsonl"', '"source": "d2.jsonl", "weight": 2')
        .replace('"t1": {', '"t1": { "weight": 5,'),
    );
    expect(r.comparable).toBe(true);
    expect(r.weights.map((i) => [i.subject, i.severity])).toEqual([
      ['t1', 'info'],
      ['t1/d1', 'info'],
      ['t1/d2', 'info'],
    ]);
    expect(r.text.stdout).toContain(
      "· t1: task weight changed 1 → 5 (its share of the benchmark's weights is unchanged: no mean moves)",
    );
  });

  it('one of two datasets re-weighted: still not strictly comparable', async () => {
    const r = await reweighted('inert-weight-share', true, (p) =>
      p.replace('"source": "d2.jsonl"', '"source": "d2.jsonl", "weight": 0'),
    );
    expect(r.comparable).toBe(false);
    expect(r.weights.map((i) => [i.subject, i.severity])).toEqual([['t1/d2', 'warning']]);
  });
});
