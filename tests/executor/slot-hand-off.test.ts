/**
 * A `raip` reply gives its concurrency slot to the next example as soon as its bytes are read
 * (run-example.ts, the transport's onReplyRead). From that moment the request is no longer in
 * flight: progress never counts more requests in flight than the agent's concurrency, and the
 * recorded duration is the agent's (request sent → reply read).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPlan } from '../../src/executor/apply-run.js';
import type { ProgressSink } from '../../src/executor/progress.js';
import { countingExamples, tempWorkspace, writeDataset, writePlan } from '../e2e/apply-harness.js';
import { type CountingAgent, startCountingAgent } from '../fixtures/apply-counting-agent.mjs';

const DELAY_MS = 30;
let agent: CountingAgent;
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  agent = await startCountingAgent({ delayMs: DELAY_MS });
});
afterAll(async () => {
  await agent.close();
  for (const c of cleanups) c();
});

describe('the slot hand-off when a raip reply is read', () => {
  it('never counts more requests in flight than the concurrency, and records durations of at least the agent delay', async () => {
    const ws = tempWorkspace('slot');
    cleanups.push(ws.cleanup);
    writeDataset(ws.dir, 'd1.jsonl', countingExamples(24));
    writePlan(ws.dir, { agentUrl: agent.url, limits: { concurrency: 2 } });
    let inFlight = 0;
    let peak = 0;
    let started = 0;
    const progress: ProgressSink = {
      start() {},
      started() {
        started++;
        inFlight++;
        peak = Math.max(peak, inFlight);
      },
      settled() {
        inFlight--;
      },
      step() {},
      message() {},
      finish() {},
    };
    agent.reset();
    const outcome = await applyPlan({
      planFile: 'evalc.yaml',
      cwd: ws.dir,
      env: {},
      signal: new AbortController().signal,
      progress,
    });
    expect(outcome.status).toBe('done');
    expect(started).toBe(24);
    expect(inFlight).toBe(0);
    expect(peak).toBe(2);
    expect(agent.stats().maxInFlight).toBe(2);
    const report = JSON.parse(
      readFileSync(path.join(ws.dir, '.evalc', 'reports', 'report.json'), 'utf8'),
    ) as { examples: { durationMs: number }[] };
    const durations = report.examples.map((e) => e.durationMs);
    expect(durations.length).toBe(24);
    for (const d of durations) expect(d).toBeGreaterThanOrEqual(DELAY_MS - 1);
  });
});
