/**
 * QA64: DESIGN §3 says the agent-eval judge client "records rubricVersion and warns when two runs'
 * versions differ". A rubric registered on the judge server whose tag changed was re-scored by
 * `apply` without a word (only `plan` noted it, and `evalc diff` afterwards): apply now warns on
 * stderr and in run.log, naming the judge, the rubric and both tags. A loopback agent-eval server
 * (tests/fixtures/agent-eval-server.ts) changes its tag between applies; the plan does not.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeAgentEvalServer,
  type FakeAgentEvalServerOptions,
  startAgentEvalServer,
} from '../fixtures/agent-eval-server.js';
import { countingExamples, readLock, runCli, useCountingAgent, writeDataset } from './apply-harness.js';

const ctx = useCountingAgent();
const options: FakeAgentEvalServerOptions = {};
let judge: FakeAgentEvalServer;

beforeAll(async () => {
  judge = await startAgentEvalServer(options);
});
afterAll(async () => {
  await judge.close();
});

describe('apply and a registered rubric whose rubricVersion changed (QA64)', () => {
  it('warns naming the judge, the rubric and both tags; an unchanged tag says nothing', async () => {
    const dir = ctx.workspace('qa64-rubric-version');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    const plan = {
      evalc: 1,
      benchmark: { id: 'rv', version: '1.0.0' },
      agents: { a1: { protocol: 'raip', url: ctx.agent.url } },
      judges: { strict: { protocol: 'agent-eval', url: judge.url, rubric: 'anti-slop' } },
      tasks: {
        t1: {
          bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'output.answer' } } },
          datasets: { d1: { source: 'd1.jsonl' } },
          metrics: [{ type: 'judge', judge: 'strict', threshold: 0.5 }],
        },
      },
      run: { bootstrap: 100 },
    };
    writeFileSync(path.join(dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
    const first = await runCli(['apply', 'evalc.yaml'], { cwd: dir, env: { CI: 'true' } });
    expect(first.code).toBe(0);
    expect(first.stderr).not.toContain('rubricVersion');
    const before = /"anti-slop": "(anti-slop@[^"]+)"/.exec(readLock(dir))?.[1];
    expect(before).toMatch(/^anti-slop@sha256-rfc8785:/);

    const changed = `anti-slop@sha256-rfc8785:${'2'.repeat(64)}`;
    options.listedVersion = { 'anti-slop': changed };
    options.tamper = { rubricVersion: changed };
    const second = await runCli(['apply', 'evalc.yaml'], { cwd: dir, env: { CI: 'true' } });
    expect(second.code).toBe(0);
    const line = `warning: judge strict: rubric anti-slop's rubricVersion changed since evalc.lock: ${before} → ${changed}`;
    expect(second.stderr).toContain(line);
    expect(readFileSync(path.join(dir, '.evalc/logs/run.log'), 'utf8')).toContain(line);

    const third = await runCli(['apply', 'evalc.yaml'], { cwd: dir, env: { CI: 'true' } });
    expect(third.code).toBe(0);
    expect(third.stderr).not.toContain('rubricVersion');
  });
});
