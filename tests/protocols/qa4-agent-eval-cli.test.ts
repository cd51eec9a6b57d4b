/**
 * agent-eval judge conformance (shared/protocols/agent-eval.md §3.7) through the real CLI against
 * a judge server written from the seed wire protocol alone (tests/fixtures/qa4-agent-eval-seed-judge.mjs):
 * a seed-era server (package 0.20.10, wire 1.0.0, tag `anti-slop@a4f2b8c1`) is accepted and pinned
 * (A1, A3, A4), its composite is used (A10: 0.5·0.85 + 0.3·0.7 + 0.2·0.8 = 0.795), and an unknown
 * rubric name is a config error that is not retried (A7).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCli, tempWorkspace } from '../e2e/apply-harness.js';
import { startQa4SeedJudge } from '../fixtures/qa4-agent-eval-seed-judge.mjs';
import { startQa4RaipAgent } from '../fixtures/qa4-raip-seed-agent.mjs';
import { writeJudgePlan } from './qa4-judge-plan.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
beforeAll(() => assertBuilt());

interface LockJudge {
  protocol: string;
  version?: string;
  wireVersion?: string;
  rubric?: string;
  rubricVersion?: string;
}
interface LockRow {
  example: string;
  metrics: Record<string, { score: number | null; pass?: boolean }>;
}
interface ReportExample {
  example: string;
  metrics: Array<{ id: string; error?: string }>;
}

async function applyWithRubric(rubric: string) {
  const agent = await startQa4RaipAgent();
  const judge = await startQa4SeedJudge();
  const { dir, cleanup } = tempWorkspace('qa4-ae');
  cleanups.push(
    () => agent.close(),
    () => judge.close(),
    cleanup,
  );
  writeJudgePlan(dir, 'qa4-ae', agent.url, { url: judge.url, rubric });
  const result = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir, timeoutMs: 30_000 });
  return { dir, judge, result };
}

describe('agent-eval through evalc apply, against a judge written from the seed wire protocol', () => {
  it('A1/A3/A4/A10: a wire 1.0.0 server is accepted, pinned with its legacy tag, and its composite scores', async () => {
    const { dir, judge } = await applyWithRubric('anti-slop');
    expect(judge.judgeBodies).toEqual([
      { rubricName: 'anti-slop', content: 'A:x1' },
      { rubricName: 'anti-slop', content: 'A:x2' },
    ]);
    const lock = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as {
      judges: Record<string, LockJudge>;
      results: LockRow[];
    };
    expect(lock.judges.strict).toMatchObject({
      protocol: 'agent-eval',
      version: '0.20.10',
      wireVersion: '1.0.0',
      rubric: 'anti-slop',
      rubricVersion: 'anti-slop@a4f2b8c1',
    });
    for (const row of lock.results) {
      expect(row.metrics.judge?.score).toBeCloseTo(0.795, 9);
      expect(row.metrics.judge?.pass).toBe(true);
    }
  });

  it('A7: an unknown rubric name is a config error on each score and is not retried', async () => {
    const { dir, judge } = await applyWithRubric('missing-name');
    expect(judge.judgeBodies.map((b) => b.content)).toEqual(['A:x1', 'A:x2']);
    const report = JSON.parse(readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8')) as {
      examples: ReportExample[];
    };
    for (const example of report.examples) {
      expect(example.metrics.find((m) => m.id === 'judge')?.error).toBe('config_error');
    }
  });
});
