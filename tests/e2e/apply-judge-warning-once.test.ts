/**
 * A judge's warning that repeats on every verdict (an OpenAI-compatible server that refuses
 * `response_format: json_schema`, so every call steps down to json_object) is logged once per
 * run in run.log, not once per example. Real loopback judge (tests/fixtures/qa19-openai-compat-server.ts)
 * and a real RAIP agent.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type CompatServer,
  completion,
  formatOf,
  startCompatServer,
} from '../fixtures/qa19-openai-compat-server.js';
import { countingExamples, runCli, useCountingAgent, writeDataset } from './apply-harness.js';

const counting = useCountingAgent();
let judge: CompatServer | undefined;
afterAll(async () => {
  await judge?.close();
});

describe('evalc apply: a judge warning on every verdict', () => {
  it('is logged once in run.log', async () => {
    judge = await startCompatServer((request) =>
      formatOf(request) === 'json_schema'
        ? {
            status: 400,
            json: {
              error: { message: 'response_format json_schema is not supported', type: 'BadRequestError' },
            },
          }
        : completion(JSON.stringify({ dimensions: { relevance: 0.8 }, failureModes: [], rationale: 'fine' })),
    );
    const dir = counting.workspace('judge-warning-once');
    writeDataset(dir, 'd1.jsonl', countingExamples(4));
    const plan = {
      evalc: 1,
      benchmark: { id: 'warn-once', version: '1.0.0' },
      agents: { a1: { protocol: 'raip', url: counting.agent.url } },
      judges: {
        llm: { protocol: 'openai', url: `${judge.url}/v1`, model: 'm', rubric: 'r', limits: { retries: 0 } },
      },
      rubrics: { r: { dimensions: [{ id: 'relevance', description: 'relevant', weight: 1 }] } },
      tasks: {
        t1: {
          bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'output.answer' } } },
          datasets: { d1: { source: 'd1.jsonl' } },
          metrics: [{ type: 'judge', judge: 'llm', content: '{{candidate.answer}}' }],
        },
      },
    };
    writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
    const run = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(run.code).toBe(0);
    const log = readFileSync(path.join(dir, '.evalc/logs/run.log'), 'utf8');
    const warnings = log.split('\n').filter((l) => l.includes('judge llm (judge) warning'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('(logged once; later examples may repeat it)');
  });
});
