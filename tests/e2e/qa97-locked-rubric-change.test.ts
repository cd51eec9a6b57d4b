/**
 * QA97: `apply --locked` against a judge server whose registered rubric changed since evalc.lock
 * refuses the run (the pinned rubricVersion drifted), but first warned "… rubricVersion changed since
 * evalc.lock: … (its judge metrics are scored again)" — nothing is scored. The refusal alone names
 * the change now; without --locked the warning stays (QA64). Loopback agent-eval server
 * (tests/fixtures/agent-eval-server.ts) and the counting RAIP agent.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeAgentEvalServer,
  type FakeAgentEvalServerOptions,
  startAgentEvalServer,
} from '../fixtures/agent-eval-server.js';
import { countingExamples, runCli, useCountingAgent, writeDataset } from './apply-harness.js';

const ctx = useCountingAgent();
const options: FakeAgentEvalServerOptions = {};
let judge: FakeAgentEvalServer;
beforeAll(async () => {
  judge = await startAgentEvalServer(options);
});
afterAll(async () => {
  await judge.close();
});

describe('apply --locked and a registered rubric changed on the server', () => {
  it('refuses naming the change, without saying the metrics are scored again', async () => {
    const dir = ctx.workspace('qa97-locked-rubric');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    const plan = {
      evalc: 1,
      benchmark: { id: 'qa97-locked', version: '1.0.0' },
      agents: { a1: { protocol: 'raip', url: ctx.agent.url } },
      judges: { strict: { protocol: 'agent-eval', url: judge.url, rubric: 'anti-slop' } },
      tasks: {
        t1: {
          bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'output.answer' } } },
          datasets: { d1: { source: 'd1.jsonl' } },
          metrics: [{ type: 'judge', judge: 'strict', threshold: 0.5 }],
        },
      },
    };
    writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
    expect((await runCli(['apply', 'evalc.yaml'], { cwd: dir })).code).toBe(0);
    const changed = `anti-slop@sha256-rfc8785:${'3'.repeat(64)}`;
    options.listedVersion = { 'anti-slop': changed };
    options.tamper = { rubricVersion: changed };
    const locked = await runCli(['apply', 'evalc.yaml', '--locked'], { cwd: dir });
    expect(locked.code).toBe(1);
    expect(locked.stderr).toContain('--locked: pinned inputs changed');
    expect(locked.stderr).toContain(`→ ${changed}`);
    expect(locked.stderr).not.toContain('scored again');
  }, 60_000);
});
