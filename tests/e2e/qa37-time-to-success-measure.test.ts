/**
 * QA37: the mean time to success (the RAIP paper's efficiency figure, "5.35 s vs 5.73 s") and a
 * budgeted token count were in no output: `time_to_success` always has a score (pass-based), and
 * only measurements without a score reached the lock's `volatile.measures`. Now every measurement
 * in ms, tokens or USD does — for time_to_success the mean duration of the examples that passed —
 * and report.json stays valid against its shipped schema (whose `volatile` allowed numbers only,
 * so any plan measuring tokens or cost wrote a report.json the schema rejected).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import {
  countingExamples,
  REPO_ROOT,
  readLock,
  runCli,
  useCountingAgent,
  writeDataset,
  writePlan,
} from './apply-harness.js';

const ctx = useCountingAgent({ delayMs: 15 });

interface ReportJson {
  examples: { example: string; pass: boolean; repeats: { durationMs: number }[] }[];
}

describe('volatile measures of scored efficiency metrics (QA37)', () => {
  it('keeps the mean time to success of the passed examples and a budgeted token mean', async () => {
    const dir = ctx.workspace('qa37-tts');
    writeDataset(dir, 'd1.jsonl', countingExamples(6));
    writePlan(dir, {
      agentUrl: ctx.agent.url,
      metrics: [
        { type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'list' },
        { type: 'time_to_success' },
        { id: 'tokens_b', type: 'tokens', budget: 100 },
      ],
    });
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    const lock = JSON.parse(readLock(dir)) as {
      volatile: Record<string, { measures?: Record<string, number> }>;
      aggregates: Record<string, Record<string, Record<string, { mean: number }>>>;
    };
    const reportText = readFileSync(path.join(dir, '.evalc', 'reports', 'report.json'), 'utf8');
    const report = JSON.parse(reportText) as ReportJson;
    // Even ids pass (the agent's order is expected), odd ones fail: e0, e2, e4.
    const passed = report.examples.filter((e) => e.pass);
    expect(passed.map((e) => e.example).sort()).toEqual(['e0', 'e2', 'e4']);
    const durations = passed.map((e) => e.repeats[0]?.durationMs ?? Number.NaN);
    const mean = durations.reduce((a, b) => a + b, 0) / durations.length;
    const measures = lock.volatile['a1/t1/d1']?.measures;
    expect(measures?.time_to_success).toBeCloseTo(mean, 9);
    expect(mean).toBeGreaterThanOrEqual(15);
    // The counting agent reports 3 + 5 tokens per call: the budgeted metric's mean is 8, its score 1.
    expect(measures?.tokens_b).toBe(8);
    expect(lock.aggregates.benchmark?.a1?.tokens_b?.mean).toBe(1);
    // time_to_success's score (pass share) stays the result; its ms stay out of the aggregates.
    expect(lock.aggregates.benchmark?.a1?.time_to_success).toEqual({
      ci: expect.any(Array),
      mean: 0.5,
      n: 6,
    });
    const md = readFileSync(path.join(dir, '.evalc', 'reports', 'report.md'), 'utf8');
    expect(md).toContain(
      '| agent/task/dataset | mean ms | p50 ms | tokens | `time_to_success` mean ms | `tokens_b` mean tokens |',
    );

    const ajv = new Ajv2020({ allErrors: true, strict: false });
    const validate = ajv.compile(
      JSON.parse(readFileSync(path.join(REPO_ROOT, 'schemas', 'report.schema.json'), 'utf8')) as object,
    );
    expect(validate(JSON.parse(reportText)), JSON.stringify(validate.errors)).toBe(true);
  });
});
