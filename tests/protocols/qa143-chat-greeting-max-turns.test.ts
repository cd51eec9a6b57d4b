/**
 * QA143: `maxTurns` counts agent rounds and an assistant greeting is the first (C4). With
 * `maxTurns: 1` the greeting used them up, yet `turns[0]` was still appended: the transcript
 * ended on a user line nobody answered (`[greeting, u1]`), so `messages[-1].content` read the
 * user's words, where a conversation without a greeting that reaches `maxTurns` stops on the
 * agent's reply and appends no further line, and the platform stops after the greeting round.
 * Now it is `[greeting]`, no request. Real loopback chat agent (tests/fixtures/chat-agent.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createChatAdapter } from '../../src/protocols/chat/adapter.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { startChatAgent } from '../fixtures/chat-agent.js';
import { testContext } from './conformance.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function converse(replayTools: boolean, maxTurns: number) {
  const agent = await startChatAgent(['echo', 'echo', 'echo']);
  const transport = new HttpTransport({ timeoutMs: 2_000, retries: 0 });
  const adapter = createChatAdapter(
    { protocol: 'chat', url: agent.endpoint, replayTools, maxTurns },
    { transport },
  );
  cleanups.push(
    () => agent.close(),
    () => adapter.close(),
  );
  const outcome = await adapter.invoke(
    { messages: [{ role: 'assistant', content: 'Hello, how can I help?' }] },
    testContext(new AbortController().signal, { id: 'ex-1', turns: ['u1', 'u2'] }),
  );
  if (!outcome.ok) throw new Error(outcome.error.message);
  return {
    requests: agent.requests.length,
    messages: outcome.trajectory.messages.map((m) => `${m.role}: ${m.content}`),
  };
}

describe('chat: a greeting that uses up maxTurns (QA143)', () => {
  it.each([false, true])(
    'replayTools %s: maxTurns 1 leaves the greeting alone, no request',
    async (replay) => {
      expect(await converse(replay, 1)).toEqual({
        requests: 0,
        messages: ['assistant: Hello, how can I help?'],
      });
    },
  );

  it('maxTurns 2 still says turns[0] and ends on the agent', async () => {
    const seen = await converse(false, 2);
    expect(seen.requests).toBe(1);
    expect(seen.messages.at(-1)).toMatch(/^assistant: /);
    expect(seen.messages.slice(0, 2)).toEqual(['assistant: Hello, how can I help?', 'user: u1']);
  });
});
