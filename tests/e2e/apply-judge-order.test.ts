/**
 * Two judge ids on one agent-eval server, only one of them with `serve:`: the served one starts
 * first, whatever the ids' order, so the other is not asked /v1/version before its server is up
 * (it was: judges started in id order and `aa` was "not usable: connection refused").
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../fixtures/loopback.js';
import { countingExamples, REPO_ROOT, runCli, useCountingAgent, writeDataset } from './apply-harness.js';

const ctx = useCountingAgent();

describe('judges sharing a served server', () => {
  it('start the served one first, so both are usable', async () => {
    const dir = ctx.workspace('judge-order');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const judgeScript = path.join(REPO_ROOT, 'pipelines/course-advisor/judge/agent-eval-judge.mjs');
    const plan = {
      evalc: 1,
      benchmark: { id: 'judge-order', version: '1.0.0' },
      agents: { a1: { protocol: 'raip', url: ctx.agent.url } },
      judges: {
        aa: { protocol: 'agent-eval', url, rubric: 'course-advice-default' },
        served: {
          protocol: 'agent-eval',
          url,
          rubric: 'course-advice-default',
          serve: {
            command: `node ${JSON.stringify(judgeScript)}`,
            env: { PORT: String(port) },
            ready: { url: `${url}/healthz`, timeout: '15s' },
          },
        },
      },
      tasks: {
        t1: {
          bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'output.answer' } } },
          datasets: { d1: { source: 'd1.jsonl' } },
          metrics: [
            { type: 'judge', id: 'first', judge: 'aa', content: '{{candidate.answer}}' },
            { type: 'judge', id: 'second', judge: 'served', content: '{{candidate.answer}}' },
          ],
        },
      },
    };
    writeFileSync(path.join(dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
    const apply = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(apply.stderr).toBe('');
    expect(apply.code).toBe(0);
  });
});
