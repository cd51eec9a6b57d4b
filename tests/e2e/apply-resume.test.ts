/**
 * Interrupted applies: `kill -9` mid-run and a single Ctrl-C (SIGINT). The agent answers
 * slowly and counts what it received and what it fully sent; the cache log is read back to
 * learn which responses were cached before the interruption.
 */
import { appendFileSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CountingAgent, startCountingAgent } from '../fixtures/apply-counting-agent.mjs';
import {
  assertBuilt,
  countingExamples,
  readLock,
  runCli,
  startCli,
  tempWorkspace,
  waitCli,
  waitFor,
  withoutDurations,
  writeDataset,
  writePlan,
} from './apply-harness.js';

const N = 200;
const CONCURRENCY = 4;
let agent: CountingAgent;
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  assertBuilt();
  agent = await startCountingAgent({ delayMs: 25 });
});
afterAll(async () => {
  await agent.close();
  for (const c of cleanups) c();
});

function workspace(name: string, n = N): string {
  const ws = tempWorkspace(name);
  cleanups.push(ws.cleanup);
  writeDataset(ws.dir, 'd1.jsonl', countingExamples(n));
  writePlan(ws.dir, { agentUrl: agent.url, limits: { concurrency: CONCURRENCY } });
  return ws.dir;
}

/** Example ids whose invoke response is in the cache log (the agent echoes the id). */
function cachedInvokes(dir: string): Set<string> {
  const log = readFileSync(path.join(dir, '.evalc/cache/steps.log'), 'utf8');
  const ids = new Set<string>();
  for (const line of log.split('\n')) {
    const [, kind, , json] = line.split('\t');
    if (kind !== 'invoke' || json === undefined) continue;
    const record = JSON.parse(json) as { trajectory: { response: { output: { example: string } } } };
    ids.add(record.trajectory.response.output.example);
  }
  return ids;
}

/** The lockfile of an uninterrupted apply of the same plan in a fresh directory. */
async function referenceLock(n = N): Promise<string> {
  const dir = workspace('reference', n);
  const run = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
  expect(run.code).toBe(0);
  return readLock(dir);
}

describe('evalc apply: interrupted runs resume from the cache', () => {
  it('after kill -9, re-invokes only examples whose response was not cached; the lockfile matches an uninterrupted run', async () => {
    const dir = workspace('kill');
    agent.reset();
    const child = startCli(['apply', 'evalc.yaml'], { cwd: dir });
    const exited = waitCli(child, 60_000);
    await waitFor(() => agent.stats().completions >= N / 2, 30_000, 'half the responses');
    child.kill('SIGKILL');
    const killed = await exited;
    expect(killed.signal).toBe('SIGKILL');
    const first = agent.stats();
    expect(first.completions).toBeLessThan(N);
    expect(first.maxInFlight).toBe(CONCURRENCY);

    const cached = cachedInvokes(dir);
    const completedFirst = new Set(Object.keys(first.completed).map((k) => k.slice(0, k.indexOf('#'))));
    // Everything cached had been answered; answered-but-not-cached replies were in flight at
    // kill time and are legitimately asked again: at most one per connection still in the socket,
    // plus at most one per slot whose reply was read but whose cache write waits for the next
    // turn (invoke-gate.ts: the slot goes to the next request first). The pool holds twice the
    // concurrency.
    for (const id of cached) expect(completedFirst.has(id)).toBe(true);
    const inFlight = [...completedFirst].filter((id) => !cached.has(id));
    expect(inFlight.length).toBeLessThanOrEqual(2 * CONCURRENCY);
    expect(cached.size).toBeGreaterThanOrEqual(N / 2 - 2 * CONCURRENCY);

    const stats = await runCli(['cache', 'stats', 'evalc.yaml'], { cwd: dir });
    expect(stats.code).toBe(0);
    expect(stats.stdout).toMatch(new RegExp(`invoke\\s+${cached.size} entries`));

    agent.reset();
    const resumed = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(resumed.code).toBe(0);
    const second = agent.stats();
    const all = countingExamples(N).map((e) => e.id);
    const expected = Object.fromEntries(all.filter((id) => !cached.has(id)).map((id) => [`${id}#0`, 1]));
    expect(second.received).toEqual(expected);
    expect(resumed.stdout).toContain(`${N} example runs, ${N - cached.size} agent calls, 0 errors`);

    expect(withoutDurations(readLock(dir))).toBe(withoutDurations(await referenceLock()));
  });

  it('recovers a torn last line of the cache log and keeps every complete entry', async () => {
    const dir = workspace('torn', 20);
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    const lock = readLock(dir);
    const log = path.join(dir, '.evalc/cache/steps.log');
    const size = statSync(log).size;
    const before = JSON.parse((await runCli(['cache', 'stats', '--json'], { cwd: dir })).stdout) as {
      entries: number;
      recoveredTornBytes: number;
    };
    expect(before.recoveredTornBytes).toBe(0);
    const torn = 'k1:deadbeef\tinvoke\t120\t{"trajectory":{"resp';
    appendFileSync(log, torn);

    const after = await runCli(['cache', 'stats', '--json'], { cwd: dir });
    expect(after.code).toBe(0);
    const parsed = JSON.parse(after.stdout) as { entries: number; recoveredTornBytes: number };
    expect(parsed.recoveredTornBytes).toBe(Buffer.byteLength(torn));
    expect(parsed.entries).toBe(before.entries);
    expect(statSync(log).size).toBe(size);

    agent.reset();
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    expect(agent.stats().invokes).toBe(0);
    expect(readLock(dir)).toBe(lock);
  });

  it('on one SIGINT stops dispatching, exits 130, and the next apply completes to the same lockfile', async () => {
    const n = 80;
    const dir = workspace('sigint', n);
    agent.reset();
    const child = startCli(['apply', 'evalc.yaml'], { cwd: dir });
    const exited = waitCli(child, 60_000);
    await waitFor(() => agent.stats().completions >= 12, 30_000, 'a dozen responses');
    child.kill('SIGINT');
    const receivedAtSignal = agent.stats().invokes;
    const interrupted = await exited;
    expect(interrupted.code).toBe(130);
    expect(interrupted.stderr).toContain('interrupted');
    const first = agent.stats();
    // Requests already dispatched when the signal landed may still arrive; nothing after.
    expect(first.invokes).toBeLessThanOrEqual(receivedAtSignal + CONCURRENCY);
    expect(first.invokes).toBeLessThan(n);
    // Steps in flight finish: every request the agent received was answered in full …
    expect(first.completions).toBe(first.invokes);
    // … and cached, so the next apply asks for none of them again.
    const cached = cachedInvokes(dir);
    expect(cached.size).toBe(first.invokes);
    expect(() => readLock(dir)).toThrow();

    agent.reset();
    const resumed = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(resumed.code).toBe(0);
    const second = agent.stats();
    expect(second.invokes).toBe(n - cached.size);
    for (const key of Object.keys(second.received))
      expect(cached.has(key.slice(0, key.indexOf('#')))).toBe(false);
    expect(withoutDurations(readLock(dir))).toBe(withoutDurations(await referenceLock(n)));
  });

  it('--concurrency caps the requests in flight below the agent limit', async () => {
    const dir = workspace('concurrency', 24);
    agent.reset();
    const run = await runCli(['apply', 'evalc.yaml', '--quiet', '--concurrency', '2'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(agent.stats().invokes).toBe(24);
    expect(agent.stats().maxInFlight).toBe(2);
  });
});
