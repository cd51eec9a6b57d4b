/**
 * Regression (QA163): a seed-profile `mae` agent whose reply was cut off by the end of its stream
 * — a socket agent that closed the connection in the middle of its reply line, a local agent that
 * crashed while writing it — failed `invalid_json` (definitive: cached, never asked again), where
 * the same cut over HTTP is a `transport_error` the next apply retries. Now the socket's is
 * `transport_error` (retryable) and the local process's `process_crashed`, the cut text quoted.
 * Real TCP server on 127.0.0.1:0 and a real subprocess.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';

const CUT = '{"action": "final_answer", "summ';
let server: Server;
let address = '';
const sockets = new Set<Socket>();
let dir = '';
let turnServer: Server;
let turnAddress = '';
const turnRequests: number[] = [];

beforeAll(async () => {
  server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.once('data', () => {
      socket.write(CUT);
      setTimeout(() => socket.destroy(), 20);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  address = `127.0.0.1:${(server.address() as { port: number }).port}`;
  // answers turn 1, cuts its turn-2 reply on the same (reused) connection
  turnServer = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffered = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      const end = buffered.indexOf('\n');
      if (end < 0) return;
      const request = JSON.parse(buffered.slice(0, end)) as { turn: number };
      buffered = buffered.slice(end + 1);
      turnRequests.push(request.turn);
      if (request.turn === 1)
        socket.write(`${JSON.stringify({ action: 'call_tool', tool_name: 'lookup' })}\n`);
      else {
        socket.write(CUT);
        setTimeout(() => socket.destroy(), 20);
      }
    });
  });
  await new Promise<void>((resolve) => turnServer.listen(0, '127.0.0.1', resolve));
  turnAddress = `127.0.0.1:${(turnServer.address() as { port: number }).port}`;
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
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await new Promise<void>((resolve) => turnServer.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe('mae seed agent whose reply is cut off by the end of its stream', () => {
  it('socket: a connection closed in the middle of a reply is a retryable transport_error', async () => {
    const adapter = makeMaeAdapter({ transport: 'socket', address, profile: 'seed' }, { timeoutMs: 5_000 });
    try {
      const outcome = await adapter.invoke('t1', maeContext());
      expect(outcome.ok).toBe(false);
      if (outcome.ok) return;
      expect(outcome.error.kind).toBe('transport_error');
      expect(outcome.error.retryable).toBe(true);
      expect(outcome.error.message).toContain('closed in the middle of a reply');
      expect(outcome.error.message).not.toContain('closed before a reply');
      expect(outcome.error.message).toContain('final_answer');
    } finally {
      await adapter.close();
    }
  });

  it('socket, profile agentv (a connection per turn): one closed in the middle of a reply is a retryable transport_error', async () => {
    // QA168: it was a definitive invalid_json, cached like an answer
    const adapter = makeMaeAdapter({ transport: 'socket', address, profile: 'agentv' }, { timeoutMs: 5_000 });
    try {
      const outcome = await adapter.invoke('t1', maeContext());
      expect(outcome.ok).toBe(false);
      if (outcome.ok) return;
      expect(outcome.error.kind).toBe('transport_error');
      expect(outcome.error.retryable).toBe(true);
      expect(outcome.error.message).toContain(
        ': connection closed in the middle of a reply; what came of it: ',
      );
      expect(outcome.error.message).toContain('final_answer');
    } finally {
      await adapter.close();
    }
  });

  it('socket: a reused connection cut in the middle of a reply is not resent as a close after the previous reply', async () => {
    const logs: string[] = [];
    const adapter = makeMaeAdapter(
      { transport: 'socket', address: turnAddress, profile: 'seed' },
      { timeoutMs: 5_000 },
    );
    try {
      const outcome = await adapter.invoke('t1', maeContext({ logs }));
      expect(outcome.ok).toBe(false);
      if (outcome.ok) return;
      expect(outcome.error.kind).toBe('transport_error');
      expect(outcome.error.message).toContain('closed in the middle of a reply');
      expect(outcome.error.message).not.toContain('closed before a reply');
    } finally {
      await adapter.close();
    }
    // turn 2 was sent once: the agent got it (it started answering), so nothing is resent
    expect(turnRequests).toEqual([1, 2]);
    expect(logs.join('\n')).not.toContain('after its previous reply');
  });

  it('local: a process that exits while writing its reply is process_crashed, not invalid_json', async () => {
    const adapter = makeMaeAdapter(
      { transport: 'local', command: 'node cut.mjs', profile: 'seed' },
      { timeoutMs: 5_000, cwd: dir },
    );
    try {
      const outcome = await adapter.invoke('t1', maeContext());
      expect(outcome.ok).toBe(false);
      if (outcome.ok) return;
      expect(outcome.error.kind).toBe('process_crashed');
      expect(outcome.error.message).toContain('in the middle of a reply');
      expect(outcome.error.message).toContain('; what came of it: ');
      expect(outcome.error.message).not.toMatch(/before (a reply|replying)/);
    } finally {
      await adapter.close();
    }
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
      const adapter = makeMaeAdapter(
        { transport: 'local', command, profile: 'agentv' },
        { timeoutMs: 5_000, cwd: dir },
      );
      try {
        const outcome = await adapter.invoke('t1', maeContext());
        expect(outcome.ok).toBe(false);
        if (outcome.ok) return;
        expect(outcome.error.kind).toBe('process_crashed');
        expect(outcome.error.message).toContain(when);
        expect(outcome.error.message).not.toContain('before replying');
      } finally {
        await adapter.close();
      }
    }
  });

  it('local: a reused process that exits cleanly in the middle of its reply is not restarted to resend it', async () => {
    const adapter = makeMaeAdapter(
      { transport: 'local', command: 'node cut-turn2.mjs', profile: 'seed' },
      { timeoutMs: 5_000, cwd: dir },
    );
    try {
      const outcome = await adapter.invoke('t1', maeContext());
      expect(outcome.ok).toBe(false);
      if (outcome.ok) return;
      expect(outcome.error.kind).toBe('process_crashed');
      expect(outcome.error.message).toContain('in the middle of a reply');
      expect(outcome.error.message).toContain('; what came of it: ');
      expect(outcome.error.message).not.toMatch(/before (a reply|replying)/);
      // QA168: it answered turn 1, so it keeps running and answers each line: no profile hint
      expect(outcome.error.message).toContain('exited with code 0 in the middle of a reply; ');
      expect(outcome.error.message).not.toContain('profile: agentv');
    } finally {
      await adapter.close();
    }
    expect(readFileSync(join(dir, 'turns.log'), 'utf8')).toBe('1\n2\n');
  });
});
