/**
 * QA97: agent-eval A7 — a rubric name the server does not know is a config error on each score
 * (QA4's test keeps that). apply already lists the server's rubrics (`GET /v1/rubrics`) before the
 * run, yet said nothing: the agents ran, then every score failed `rubric_not_found`. It now warns
 * before the run, naming the rubrics the server lists. Real CLI, the fake agent-eval server and
 * the counting RAIP agent on loopback.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type FakeAgentEvalServer, startAgentEvalServer } from '../fixtures/agent-eval-server.js';
import { countingExamples, runCli, useCountingAgent, writeDataset } from './apply-harness.js';

const ctx = useCountingAgent();
const servers: FakeAgentEvalServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});

async function applyWithRubric(rubric: string) {
  const judge = await startAgentEvalServer({});
  servers.push(judge);
  const dir = ctx.workspace(`qa97-rubric-${rubric}`);
  writeDataset(dir, 'd1.jsonl', countingExamples(2));
  const plan = {
    evalc: 1,
    benchmark: { id: 'qa97-unknown-rubric', version: '1.0.0' },
    agents: { a1: { protocol: 'raip', url: ctx.agent.url } },
    judges: { strict: { protocol: 'agent-eval', url: judge.url, rubric } },
    tasks: {
      t1: {
        bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'output.answer' } } },
        datasets: { d1: { source: 'd1.jsonl' } },
        metrics: [{ type: 'judge', judge: 'strict', content: 'voice=0.5 {{candidate.answer}}' }],
      },
    },
    run: { repeats: 1, seed: 7, concurrency: 1 },
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
  return runCli(['apply', 'evalc.yaml'], { cwd: dir, timeoutMs: 60_000 });
}

describe('an agent-eval judge rubric the server does not list', () => {
  it('is warned about before the run, naming what the server lists', async () => {
    const run = await applyWithRubric('anti-slopp');
    expect(run.stderr).toContain(
      'evalc: warning: judge strict: rubric "anti-slopp" is not defined under rubrics:, not an evalc built-in, and the server does not list it (it lists: anti-slop, clarity): every score judged against it will fail rubric_not_found (config_error)',
    );
    expect(run.stderr.indexOf('rubric "anti-slopp"')).toBeLessThan(run.stderr.indexOf('scored nothing'));
  }, 60_000);

  it('says nothing for a rubric the server lists, or an evalc built-in', async () => {
    for (const rubric of ['anti-slop', 'generic']) {
      const run = await applyWithRubric(rubric);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).not.toContain('the server does not list it');
    }
  }, 60_000);
});
