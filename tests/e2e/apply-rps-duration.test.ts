/**
 * An invocation's duration is the agent's, not the `rps` queue's: the token is taken before the
 * clock starts. With rps 10 and 4 slots, each example waits ~300 ms for its token; an agent that
 * answers at once must still show durations of a few ms (time_to_success, latency tables).
 */
import { describe, expect, it } from 'vitest';
import {
  countingExamples,
  readLock,
  runCli,
  useCountingAgent,
  writeDataset,
  writePlan,
} from './apply-harness.js';

const counting = useCountingAgent();

describe('evalc apply with limits.rps', () => {
  it('keeps the queue for a token out of the recorded invoke durations', async () => {
    const dir = counting.workspace('rps-duration');
    writeDataset(dir, 'd1.jsonl', countingExamples(8));
    writePlan(dir, { agentUrl: counting.agent.url, limits: { concurrency: 4, rps: 10 } });
    const started = performance.now();
    const run = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(run.code).toBe(0);
    // The limit held: 8 requests at least 100 ms apart.
    expect(performance.now() - started).toBeGreaterThan(700);
    const times = Object.values(counting.agent.stats().times)
      .flat()
      .sort((a, b) => a - b);
    // Arrival times jitter on a loaded machine (a request sent on time lands late, the next on
    // time; the first ones also open their connections: CI at load 8 saw the first land 32 ms
    // late): no two arrive together (a burst would be ~0–5 ms apart), and the whole span holds the
    // rate within one token's interval (at rps 20 it would be ~350 ms).
    // A request that lands late shortens the gap to the next one landing on time (CI at load ~3
    // with helpers running saw 43 ms): a gap of 25 ms still tells a limited stream from a burst, and
    // any two requests apart by one make two intervals less one lateness.
    expect(times).toHaveLength(8);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(25);
    for (let i = 2; i < times.length; i++) expect(times[i]! - times[i - 2]!).toBeGreaterThanOrEqual(120);
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(7 * 100 - 100);
    const lock = JSON.parse(readLock(dir)) as { volatile: Record<string, { durationMsMean: number }> };
    // Counting the queue, the mean would be ~300 ms (each slot waits 3 × 100 ms for its token).
    expect(lock.volatile['a1/t1/d1']!.durationMsMean).toBeLessThan(80);
  });
});
