/**
 * QA338: a mae reply whose `action` is there but is no action name — `{"action": 5}`,
 * `{"action": {"type": "final_answer"}}`, `{"action": ""}` — failed `unknown_action` with
 * 'reply has no action', which sent its author looking for a missing field. It now says what the
 * action is; a reply without one keeps 'reply has no action'. Real TCP server on 127.0.0.1:0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';
import { type MaeLineServer, startMaeLineServer } from '../fixtures/mae-line-server.js';

const REPLIES: Record<string, unknown> = {
  number: { action: 5 },
  object: { action: { type: 'final_answer' }, summary: 'S' },
  empty: { action: '' },
  none: { summary: 'S' },
};
let server: MaeLineServer;

beforeAll(async () => {
  server = await startMaeLineServer((request, socket) => {
    socket.write(`${JSON.stringify(REPLIES[request.task_description])}\n`);
  });
});
afterAll(async () => {
  await server.close();
});

async function failure(task: string): Promise<string> {
  const adapter = makeMaeAdapter({ transport: 'socket', address: server.address }, { timeoutMs: 10_000 });
  try {
    const outcome = await adapter.invoke(task, maeContext());
    return outcome.ok ? 'answered' : `${outcome.error.kind}: ${outcome.error.message}`;
  } finally {
    await adapter.close();
  }
}

describe('mae reply with an action that is no action name', () => {
  it('says a number or object action is one, quoting it', async () => {
    expect(await failure('number')).toBe("unknown_action: reply's action is a number, not an action name: 5");
    expect(await failure('object')).toBe(
      `unknown_action: reply's action is an object, not an action name: {"type":"final_answer"}`,
    );
  }, 20_000);

  it('says an empty action is empty, and a missing one missing', async () => {
    expect(await failure('empty')).toBe(
      'unknown_action: reply has an empty action (one of final_answer, call_tool, …)',
    );
    expect(await failure('none')).toBe('unknown_action: reply has no action');
  }, 20_000);
});
