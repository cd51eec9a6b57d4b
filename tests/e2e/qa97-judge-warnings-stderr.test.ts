/**
 * QA97: agent-eval.md A10 — "recompute composite locally and warn on mismatch" — and A3 — "mark the
 * rubricVersion scheme as possibly legacy" — warned in .evalc/logs/run.log only: apply's terminal
 * output, the reports and the lock said nothing, so a user never learnt that the server's composites
 * were not the ones evalc scored. apply now says on stderr, once per judge, how many verdicts came
 * with a warning, quoting the first (the distinct warnings stay in run.log). Real CLI, the fake
 * agent-eval server and the RAIP fixture on loopback.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeAgentEvalServerOptions, startAgentEvalServer } from '../fixtures/agent-eval-server.js';
import { startRaipAgent } from '../fixtures/raip-agent.js';
import { runCli } from './apply-harness.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function applyWith(server: FakeAgentEvalServerOptions) {
  const agent = await startRaipAgent();
  const judge = await startAgentEvalServer(server);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa97-judge-warn-'));
  cleanups.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => agent.close(),
    () => judge.close(),
  );
  writeFileSync(
    path.join(dir, 'd1.jsonl'),
    ['s1', 's2'].map((id) => JSON.stringify({ id, vars: { query: id } })).join('\n'),
  );
  const plan = {
    evalc: 1,
    benchmark: { id: 'qa97-judge-warn', version: '1.0.0' },
    agents: { a1: { protocol: 'raip', url: agent.url } },
    judges: { strict: { protocol: 'agent-eval', url: judge.url, rubric: 'course-advice' } },
    rubrics: {
      'course-advice': {
        dimensions: [
          { id: 'relevance', description: 'Answers the question asked', weight: 0.5 },
          { id: 'accuracy', description: 'Course facts are correct', weight: 0.3 },
        ],
      },
    },
    tasks: {
      t1: {
        bindings: { default: { input: { query: '{{query}}' }, output: { answer: 'output.answer' } } },
        datasets: { d1: { source: 'd1.jsonl' } },
        metrics: [
          { type: 'judge', judge: 'strict', content: 'relevance=1 accuracy=0.5 {{candidate.answer}}' },
        ],
      },
    },
    run: { repeats: 1, seed: 7, preflight: 0 },
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
  const run = await runCli(['apply', 'evalc.yaml'], { cwd: dir, timeoutMs: 60_000 });
  const logFile = path.join(dir, '.evalc/logs/run.log');
  const runLog = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
  return { run, runLog };
}

describe('evalc apply: a judge verdict that came with a warning', () => {
  it('A10: a server composite that differs from the recomputation is said on stderr', async () => {
    const { run, runLog } = await applyWith({ tamper: { compositeOffset: 0.05 } });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      /evalc: warning: judge strict: 2 verdicts came with a warning, e\.g\. server composite \S+ differs from evalc's recomputation \S+ \(each distinct warning is in \.evalc\/logs\/run\.log\)/,
    );
    expect(runLog).toContain("differs from evalc's recomputation");
  }, 60_000);

  it('A3: a legacy rubricVersion tag that cannot be checked is said on stderr', async () => {
    const { run } = await applyWith({
      wireVersion: '1.0.0',
      tamper: { rubricVersion: 'course-advice@a4f2b8c1' },
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      'evalc: warning: judge strict: 2 verdicts came with a warning, e.g. legacy rubricVersion scheme "course-advice@a4f2b8c1" cannot be checked',
    );
  }, 60_000);

  it('says nothing for verdicts without warnings', async () => {
    const { run } = await applyWith({});
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain('came with a warning');
  }, 60_000);
});
