/**
 * Why a judge failed reaches the reports: a judge's failure is never cached as a score (the next
 * apply asks again), so its message is kept beside the step and report.json's drill-down shows it
 * (it used to be in run.log only, the reports saying just `judge_error`). The judge is a real
 * stdio (`agent-eval rpc`) process that answers every verdict with an internal_error.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset } from './apply-harness.js';

const RUBRIC_VERSION = `reg@sha256-rfc8785:${'cd'.repeat(32)}`;
const JUDGE = `
const method = process.argv[3];
let raw = '';
process.stdin.on('data', (c) => (raw += c)).on('end', () => {
  const rubric = { name: 'reg', description: 'd', dimensions: [{ id: 'relevance', description: 'r', weight: 1 }], failureModes: [], rubricVersion: ${JSON.stringify(RUBRIC_VERSION)} };
  const reply =
    method === 'version' ? { result: { package: '@tangle-network/agent-eval', version: '0.167.0', wireVersion: '1.1.0', apiSurface: ['judge', 'listRubrics', 'version'] } }
    : method === 'listRubrics' ? { result: { rubrics: [rubric] } }
    : { error: { code: 'internal_error', message: 'rubric engine exploded on this input' } };
  process.stdout.write(JSON.stringify(reply) + '\\n');
});
`;

const counting = useCountingAgent();

describe('evalc apply: a judge that fails', () => {
  it("puts the judge's error message in report.json", async () => {
    const dir = counting.workspace('judge-error-message');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    writeFileSync(path.join(dir, 'judge.mjs'), JUDGE);
    const plan = {
      evalc: 1,
      benchmark: { id: 'judge-error', version: '1.0.0' },
      agents: { a1: { protocol: 'raip', url: counting.agent.url } },
      judges: {
        jr: { protocol: 'agent-eval', command: 'node judge.mjs', rubric: 'reg', limits: { retries: 0 } },
      },
      tasks: {
        t1: {
          bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'output.answer' } } },
          datasets: { d1: { source: 'd1.jsonl' } },
          metrics: [{ type: 'judge', judge: 'jr', content: '{{candidate.answer}}' }],
        },
      },
    };
    writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
    const run = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(run.stderr).not.toMatch(/\n\s+at /);
    const report = readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8');
    expect(report).toContain('judge_error');
    expect(report).toContain('rubric engine exploded on this input');
  });
});
