/**
 * QA39: a persistent MultiAgentEval agent (`transport: local`, seed profile, no
 * `limits.concurrency`) is one process that answers one request at a time. The executor let
 * `run.concurrency` conversations in at once: their requests queued inside the transport, so
 * the process saw conversations interleaved (turn 1 of a, turn 1 of b, turn 2 of a …: an agent
 * that keeps a conversation's state in memory mixes them up), and each invocation's duration —
 * the lock's volatile figures and `time_to_success` — counted its wait behind the others (a
 * 1 s agent measured 6 s on average at concurrency 8). Now the agent's concurrency is its
 * processes': one conversation at a time, timed alone. Real CLI, a real stdio agent.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startStubJudge } from '../fixtures/agent-eval-stub-judge.js';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

const AGENT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../fixtures/qa39-mae-serial-agent.mjs',
);
// Long enough that a loaded machine's scheduling (load 10 in CI) stays well inside the bound below.
const DELAY_MS = 300;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

function writeWorkspace(prefix: string, ids: string[], extra: Record<string, unknown> = {}): string {
  const ws = tempWorkspace(prefix);
  cleanups.push(ws.cleanup);
  const plan = {
    evalc: 1,
    benchmark: { id: prefix, version: '1.0.0' },
    agents: { m: { protocol: 'mae', transport: 'local', command: `node ${JSON.stringify(AGENT)}` } },
    tasks: {
      t: {
        instructions: 'Answer.',
        bindings: { default: { input: { task_description: '{{q}}' }, output: { answer: 'final_answer' } } },
        datasets: { d: { source: 'd.jsonl' } },
        metrics: [{ type: 'contains', candidate: 'answer', expected: 'answer' }],
      },
    },
    run: { concurrency: 4, preflight: 0 },
    ...extra,
  };
  writeFileSync(path.join(ws.dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
  writeFileSync(
    path.join(ws.dir, 'd.jsonl'),
    ids
      .map((id) => JSON.stringify({ id, vars: { q: `task ${id}` }, expected: { answer: 'done' } }))
      .join('\n'),
  );
  return ws.dir;
}

describe('a persistent mae agent over stdio', () => {
  it('holds one conversation at a time, and each duration is that conversation alone', async () => {
    assertBuilt();
    const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
    const dir = writeWorkspace('qa39-mae-serial', ids);
    const trace = path.join(dir, 'trace.jsonl');
    const result = await runCli(['apply', '--json'], {
      cwd: dir,
      env: { ...process.env, QA39_TRACE: trace, QA39_DELAY_MS: String(DELAY_MS) },
    });
    expect(result.code).toBe(0);

    // The process saw each conversation's two turns back to back.
    const requests = readFileSync(trace, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { task: string; turn: number });
    expect(requests).toHaveLength(2 * ids.length);
    for (let i = 0; i < requests.length; i += 2) {
      expect(requests[i]).toMatchObject({ turn: 1 });
      expect(requests[i + 1]).toEqual({ task: requests[i]!.task, turn: 2 });
    }

    // Two turns of DELAY_MS each (600 ms), not the wait behind the other conversations (up to
    // 6 × 2 × 300 ms): the bound leaves 900 ms for a loaded machine (4 × DELAY_MS failed at load 10).
    const durations = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { event: string; kind?: string; durationMs?: number })
      .filter((e) => e.event === 'step_finished' && e.kind === 'invoke')
      .map((e) => e.durationMs ?? Number.NaN);
    expect(durations).toHaveLength(ids.length);
    for (const ms of durations) expect(ms).toBeLessThan(5 * DELAY_MS);
  });

  it("keeps the plan's examples in flight: a slow judge scores several while the agent answers the next", async () => {
    assertBuilt();
    const judge = await startStubJudge(600);
    cleanups.push(() => judge.close());
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const dir = writeWorkspace('qa39-mae-judged', ids, {
      judges: { j: { protocol: 'agent-eval', url: judge.url, rubric: 'r' } },
      metrics: [{ type: 'judge', judge: 'j', content: '{{candidate.answer}}', threshold: 0.5 }],
    });
    const result = await runCli(['apply', '--quiet'], {
      cwd: dir,
      env: { ...process.env, QA39_DELAY_MS: '30' },
    });
    expect(result.code).toBe(0);
    // The agent answers in 60 ms a conversation, the judge takes 600 ms: with two examples in flight
    // (twice the one conversation the process holds) at most two were ever judged at once.
    expect(judge.mostJudging).toBeGreaterThanOrEqual(4);
  });
});
