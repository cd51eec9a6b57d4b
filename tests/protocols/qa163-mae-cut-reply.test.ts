/**
 * Regression (QA163): a seed-profile `mae` agent whose reply was cut off by the end of its stream
 * — a socket agent that closed the connection in the middle of its reply line, a local agent that
 * crashed while writing it — failed `invalid_json` (definitive: cached, never asked again), where
 * the same cut over HTTP is a `transport_error` the next apply retries. Now the socket's is
 * `transport_error` (retryable) and the local process's `process_crashed`, the cut text quoted.
 * Real TCP server on 127.0.0.1:0 and a real subprocess.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MaeAgentConfig } from '../../src/plan/schema.js';
import type { MaeRuntime } from '../../src/protocols/mae/adapter.js';
import type { ContextOptions } from '../fixtures/mae-harness.js';
import { maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';
import { type MaeLineServer, startMaeLineServer } from '../fixtures/mae-line-server.js';

const CUT = '{"action": "final_answer", "summ';
/** Writes half a reply to any request and closes the connection. */
let cut: MaeLineServer;
/** Answers turn 1, cuts its turn-2 reply on the same (reused) connection. */
let cutTurn2: MaeLineServer;
const turnRequests: number[] = [];
let dir = '';

beforeAll(async () => {
  cut = await startMaeLineServer((_request, socket) => {
    socket.write(CUT);
    setTimeout(() => socket.destroy(), 20);
  });
  cutTurn2 = await startMaeLineServer((request, socket) => {
    turnRequests.push(request.turn);
    if (request.turn === 1) socket.write(`${JSON.stringify({ action: 'call_tool', tool_name: 'lookup' })}\n`);
    else {
      socket.write(CUT);
      setTimeout(() => socket.destroy(), 20);
    }
  });
  dir = mkdtempSync(join(tmpdir(), 'qa163-'));
  writeFileSync(
    join(dir, 'cut.mjs'),
    `process.stdin.once('data', () => process.stdout.write(${JSON.stringify(CUT)}, () => process.exit(3)));\n`,
  );
  // answers turn 1; notes turn 2 in a file, writes half its reply and exits 0
  writeFileSync(
    join(dir, 'cut-turn2.mjs'),
    `import { appendFileSync } from 'node:fs';
import readline from 'node:readline';
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const { turn } = JSON.parse(line);
  appendFileSync('turns.log', turn + '\\n');
  if (turn === 1) process.stdout.write(JSON.stringify({ action: 'call_tool', tool_name: 'lookup' }) + '\\n');
  else process.stdout.write(${JSON.stringify(CUT)}, () => process.exit(0));
});
`,
  );
});
afterAll(async () => {
  await cut.close();
  await cutTurn2.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The error of one invoke that must fail; the adapter is closed after it. */
async function failure(
  config: Partial<MaeAgentConfig>,
  runtime: Partial<MaeRuntime> = {},
  context: ContextOptions = {},
) {
  const adapter = makeMaeAdapter(config, { timeoutMs: 5_000, ...runtime });
  try {
    const outcome = await adapter.invoke('t1', maeContext(context));
    expect(outcome.ok).toBe(false);
    if (outcome.ok) throw new Error('the invoke succeeded');
    return outcome.error;
  } finally {
    await adapter.close();
  }
}

describe('mae seed agent whose reply is cut off by the end of its stream', () => {
  it('socket: a connection closed in the middle of a reply is a retryable transport_error', async () => {
    const error = await failure({ transport: 'socket', address: cut.address, profile: 'seed' });
    expect(error.kind).toBe('transport_error');
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('closed in the middle of a reply');
    expect(error.message).not.toContain('closed before a reply');
    expect(error.message).toContain('final_answer');
  });

  it('socket, profile agentv (a connection per turn): one closed in the middle of a reply is a retryable transport_error', async () => {
    // QA168: it was a definitive invalid_json, cached like an answer
    const error = await failure({ transport: 'socket', address: cut.address, profile: 'agentv' });
    expect(error.kind).toBe('transport_error');
    expect(error.retryable).toBe(true);
    expect(error.message).toContain(': connection closed in the middle of a reply; what came of it: ');
    expect(error.message).toContain('final_answer');
  });

  it('socket: a reused connection cut in the middle of a reply is not resent as a close after the previous reply', async () => {
    const logs: string[] = [];
    const error = await failure(
      { transport: 'socket', address: cutTurn2.address, profile: 'seed' },
      {},
      { logs },
    );
    expect(error.kind).toBe('transport_error');
    expect(error.message).toContain('closed in the middle of a reply');
    expect(error.message).not.toContain('closed before a reply');
    // turn 2 was sent once: the agent got it (it started answering), so nothing is resent
    expect(turnRequests).toEqual([1, 2]);
    expect(logs.join('\n')).not.toContain('after its previous reply');
  });

  it('local: a process that exits while writing its reply is process_crashed, not invalid_json', async () => {
    const error = await failure(
      { transport: 'local', command: 'node cut.mjs', profile: 'seed' },
      { cwd: dir },
    );
    expect(error.kind).toBe('process_crashed');
    expect(error.message).toContain('in the middle of a reply');
    expect(error.message).toContain('; what came of it: ');
    expect(error.message).not.toMatch(/before (a reply|replying)/);
  });

  it('local, profile agentv (a process per turn): an exit with an error after writing says what it wrote', async () => {
    // QA168: it read 'exited with code 3 before replying', the text it wrote nowhere
    writeFileSync(
      join(dir, 'whole-then-crash.mjs'),
      `process.stdin.resume(); process.stdin.on('end', () => process.stdout.write('{"action": "final_answer", "summary": "s"}', () => process.exit(1)));\n`,
    );
    for (const [command, when] of [
      [
        'node cut.mjs',
        'exited with code 3 in the middle of a reply; what came of it: {"action": "final_answer"',
      ],
      ['node whole-then-crash.mjs', 'exited with code 1 after writing its reply (the agentv profile'],
    ] as const) {
      const error = await failure({ transport: 'local', command, profile: 'agentv' }, { cwd: dir });
      expect(error.kind).toBe('process_crashed');
      expect(error.message).toContain(when);
      expect(error.message).not.toContain('before replying');
    }
  });

  it('local: a reused process that exits cleanly in the middle of its reply is not restarted to resend it', async () => {
    const error = await failure(
      { transport: 'local', command: 'node cut-turn2.mjs', profile: 'seed' },
      { cwd: dir },
    );
    expect(error.kind).toBe('process_crashed');
    expect(error.message).toContain('in the middle of a reply');
    expect(error.message).toContain('; what came of it: ');
    expect(error.message).not.toMatch(/before (a reply|replying)/);
    // QA168: it answered turn 1, so it keeps running and answers each line: no profile hint
    expect(error.message).toContain('exited with code 0 in the middle of a reply; ');
    expect(error.message).not.toContain('profile: agentv');
    expect(readFileSync(join(dir, 'turns.log'), 'utf8')).toBe('1\n2\n');
  });
});
