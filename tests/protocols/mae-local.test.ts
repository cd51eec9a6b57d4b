/**
 * The mae `local` transport against a real child process (tests/fixtures/mae-stdio-agent.mjs):
 * seed = one persistent process speaking JSON lines, agentv = one process per turn.
 * Case numbers refer to shared/protocols/mae.md §1.8.
 */
import { describe, expect, it } from 'vitest';
import type { InvokeOutcome } from '../../src/protocols/types.js';
import {
  finalAnswer,
  maeContext,
  makeMaeAdapter,
  responseOf,
  STDIO_AGENT_COMMAND,
} from '../fixtures/mae-harness.js';
import { isAlive } from '../fixtures/process-alive.js';

/** The `pid`/`served` fields the stdio fixture adds to every reply, per turn. */
function replyProcesses(outcome: InvokeOutcome): { pid: number; served: number }[] {
  const actions = responseOf(outcome).actions as { pid: number; served: number }[];
  return actions.map(({ pid, served }) => ({ pid, served }));
}

/** Running (a zombie awaiting its reaper counts as gone). */
const multiTurnTask = 'tool:get_customer_details {"customer_id":"c1"}';

describe('mae local transport, agentv profile (process per turn)', () => {
  it('M18: spawns a fresh process for every turn and parses its whole stdout', async () => {
    const adapter = makeMaeAdapter({ transport: 'local', command: STDIO_AGENT_COMMAND, profile: 'agentv' });
    const outcome = await adapter.invoke(multiTurnTask, maeContext());
    await adapter.close();
    expect(finalAnswer(outcome)).toBe('echo:Executed get_customer_details');
    const processes = replyProcesses(outcome);
    expect(processes).toHaveLength(2);
    expect(processes.map((p) => p.served)).toEqual([1, 1]);
    expect(processes[0]?.pid).not.toBe(processes[1]?.pid);
  });

  it('M19: a non-zero exit fails process_crashed carrying the stderr text', async () => {
    const adapter = makeMaeAdapter({ transport: 'local', command: STDIO_AGENT_COMMAND, profile: 'agentv' });
    const outcome = await adapter.invoke('crash', maeContext());
    await adapter.close();
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.kind).toBe('process_crashed');
    expect(outcome.error.message).toContain('boom');
    expect(outcome.error.message).toContain('code 1');
  });

  it('M20: a log line before the JSON on stdout fails invalid_json', async () => {
    const adapter = makeMaeAdapter({ transport: 'local', command: STDIO_AGENT_COMMAND, profile: 'agentv' });
    const outcome = await adapter.invoke('log-then-json', maeContext());
    await adapter.close();
    expect(!outcome.ok && outcome.error.kind).toBe('invalid_json');
  });

  it('M17: a process that never answers is killed and fails timeout', async () => {
    const adapter = makeMaeAdapter(
      { transport: 'local', command: STDIO_AGENT_COMMAND, profile: 'agentv' },
      { timeoutMs: 300 },
    );
    const outcome = await adapter.invoke('slow', maeContext());
    await adapter.close();
    expect(!outcome.ok && outcome.error.kind).toBe('timeout');
  });
});

describe('mae local transport, seed profile (persistent process)', () => {
  it('keeps one process for every turn and every invocation', async () => {
    const adapter = makeMaeAdapter({ transport: 'local', command: STDIO_AGENT_COMMAND, profile: 'seed' });
    const first = await adapter.invoke(multiTurnTask, maeContext());
    const second = await adapter.invoke('final:again', maeContext());
    await adapter.close();
    const processes = [...replyProcesses(first), ...replyProcesses(second)];
    expect(processes.map((p) => p.served)).toEqual([1, 2, 3]);
    expect(new Set(processes.map((p) => p.pid)).size).toBe(1);
    expect(finalAnswer(first)).toBe(
      `echo:Tool 'get_customer_details' returned: {"status":"success","message":"Executed get_customer_details"}. Continue.`,
    );
  });

  it('forwards stderr lines to the invocation log', async () => {
    const logs: string[] = [];
    const adapter = makeMaeAdapter({ transport: 'local', command: STDIO_AGENT_COMMAND, profile: 'seed' });
    await adapter.invoke('final:hi', maeContext({ logs }));
    // stderr may arrive just after stdout; give it a moment.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await adapter.close();
    expect(logs).toContain('handling "final:hi" (turn 1)');
  });

  it('a crash fails the current example with process_crashed and the stderr tail; the next example gets a new process', async () => {
    const adapter = makeMaeAdapter({ transport: 'local', command: STDIO_AGENT_COMMAND, profile: 'seed' });
    const before = await adapter.invoke('final:before', maeContext());
    const crashed = await adapter.invoke('crash', maeContext());
    const after = await adapter.invoke('final:after', maeContext());
    await adapter.close();
    expect(crashed.ok).toBe(false);
    if (!crashed.ok) {
      expect(crashed.error.kind).toBe('process_crashed');
      expect(crashed.error.message).toContain('boom');
      expect((crashed.error.details as { stderrTail: string[] }).stderrTail).toContain('boom');
    }
    expect(finalAnswer(after)).toBe('after');
    expect(replyProcesses(after)[0]?.pid).not.toBe(replyProcesses(before)[0]?.pid);
    expect(replyProcesses(after)[0]?.served).toBe(1);
  });

  it('restarts a process that exited between requests without failing the next one', async () => {
    const adapter = makeMaeAdapter({ transport: 'local', command: STDIO_AGENT_COMMAND, profile: 'seed' });
    const first = await adapter.invoke('exit-after-reply', maeContext());
    await new Promise((resolve) => setTimeout(resolve, 200));
    const second = await adapter.invoke('final:ok', maeContext());
    await adapter.close();
    expect(first.ok).toBe(true);
    expect(finalAnswer(second)).toBe('ok');
  });

  it('M20 seed: a non-JSON stdout line fails invalid_json and the next example starts cleanly', async () => {
    const adapter = makeMaeAdapter({ transport: 'local', command: STDIO_AGENT_COMMAND, profile: 'seed' });
    const bad = await adapter.invoke('badjson', maeContext());
    const good = await adapter.invoke('final:clean', maeContext());
    await adapter.close();
    expect(!bad.ok && bad.error.kind).toBe('invalid_json');
    expect(finalAnswer(good)).toBe('clean');
  });

  it('M17 seed: a timeout kills the process and the next example works', async () => {
    const adapter = makeMaeAdapter(
      { transport: 'local', command: STDIO_AGENT_COMMAND, profile: 'seed' },
      // Long enough for a fresh node process to start on a loaded machine.
      { timeoutMs: 1_500 },
    );
    const slow = await adapter.invoke('slow', maeContext());
    const next = await adapter.invoke('final:next', maeContext());
    await adapter.close();
    expect(!slow.ok && slow.error.kind).toBe('timeout');
    expect(finalAnswer(next)).toBe('next');
  });

  it('serialises concurrent invocations on the one process', async () => {
    const adapter = makeMaeAdapter({ transport: 'local', command: STDIO_AGENT_COMMAND, profile: 'seed' });
    const outcomes = await Promise.all(
      ['a', 'b', 'c', 'd'].map((id) => adapter.invoke(`final:${id}`, maeContext())),
    );
    await adapter.close();
    expect(outcomes.map(finalAnswer)).toEqual(['a', 'b', 'c', 'd']);
    const processes = outcomes.flatMap(replyProcesses);
    expect(new Set(processes.map((p) => p.pid)).size).toBe(1);
    expect(processes.map((p) => p.served).sort()).toEqual([1, 2, 3, 4]);
  });

  it('with limits.concurrency > 1 keeps a pool: each conversation stays on one process, conversations run in parallel', async () => {
    const adapter = makeMaeAdapter({
      transport: 'local',
      command: STDIO_AGENT_COMMAND,
      profile: 'seed',
      limits: { concurrency: 3 },
    });
    const outcomes = await Promise.all([1, 2, 3].map(() => adapter.invoke(multiTurnTask, maeContext())));
    const more = await adapter.invoke(multiTurnTask, maeContext());
    await adapter.close();
    const pids = outcomes.map((outcome) => replyProcesses(outcome).map((p) => p.pid));
    for (const turns of pids) expect(new Set(turns).size).toBe(1);
    expect(new Set(pids.map((turns) => turns[0])).size).toBe(3);
    expect(pids.map((turns) => turns[0])).toContain(replyProcesses(more)[0]?.pid);
  });

  it('passes the runtime environment to the process and runs the command in the runtime cwd', async () => {
    const adapter = makeMaeAdapter(
      { transport: 'local', command: STDIO_AGENT_COMMAND, profile: 'seed' },
      { env: { MAE_FIXTURE_VALUE: 'from-runtime' } },
    );
    const outcome = await adapter.invoke('env:MAE_FIXTURE_VALUE', maeContext());
    await adapter.close();
    expect(finalAnswer(outcome)).toBe('from-runtime');
  });

  it('close() stops the persistent process', async () => {
    const adapter = makeMaeAdapter({ transport: 'local', command: STDIO_AGENT_COMMAND, profile: 'seed' });
    const outcome = await adapter.invoke('final:x', maeContext());
    const pid = replyProcesses(outcome)[0]?.pid ?? -1;
    expect(isAlive(pid)).toBe(true);
    await adapter.close();
    await adapter.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(isAlive(pid)).toBe(false);
  });

  it('cancels a request in flight', async () => {
    const controller = new AbortController();
    const adapter = makeMaeAdapter({ transport: 'local', command: STDIO_AGENT_COMMAND, profile: 'seed' });
    setTimeout(() => controller.abort(), 200);
    const outcome = await adapter.invoke('slow', maeContext({ signal: controller.signal }));
    await adapter.close();
    expect(!outcome.ok && outcome.error.kind).toBe('cancelled');
  });

  it('a command that cannot start fails process_crashed', async () => {
    const adapter = makeMaeAdapter({
      transport: 'local',
      command: 'node does-not-exist-mae.mjs',
      profile: 'seed',
    });
    const outcome = await adapter.invoke('final:x', maeContext());
    await adapter.close();
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.error.kind).toBe('process_crashed');
      expect(outcome.error.message).toContain('does-not-exist-mae');
    }
  });
});
