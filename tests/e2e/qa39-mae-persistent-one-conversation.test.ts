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
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

const AGENT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../fixtures/qa39-mae-serial-agent.mjs',
);
const DELAY_MS = 150;
const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const c of cleanups) c();
});

describe('a persistent mae agent over stdio', () => {
  it('holds one conversation at a time, and each duration is that conversation alone', async () => {
    assertBuilt();
    const ws = tempWorkspace('qa39-mae-serial');
    cleanups.push(ws.cleanup);
    const plan = {
      evalc: 1,
      benchmark: { id: 'qa39-mae-serial', version: '1.0.0' },
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
    };
    writeFileSync(path.join(ws.dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
    const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
    writeFileSync(
      path.join(ws.dir, 'd.jsonl'),
      ids
        .map((id) => JSON.stringify({ id, vars: { q: `task ${id}` }, expected: { answer: 'done' } }))
        .join('\n'),
    );
    const trace = path.join(ws.dir, 'trace.jsonl');
    const result = await runCli(['apply', '--json'], {
      cwd: ws.dir,
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

    // Two turns of DELAY_MS each, not the wait behind three other conversations (4 × 2 × 150 ms).
    const durations = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { event: string; kind?: string; durationMs?: number })
      .filter((e) => e.event === 'step_finished' && e.kind === 'invoke')
      .map((e) => e.durationMs ?? Number.NaN);
    expect(durations).toHaveLength(ids.length);
    for (const ms of durations) expect(ms).toBeLessThan(4 * DELAY_MS);
  });
});
