/**
 * QA43: a seed-profile `call_multiple_tools` with an empty call list, and a `call_tool` whose
 * `tool_name` is not a string, against a real loopback HTTP agent (node:http).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';

let server: Server;
let url = '';
const bodies: Record<string, unknown>[] = [];

function reply(body: Record<string, unknown>): Record<string, unknown> {
  const history = (body.conversation_history as { role: string; content: unknown }[] | undefined) ?? [];
  const task = String(history[0]?.content ?? body.task_description);
  const turn = Number(body.turn ?? 1);
  if (task === 'empty-calls')
    return turn === 1
      ? { action: 'call_multiple_tools', tool_calls: [] }
      : { action: 'final_answer', summary: String(body.task_description) };
  if (task === 'numeric-name') return { action: 'call_tool', tool_name: 42, tool_params: {} };
  return { action: 'final_answer', summary: 'fallback' };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      const body = JSON.parse(text) as Record<string, unknown>;
      bodies.push(body);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(reply(body)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function invoke(task: string) {
  const before = bodies.length;
  const adapter = makeMaeAdapter({ transport: 'http', url, profile: 'seed' });
  try {
    const outcome = await adapter.invoke(task, maeContext());
    return { outcome, sent: bodies.slice(before) };
  } finally {
    await adapter.close();
  }
}

describe('seed profile: malformed tool calls', () => {
  it('an empty tool_calls list is relayed as "Continue." without a leading space', async () => {
    const { outcome, sent } = await invoke('empty-calls');
    expect(sent.map((b) => b.task_description)).toEqual(['empty-calls', 'Continue.']);
    expect(outcome.ok).toBe(true);
  });

  it('a tool_name that is not a string is named as such', async () => {
    const { outcome } = await invoke('numeric-name');
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.error.kind).toBe('contract_violation');
      expect(outcome.error.message).toContain('tool_name is not a string (got number)');
    }
  });
});
