/**
 * Regression (QA): a seed-profile socket agent that answers one request per connection and then
 * closes it (what AgentV's own harness expects, and what a simple server does) raced evalc's
 * persistent connection: the next request was written before the agent's FIN was seen and failed
 * `transport_error: connection closed before a reply` — 5 of 6 examples in a black-box run.
 * A reused connection that closes before any reply now resends the request once on a fresh one.
 * Real TCP server on 127.0.0.1:0.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalAnswer, maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';

let server: Server;
let address = '';
let connections = 0;
const received: string[] = [];
const sockets = new Set<Socket>();

beforeAll(async () => {
  server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffered = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      const end = buffered.indexOf('\n');
      if (end < 0 || socket.writableEnded) return;
      const request = JSON.parse(buffered.slice(0, end)) as { task_description: string; turn: number };
      buffered = buffered.slice(end + 1);
      received.push(request.task_description);
      const reply = request.task_description.startsWith('Tool ')
        ? { action: 'final_answer', summary: `done at turn ${request.turn}` }
        : { action: 'call_tool', tool_name: 'lookup', tool_params: {} };
      socket.end(`${JSON.stringify(reply)}\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  address = `127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('mae seed socket agent that closes after every reply', () => {
  it('completes every two-turn conversation, reconnecting as needed', async () => {
    const logs: string[] = [];
    const adapter = makeMaeAdapter({ transport: 'socket', address, profile: 'seed' }, { timeoutMs: 5_000 });
    try {
      const answers: (string | null)[] = [];
      for (const task of ['t1', 't2', 't3', 't4']) {
        const outcome = await adapter.invoke(task, maeContext({ logs }));
        answers.push(outcome.ok ? finalAnswer(outcome) : `${outcome.error.kind}: ${outcome.error.message}`);
      }
      expect(answers).toEqual(['done at turn 2', 'done at turn 2', 'done at turn 2', 'done at turn 2']);
    } finally {
      await adapter.close();
    }
    // every turn was served by a connection of its own (8 turns), never more than one resend each
    expect(received.filter((text) => text.startsWith('t'))).toEqual(['t1', 't2', 't3', 't4']);
    expect(connections).toBeGreaterThanOrEqual(8);
    expect(
      logs.every(
        (line) =>
          line.includes('closed the connection after its previous reply') || line.includes('reconnecting'),
      ),
    ).toBe(true);
  });
});
