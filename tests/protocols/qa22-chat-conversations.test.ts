import { afterEach, describe, expect, it } from 'vitest';
import { createChatAdapter } from '../../src/protocols/chat/adapter.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import type { AgentAdapter, ChatMessage } from '../../src/protocols/types.js';
import {
  type Qa22ChatAgent,
  type Qa22ChatBehaviour,
  startQa22ChatAgent,
} from '../fixtures/qa22-chat-agent.js';
import { testContext } from './conformance.js';

let agent: Qa22ChatAgent | undefined;
let adapter: AgentAdapter | undefined;
afterEach(async () => {
  await adapter?.close();
  await agent?.close();
  adapter = agent = undefined;
});

async function converse(
  behaviour: Qa22ChatBehaviour,
  turns: string[],
  options: { replayTools?: boolean; timeoutMs?: number; budgetMs?: number } = {},
) {
  agent = await startQa22ChatAgent(behaviour);
  adapter = createChatAdapter(
    { protocol: 'chat', url: agent.endpoint, ...(options.replayTools ? { replayTools: true } : {}) },
    {
      transport: new HttpTransport({ timeoutMs: options.timeoutMs ?? 2000, retries: 0 }),
      ...(options.budgetMs === undefined ? {} : { budgetMs: options.budgetMs }),
    },
  );
  const outcome = await adapter.invoke(
    { messages: [] },
    testContext(new AbortController().signal, { id: 'case-1', turns }),
  );
  return { outcome, requests: agent.requests };
}

const said = (messages: ChatMessage[]) => messages.map((m) => `${m.role}: ${m.content}`);

describe('chat agents that answer with the whole history (QA22)', () => {
  it('drops the echoed history: the transcript and the next request hold each message once', async () => {
    const { outcome, requests } = await converse('echo-history', ['hello', 'and then?', 'bye']);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(said(outcome.trajectory.messages)).toEqual([
      'user: hello',
      'assistant: reply 1 to hello',
      'user: and then?',
      'assistant: reply 2 to and then?',
      'user: bye',
      'assistant: reply 3 to bye',
    ]);
    expect(requests.map((r) => r.messages.length)).toEqual([1, 3, 5]);
    expect(requests.map((r) => r.metadata.turn_index)).toEqual([0, 2, 4]);
    expect(outcome.trajectory.events.filter((e) => e.type === 'compat_warning')).toEqual([
      { turn: 0, type: 'compat_warning', data: { warning: 'echoed_history', messages: 1 } },
      { turn: 1, type: 'compat_warning', data: { warning: 'echoed_history', messages: 3 } },
      { turn: 2, type: 'compat_warning', data: { warning: 'echoed_history', messages: 5 } },
    ]);
    expect(outcome.trajectory.turns).toBe(3);
  });

  it('drops the echo in the replay profile too (explicit nulls on the wire)', async () => {
    const { outcome, requests } = await converse('echo-history', ['hello', 'more', 'unsent'], {
      replayTools: true,
    });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(said(outcome.trajectory.messages)).toEqual([
      'user: hello',
      'assistant: reply 1 to hello',
      'user: more',
      'assistant: reply 2 to more',
      'user: unsent',
    ]);
    expect(requests.map((r) => r.metadata.turn_index)).toEqual([1, 3]);
  });

  it('keeps a reply that repeats only part of the history as sent', async () => {
    const { outcome } = await converse('echo-part', ['hello', 'again']);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    // round 1 repeats all it was sent (one message): dropped; round 2 repeats 1 of 3: kept as sent
    expect(said(outcome.trajectory.messages)).toEqual([
      'user: hello',
      'assistant: reply 1 to hello',
      'user: again',
      'user: again',
      'assistant: reply 2 to again',
    ]);
    expect(outcome.trajectory.events.filter((e) => e.type === 'compat_warning').map((e) => e.turn)).toEqual([
      0,
    ]);
  });
});

describe('chat conversation budget (QA22)', () => {
  it('says a timeout came from the rest of the budget, in whole milliseconds', async () => {
    const { outcome, requests } = await converse('slow-after-first', ['one', 'two', 'three'], {
      timeoutMs: 10_000,
      budgetMs: 600,
    });
    expect(requests).toHaveLength(2);
    expect(outcome).toMatchObject({ ok: false, error: { kind: 'timeout' } });
    const message = outcome.ok ? '' : outcome.error.message;
    expect(message).toMatch(
      /: no reply within \d+ ms, all that was left of the conversation's 600 ms limits\.budget \(in turn 2; turn 1 was answered\)$/,
    );
    if (!outcome.ok)
      expect(said(outcome.trajectory?.messages ?? [])).toEqual([
        'user: one',
        'assistant: reply 1 to one',
        'user: two',
      ]);
  });

  it('keeps the plain timeout message when the per-request timeout is the tighter limit', async () => {
    const { outcome } = await converse('slow-after-first', ['one', 'two'], {
      timeoutMs: 300,
      budgetMs: 60_000,
    });
    expect(outcome.ok ? '' : outcome.error.message).toMatch(
      /: no reply within 300 ms \(in turn 2; turn 1 was answered\)$/,
    );
  });

  it('keeps a failure in the first turn as the request said it (no turn suffix)', async () => {
    agent = await startQa22ChatAgent('slow-after-first');
    adapter = createChatAdapter(
      { protocol: 'chat', url: agent.endpoint },
      { transport: new HttpTransport({ timeoutMs: 300, retries: 0 }) },
    );
    const ctx = testContext(new AbortController().signal, { id: 'case-1', turns: ['one', 'two', 'three'] });
    expect((await adapter.invoke({ messages: [] }, ctx)).ok).toBe(false); // turns 1 ok, 2 slow
    const second = await adapter.invoke({ messages: [] }, ctx); // every request of this one is slow
    expect(second.ok ? '' : second.error.message).toMatch(/: no reply within 300 ms$/);
  });
});

describe('chat agents under a binding written for another protocol (QA22)', () => {
  async function start() {
    agent = await startQa22ChatAgent('echo-part');
    adapter = createChatAdapter(
      { protocol: 'chat', url: agent.endpoint },
      { transport: new HttpTransport({ timeoutMs: 2000, retries: 0 }) },
    );
    return { server: agent, chat: adapter };
  }

  it('runs an example with turns when the input is {query} (the turns say everything)', async () => {
    const { server, chat } = await start();
    const ctx = testContext(new AbortController().signal, { id: 'case-1', turns: ['hi'] });
    const outcome = await chat.invoke({ query: 'intro ML' }, ctx);
    expect(outcome.ok).toBe(true);
    expect(server.requests[0]?.messages).toEqual([{ role: 'user', content: 'hi' }]);
  });

  it('refuses {query} without turns, naming its keys and the fix, before sending anything', async () => {
    const { server, chat } = await start();
    const outcome = await chat.invoke({ query: 'intro ML' }, testContext(new AbortController().signal));
    expect(outcome.ok ? '' : outcome.error).toEqual({
      kind: 'contract_error',
      message:
        'rendered input must be a string or {messages: [...]} (got an object with key query): give the chat agent its own binding (input: {messages: [{role: user, content: "{{…}}"}]}) or examples with turns',
      retryable: false,
      details: { source: 'local' }, // nothing sent: no agent call (QA45)
    });
    expect(server.requests).toHaveLength(0);
  });
});
