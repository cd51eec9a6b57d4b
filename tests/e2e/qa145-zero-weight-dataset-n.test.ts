/**
 * QA145: a dataset whose examples all weigh 0 has no mean and drops out of its task, but its
 * examples still count in `n` at every node (README: "An example of weight 0 counts in `n` but is
 * in no mean"; src/metrics/README: n counts weight-0 examples). The task's and the benchmark's n
 * counted them, yet the dataset's own row in evalc.lock and report.json said `n: 0` — 3 examples
 * scored, one result row each, and a node claiming none.
 */
import { describe, expect, it } from 'vitest';
import {
  countingExamples,
  readLock,
  runCli,
  useCountingAgent,
  writeDataset,
  writePlan,
} from './apply-harness.js';

const ctx = useCountingAgent();

type Aggregates = Record<string, Record<string, Record<string, { mean: number | null; n: number }>>>;

describe('n of a dataset whose examples all weigh 0 (QA145)', () => {
  it('counts its examples, as the task and benchmark above it do', async () => {
    const dir = ctx.workspace('qa145-zero-weight-n');
    writeDataset(
      dir,
      'd1.jsonl',
      countingExamples(3).map((e) => ({ ...e, weight: 0 })),
    );
    writeDataset(dir, 'd2.jsonl', countingExamples(2, 'f'));
    writePlan(dir, { agentUrl: ctx.agent.url, secondDataset: true });
    const apply = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(apply.code).toBe(0);
    const aggregates = (JSON.parse(readLock(dir)) as { aggregates: Aggregates }).aggregates;
    const em = (scope: string) => aggregates[scope]?.a1?.exact_match;
    expect(em('dataset/t1/d1')).toMatchObject({ mean: null, n: 3 });
    expect(em('dataset/t1/d2')?.n).toBe(2);
    // The task's mean is d2's alone (d1 has none), its n both datasets' examples.
    expect(em('task/t1')?.mean).toBe(em('dataset/t1/d2')?.mean);
    expect(em('task/t1')?.n).toBe(5);
    expect(em('benchmark')?.n).toBe(5);
    const report = JSON.parse(
      (await import('node:fs')).readFileSync(`${dir}/.evalc/reports/report.json`, 'utf8'),
    ) as { scores: { scope: string; metric: string; n: number }[] };
    const row = report.scores.find((s) => s.scope === 'dataset/t1/d1' && s.metric === 'exact_match');
    expect(row?.n).toBe(3);
  });
});
