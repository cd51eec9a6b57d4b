/**
 * Regressions (QA13, black-box runs of real agent processes):
 * - a seed `local` agent that wrote two replies to one request had its second reply read as the
 *   answer to the NEXT example (a wrong answer recorded as a success), and every later example
 *   stayed one reply behind; the same on a persistent socket;
 * - agent stderr written just before (or right after) a reply was logged under the next
 *   example's step id;
 * - an agentv (one process per turn) agent that exited after replying but left a grandchild
 *   holding stdout timed out on every turn ("no reply"); one that replied and kept running
 *   timed out with the same misleading message;
 * - after `kill -9` of evalc, a local agent that ignores stdin EOF and SIGTERM lived on
 *   (reparented to init) — `serve:` agents had a watchdog, local ones had none.
 * Real subprocesses (tests/fixtures/qa13-mae-agent.mjs), a loopback socket and the built CLI.
 * The messages of other misbehaviours: qa13-mae-agent-messages.test.ts.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { InvokeOutcome } from '../../src/protocols/types.js';
import { startCli, waitCli, waitFor } from '../e2e/apply-harness.js';
import { FIXTURES_DIR, finalAnswer, maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';
import { isAlive } from '../fixtures/process-alive.js';

const AGENT = 'node qa13-mae-agent.mjs';
const dir = mkdtempSync(join(tmpdir(), 'qa13-mae-'));
const pids: number[] = [];
afterAll(() => {
  for (const pid of pids) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

function readPids(file: string): number[] {
  if (!existsSync(file)) return [];
  const found = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map(Number);
  pids.push(...found);
  return found;
}

function warningsOf(outcome: InvokeOutcome): unknown[] {
  const events = outcome.ok ? outcome.trajectory.events : (outcome.trajectory?.events ?? []);
  return (events ?? []).filter((e) => e.type === 'compat_warning').map((e) => e.data);
}
describe('seed local agent writing two replies for one request', () => {
  it('answers each example with its own first reply and logs the extra line under it', async () => {
    const adapter = makeMaeAdapter(
      { transport: 'local', command: AGENT, profile: 'seed' },
      { timeoutMs: 5_000, env: { QA13_MODE: 'double' } },
    );
    try {
      const answers: (string | null)[] = [];
      const logs: string[][] = [];
      const warnings: unknown[][] = [];
      for (const task of ['t1', 't2', 't3', 't4']) {
        const lines: string[] = [];
        const outcome = await adapter.invoke(task, maeContext({ logs: lines }));
        answers.push(finalAnswer(outcome));
        logs.push(lines);
        warnings.push(warningsOf(outcome));
      }
      expect(answers).toEqual(['first t1', 'first t2', 'first t3', 'first t4']);
      expect(logs[0]!.join('\n')).toContain(
        'ignored a line written after the reply (one reply per request): {"action":"final_answer","summary":"second t1"}',
      );
      expect(logs[1]!.join('\n')).toContain('"summary":"second t2"');
      expect(logs[1]!.join('\n')).not.toContain('t1');
      expect(warnings[0]).toEqual([{ warning: 'extra_reply' }]);
    } finally {
      await adapter.close();
    }
  });
});

/**
 * Each request waits for its stderr line to reach evalc before the next request is sent (QA113):
 * the line comes on another pipe than the reply, and the test read the log at once after the
 * reply, so a line the settle's 2 ms did not see (a busy machine, ~1 run in 5) read as missing.
 * What is checked is the attribution: whenever the line arrives before the next request, it is
 * this request's, never the next one's (`stderr-late`, 50 ms after the reply, makes that certain).
 */
async function lineArrives(lines: string[], deadline: number): Promise<void> {
  while (lines.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
}

/**
 * One 3 s wait for a whole case, not 3 s a request (QA117): with no stderr line at all, 12 requests
 * of 3 s each outlasted vitest's 30 s limit, and the case failed as a timeout, without its list.
 */
function waitBudget(): number {
  return Date.now() + 3_000;
}

describe('seed local agent logging to stderr around each reply', () => {
  for (const mode of ['stderr', 'stderr-after', 'stderr-late'] as const) {
    const when = { stderr: 'before', 'stderr-after': 'right after', 'stderr-late': '50 ms after' }[mode];
    it(`logs every stderr line under the request it was written for (${when} the reply)`, async () => {
      const adapter = makeMaeAdapter(
        { transport: 'local', command: AGENT, profile: 'seed' },
        { timeoutMs: 5_000, env: { QA13_MODE: mode } },
      );
      try {
        const misplaced: string[] = [];
        const deadline = waitBudget();
        for (let i = 0; i < (mode === 'stderr' ? 12 : 6); i++) {
          const lines: string[] = [];
          const outcome = await adapter.invoke(`t${i}`, maeContext({ logs: lines }));
          expect(finalAnswer(outcome)).toBe(`ok t${i}`);
          await lineArrives(lines, deadline);
          if (lines.join('\n') !== `stderr for t${i}`) misplaced.push(`t${i}: ${JSON.stringify(lines)}`);
        }
        expect(misplaced).toEqual([]);
      } finally {
        await adapter.close();
      }
    });
  }
});

describe('persistent socket agent writing two replies for one request', () => {
  it('keeps the first reply, flags the extra one, and never reads it as the next answer', async () => {
    const server = net.createServer((socket) => {
      let buffer = '';
      socket.on('data', (chunk) => {
        buffer += chunk.toString('utf8');
        for (let i = buffer.indexOf('\n'); i >= 0; i = buffer.indexOf('\n')) {
          const task = JSON.parse(buffer.slice(0, i)).task_description;
          buffer = buffer.slice(i + 1);
          const reply = (prefix: string) =>
            `${JSON.stringify({ action: 'final_answer', summary: `${prefix} ${task}` })}\n`;
          socket.write(reply('first') + reply('second'));
        }
      });
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const adapter = makeMaeAdapter(
      { transport: 'socket', address: `127.0.0.1:${port}`, profile: 'seed' },
      { timeoutMs: 5_000 },
    );
    try {
      const answers: (string | null)[] = [];
      const warnings: unknown[][] = [];
      for (const task of ['s1', 's2', 's3']) {
        const outcome = await adapter.invoke(task, maeContext());
        answers.push(finalAnswer(outcome));
        warnings.push(warningsOf(outcome));
      }
      expect(answers).toEqual(['first s1', 'first s2', 'first s3']);
      const extra = [{ warning: 'extra_reply' }];
      expect(warnings).toEqual([extra, extra, extra]);
    } finally {
      await adapter.close();
      server.close();
    }
  });
});

describe('agentv local agent (one process per turn)', () => {
  it('takes the reply when the agent exits, though a grandchild still holds stdout, and stops it', async () => {
    const pidFile = join(dir, 'grandchild.pids');
    const adapter = makeMaeAdapter(
      { transport: 'local', command: AGENT, profile: 'agentv' },
      { timeoutMs: 8_000, env: { QA13_MODE: 'grandchild', QA13_PID_FILE: pidFile } },
    );
    try {
      const started = Date.now();
      const outcome = await adapter.invoke('g1', maeContext());
      expect(finalAnswer(outcome)).toBe('ok g1');
      expect(Date.now() - started).toBeLessThan(4_000);
    } finally {
      await adapter.close();
    }
    const [agent, sleeper] = readPids(pidFile);
    expect(sleeper).toBeGreaterThan(0);
    await waitFor(
      () => !isAlive(agent!) && !isAlive(sleeper!),
      3_000,
      'the agent and its grandchild to stop',
    );
  });

  it('says the agent replied but did not exit when it keeps running past the timeout', async () => {
    const adapter = makeMaeAdapter(
      { transport: 'local', command: AGENT, profile: 'agentv' },
      { timeoutMs: 1_000, env: { QA13_MODE: 'linger' } },
    );
    try {
      const outcome = await adapter.invoke('l1', maeContext());
      expect(outcome.ok).toBe(false);
      if (outcome.ok) return;
      expect(outcome.error.kind).toBe('timeout');
      expect(outcome.error.message).toContain('it wrote its reply but did not exit');
    } finally {
      await adapter.close();
    }
  });
});

describe('seed local agent that ignores stdin EOF and SIGTERM', () => {
  it('is stopped when evalc is killed with SIGKILL', async () => {
    const ws = mkdtempSync(join(dir, 'cli-'));
    const pidFile = join(ws, 'agent.pids');
    const plan = {
      evalc: 1,
      benchmark: { id: 'qa13-kill', version: '1.0.0' },
      agents: {
        m: {
          protocol: 'mae',
          transport: 'local',
          profile: 'seed',
          command: `QA13_MODE=stubborn QA13_PID_FILE=${JSON.stringify(pidFile)} node ${JSON.stringify(join(FIXTURES_DIR, 'qa13-mae-agent.mjs'))}`,
          limits: { timeout: '5s' },
        },
      },
      tasks: {
        t: {
          bindings: { default: { input: { task_description: '{{q}}' }, output: { a: 'final_answer' } } },
          datasets: { d: { source: 'd.jsonl' } },
          metrics: [{ type: 'exact_match', candidate: 'a', expected: 'a' }],
        },
      },
      run: { preflight: 0, concurrency: 1 },
    };
    writeFileSync(join(ws, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
    const rows = ['q1', 'q2'].map((q) => JSON.stringify({ id: q, vars: { q }, expected: { a: `ok ${q}` } }));
    writeFileSync(join(ws, 'd.jsonl'), `${rows.join('\n')}\n`);

    const child = startCli(['apply', '--quiet'], { cwd: ws });
    const done = waitCli(child, 30_000);
    await waitFor(() => readPids(pidFile).length > 0, 10_000, 'the local agent to start');
    const agent = readPids(pidFile)[0]!;
    child.kill('SIGKILL');
    await done;
    await waitFor(() => !isAlive(agent), 4_000, 'the orphaned local agent to stop');
  });
});
