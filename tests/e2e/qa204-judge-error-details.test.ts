/**
 * What an agent-eval judge sends with its error reaches the reports, as an agent's error details
 * do: the `details` of a 500 judge_error (the judge model's raw output) and of a 400
 * validation_error (the issues) were kept in the cache beside the step, but report.json and the
 * HTML drill-down showed the message alone (QA204).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ErrorDetailsJudge,
  RAW_MODEL_OUTPUT,
  startErrorDetailsJudge,
  VALIDATION_ISSUES,
} from '../fixtures/qa204-judge-error-details.js';
import { countingExamples, runCli, useCountingAgent, writeDataset } from './apply-harness.js';

const counting = useCountingAgent();
let judge: ErrorDetailsJudge;
beforeAll(async () => {
  judge = await startErrorDetailsJudge();
});
afterAll(async () => {
  await judge.close();
});

interface ReportMetric {
  id: string;
  error?: string;
  details?: { error?: { kind?: string; message?: string; details?: unknown } };
}

describe('evalc apply: an agent-eval judge error with details', () => {
  it("puts the judge's error details in report.json beside its message", async () => {
    const dir = counting.workspace('qa204-judge-error-details');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    const plan = {
      evalc: 1,
      benchmark: { id: 'judge-error-details', version: '1.0.0' },
      agents: { a1: { protocol: 'raip', url: counting.agent.url } },
      judges: { strict: { protocol: 'agent-eval', url: judge.url, rubric: 'r', limits: { retries: 0 } } },
      rubrics: { r: { dimensions: [{ id: 'relevance', description: 'Answers the question', weight: 1 }] } },
      tasks: {
        t1: {
          bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'output.answer' } } },
          datasets: { d1: { source: 'd1.jsonl' } },
          metrics: [{ type: 'judge', judge: 'strict', content: '{{candidate.answer}}' }],
        },
      },
    };
    writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
    const run = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(run.stderr).not.toMatch(/\n\s+at /);
    const report = JSON.parse(readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8')) as {
      examples: { example: string; metrics: ReportMetric[] }[];
    };
    const judged = (id: string) =>
      report.examples.find((e) => e.example === id)?.metrics.find((m) => m.id === 'judge');
    expect(judged('e0')?.details?.error).toMatchObject({
      kind: 'judge_error',
      details: { code: 'judge_error', details: RAW_MODEL_OUTPUT },
    });
    expect(judged('e1')?.details?.error).toMatchObject({
      kind: 'config_error',
      details: { code: 'validation_error', details: VALIDATION_ISSUES },
    });
    const html = readFileSync(path.join(dir, '.evalc/reports/report.html'), 'utf8');
    expect(html).toContain('context.turns: at most 1 item');
  });
});
