/**
 * Regression (QA163): `limits.retries` of a `mae` agent was applied over `http` only. A `socket`
 * agent that reset a connection, or a `local` agent whose process crashed, ended the conversation
 * at once whatever the plan said, while README promises timeouts and resets retried up to
 * `limits.retries`. Now such a turn is sent again (full-jitter backoff) on a fresh connection or
 * process, and counted among the run's retries. Real TCP server and real subprocesses.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MaeAgentConfig } from '../../src/plan/schema.js';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { finalAnswer, maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';
import { type MaeLineServer, startMaeLineServer } from '../fixtures/mae-line-server.js';

let server: MaeLineServer;
let address = '';
let requests = 0;
let dir = '';
let sse: Loopback;
let sseRequests = 0;

beforeAll(async () => {
  // QA168: an sse agent whose first stream is cut after an event (it may have acted); later ones answer
  sse = await startLoopback((req, res) => {
    req.resume();
    sseRequests += 1;
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    if (sseRequests === 1) {
      res.write('data: {"action": "processing"}\n\n');
      setTimeout(() => res.socket?.destroy(), 20);
      return;
    }
    res.end('data: {"action": "final_answer", "summary": "answered"}\n\ndata: [DONE]\n\n');
  });
  // the first request ever is dropped (connection destroyed, no reply); every later one is answered
  server = await startMaeLineServer((_request, socket) => {
    requests += 1;
    if (requests === 1) return void socket.destroy();
    socket.write(`${JSON.stringify({ action: 'final_answer', summary: 'answered' })}\n`);
  });
  address = server.address;
  dir = mkdtempSync(join(tmpdir(), 'qa163-retry-'));
  // crashes (exit 3, no reply) the first time it is asked; answers once crashed.flag exists
  writeFileSync(
    join(dir, 'crash-once.mjs'),
    `import { existsSync, writeFileSync } from 'node:fs';
import readline from 'node:readline';
readline.createInterface({ input: process.stdin }).on('line', () => {
  if (!existsSync('crashed.flag')) { writeFileSync('crashed.flag', ''); process.exit(3); }
  process.stdout.write(JSON.stringify({ action: 'final_answer', summary: 'answered' }) + '\\n');
});
`,
  );
});
beforeEach(() => {
  requests = 0;
  sseRequests = 0;
  rmSync(join(dir, 'crashed.flag'), { force: true });
});
afterAll(async () => {
  await sse.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function run(config: Partial<MaeAgentConfig>, cwd?: string, stop?: AbortSignal) {
  const counter = { sent: 0, ...(stop ? { stop } : {}) };
  const logs: string[] = [];
  const adapter = makeMaeAdapter(
    { profile: 'seed', ...config },
    { timeoutMs: 5_000, retryCounter: counter, ...(cwd ? { cwd } : {}) },
  );
  try {
    const outcome = await adapter.invoke('t1', maeContext({ logs }));
    return { outcome, counter, logs };
  } finally {
    await adapter.close();
  }
}

describe('mae limits.retries over socket and local', () => {
  it('socket: a reset turn is sent again on a fresh connection', async () => {
    const { outcome, counter, logs } = await run({ transport: 'socket', address, limits: { retries: 1 } });
    expect(finalAnswer(outcome)).toBe('answered');
    expect(requests).toBe(2);
    expect(counter.sent).toBe(1);
    expect(logs.some((line) => line.includes('transport_error') && line.includes('retry 1 of 1'))).toBe(true);
  });

  it('socket: without limits.retries the reset ends the conversation, as before', async () => {
    const { outcome, counter } = await run({ transport: 'socket', address });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.kind).toBe('transport_error');
    expect(requests).toBe(1);
    expect(counter.sent).toBe(0);
  });

  it('local: a crashed process is started again for the retry', async () => {
    const { outcome, counter } = await run(
      { transport: 'local', command: 'node crash-once.mjs', limits: { retries: 2 } },
      dir,
    );
    expect(finalAnswer(outcome)).toBe('answered');
    expect(existsSync(join(dir, 'crashed.flag'))).toBe(true);
    expect(counter.sent).toBe(1);
  });

  it('local: after the first Ctrl-C (the run stops dispatch) no retry is sent nor waited for, as over HTTP', async () => {
    // QA168: a crashing agent's turn went on being retried after it, up to the 30 s cap
    const { outcome, counter } = await run(
      { transport: 'local', command: 'node crash-once.mjs', limits: { retries: 2 } },
      dir,
      AbortSignal.abort(),
    );
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.kind).toBe('process_crashed');
    expect(existsSync(join(dir, 'crashed.flag'))).toBe(true);
    expect(counter.sent).toBe(0);
  });

  it('sse: a cut stream is not sent again, whatever limits.retries says (4b2838f: the agent may have acted)', async () => {
    const { outcome, counter } = await run({
      transport: 'sse',
      url: `${sse.url}/stream`,
      limits: { retries: 2 },
    });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.kind).toBe('transport_error');
    expect(sseRequests).toBe(1);
    expect(counter.sent).toBe(0);
  });
});
