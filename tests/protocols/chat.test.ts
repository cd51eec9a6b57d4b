import { afterEach, describe, expect, it } from 'vitest';
import { agentIdentity } from '../../src/compiler/identities.js';
import { chatAgentSchema } from '../../src/plan/schema.js';
import {
  type ChatAdapter,
  type ChatRuntime,
  chatSettings,
  createChatAdapter,
} from '../../src/protocols/chat/adapter.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import type { InvokeContext } from '../../src/protocols/types.js';
import { type ChatAgent, type ChatBehaviour, startChatAgent } from '../fixtures/chat-agent.js';
import { testContext } from './conformance.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Options {
  replayTools?: boolean;
  maxTurns?: number;
  terminatingTools?: string[];
  runtime?: Partial<ChatRuntime>;
  timeoutMs?: number;
}

async function setup(
  behaviours: ChatBehaviour[],
  options: Options = {},
): Promise<{ agent: ChatAgent; adapter: ChatAdapter }> {
  const agent = await startChatAgent(behaviours);
  const transport = new HttpTransport({ timeoutMs: options.timeoutMs ?? 1000, retries: 2, random: () => 0 });
  const adapter = createChatAdapter(
    {
      protocol: 'chat',
      url: agent.endpoint,
      ...(options.replayTools === undefined ? {} : { replayTools: options.replayTools }),
      ...(options.maxTurns === undefined ? {} : { maxTurns: options.maxTurns }),
      ...(options.terminatingTools === undefined ? {} : { terminatingTools: options.terminatingTools }),
    },
    { transport, ...options.runtime },
  );
  cleanups.push(
    () => agent.close(),
    () => adapter.close(),
  );
  return { agent, adapter };
}

function ctx(turns?: string[]): InvokeContext {
  return testContext(
    new AbortController().signal,
    turns === undefined ? { id: 'ex-1' } : { id: 'ex-1', turns },
  );
}

const user = (content: string) => ({ role: 'user', content });

describe('chat adapter, seed profile (default)', () => {
  it("sends the seed document's first request shape: user messages, no nulls, zero-based turn_index", async () => {
    const { agent, adapter } = await setup(['echo']);
    const outcome = await adapter.invoke(null, ctx(["Hi, I'd like to book a duct cleaning.", 'V4T 0A7']));
    expect(outcome.ok).toBe(true);
    expect(agent.requests[0]?.text).toBe(
      `{"messages":[{"content":"Hi, I'd like to book a duct cleaning.","role":"user"}],"metadata":{"test_case_id":"ex-1","turn_index":0}}`,
    );
    expect(agent.requests[1]?.body).toEqual({
      messages: [
        user("Hi, I'd like to book a duct cleaning."),
        { role: 'assistant', content: "You said: Hi, I'd like to book a duct cleaning." },
        user('V4T 0A7'),
      ],
      metadata: { test_case_id: 'ex-1', turn_index: 2 },
    });
    if (outcome.ok) expect(outcome.trajectory.turns).toBe(2);
  });

  it('does not replay tool messages or tool_calls, and drops assistant messages left empty', async () => {
    const { agent, adapter } = await setup(['tools', 'no-type', 'echo']);
    await adapter.invoke('Where is ORD-12345?', ctx(['Where is ORD-12345?', 'ok', 'bye']));
    expect(agent.requests[1]?.body.messages).toEqual([
      user('Where is ORD-12345?'),
      { role: 'assistant', content: 'Let me check.' },
      { role: 'assistant', content: 'Your order ORD-12345 has shipped.' },
      user('ok'),
    ]);
    expect(agent.requests[1]?.body.metadata?.turn_index).toBe(3);
    // the no-type reply is an assistant message with only tool_calls: it is not sent back
    expect(agent.requests[2]?.body.messages.map((m) => m.content)).toEqual([
      'Where is ORD-12345?',
      'Let me check.',
      'Your order ORD-12345 has shipped.',
      'ok',
      'bye',
    ]);
    expect(agent.requests[2]?.body.metadata?.turn_index).toBe(4);
  });

  it('turns a string input into one user message', async () => {
    const { agent, adapter } = await setup(['echo']);
    const outcome = await adapter.invoke('hello', ctx());
    expect(agent.requests[0]?.body.messages).toEqual([user('hello')]);
    expect(outcome).toMatchObject({
      ok: true,
      trajectory: { turns: 1, response: { messages: [user('hello'), { role: 'assistant' }] } },
    });
  });

  it('keeps a system prompt of the rendered input before the scripted turns', async () => {
    const { agent, adapter } = await setup(['echo']);
    await adapter.invoke(
      { messages: [{ role: 'system', content: 'Be brief.' }, user('ignored')] },
      ctx(['first']),
    );
    expect(agent.requests[0]?.body.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      user('first'),
    ]);
    expect(agent.requests[0]?.body.metadata?.turn_index).toBe(0);
  });
});

describe('chat adapter, replay profile (replayTools: true)', () => {
  it('C1: replays the transcript with explicit nulls and turn_index = messages already present', async () => {
    const { agent, adapter } = await setup(['echo'], { replayTools: true });
    await adapter.invoke(null, ctx(['Hi', 'second', 'third']));
    expect(agent.requests[0]?.text).toBe(
      '{"messages":[{"content":"Hi","name":null,"role":"user","tool_call_id":null,"tool_calls":null}],"metadata":{"test_case_id":"ex-1","turn_index":1}}',
    );
    expect(agent.requests[1]?.body.messages).toHaveLength(3);
    expect(agent.requests[1]?.body.metadata?.turn_index).toBe(3);
  });

  it('C2: appends [assistant+tool_calls, tool, assistant] in order and replays them verbatim', async () => {
    const { agent, adapter } = await setup(['tools', 'echo'], { replayTools: true, maxTurns: 2 });
    const outcome = await adapter.invoke(null, ctx(['Where is my order?', 'thanks', 'bye']));
    expect(agent.requests[1]?.body.messages.slice(1, 4)).toEqual([
      {
        role: 'assistant',
        content: 'Let me check.',
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'lookup_order', arguments: '{"order_id":"ORD-12345"}' },
            tool_result: null,
          },
        ],
        tool_call_id: null,
        name: null,
      },
      {
        role: 'tool',
        content: '{"order_id":"ORD-12345","status":"shipped"}',
        tool_calls: null,
        tool_call_id: 'call_1',
        name: null,
      },
      {
        role: 'assistant',
        content: 'Your order ORD-12345 has shipped.',
        tool_calls: null,
        tool_call_id: null,
        name: null,
      },
    ]);
    expect(agent.requests[1]?.body.metadata?.turn_index).toBe(5);
    if (!outcome.ok) throw new Error(outcome.error.message);
    const t = outcome.trajectory;
    expect(t.toolCalls).toEqual([
      {
        turn: 0,
        name: 'lookup_order',
        arguments: { order_id: 'ORD-12345' },
        result: { order_id: 'ORD-12345', status: 'shipped' },
      },
    ]);
    expect(t.messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
      'user',
      'assistant',
    ]);
    expect(t.usage).toEqual({ inputTokens: 30, outputTokens: 13, totalTokens: 43, source: 'reported' });
    expect(t.response).toMatchObject({
      model: 'fake-4o',
      provider: 'fake',
      usage: { prompt_tokens: 30, completion_tokens: 13, total_tokens: 43 },
      metadata: {},
    });
    expect(t.turns).toBe(2);
  });

  it('C15: appends the last scripted line without sending it (1 request, [user, assistant, user]); the seed profile answers it', async () => {
    const platform = await setup(['echo'], { replayTools: true });
    const ended = await platform.adapter.invoke(null, ctx(['Hi', 'Thanks, goodbye']));
    if (!ended.ok) throw new Error(ended.error.message);
    expect(platform.agent.requests).toHaveLength(1);
    expect(ended.trajectory.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Hi'],
      ['assistant', 'You said: Hi'],
      ['user', 'Thanks, goodbye'],
    ]);
    const seed = await setup(['echo']);
    const answered = await seed.adapter.invoke(null, ctx(['Hi', 'Thanks, goodbye']));
    if (!answered.ok) throw new Error(answered.error.message);
    expect(seed.agent.requests).toHaveLength(2);
    expect(answered.trajectory.messages.at(-1)).toMatchObject({
      role: 'assistant',
      content: 'You said: Thanks, goodbye',
    });
  });
});

describe('chat adapter, conversation loop', () => {
  it('C3: agent-first without greeting sends messages:[] with turn_index 0', async () => {
    for (const replayTools of [false, true]) {
      const { agent, adapter } = await setup(['echo'], { replayTools });
      await adapter.invoke({ messages: [] }, ctx());
      expect(agent.requests[0]?.body).toEqual({
        messages: [],
        metadata: { test_case_id: 'ex-1', turn_index: 0 },
      });
    }
  });

  it('C4: an assistant greeting opens the transcript and counts as one agent round', async () => {
    const { agent, adapter } = await setup(['echo'], { replayTools: true, maxTurns: 2 });
    const outcome = await adapter.invoke(
      { messages: [{ role: 'assistant', content: 'Hello!' }] },
      ctx(['Hi', 'more', 'more']),
    );
    expect(agent.requests).toHaveLength(1);
    expect(agent.requests[0]?.body.messages.map((m) => m.content)).toEqual(['Hello!', 'Hi']);
    expect(outcome).toMatchObject({ ok: true, trajectory: { turns: 2 } });
  });

  it('C5: accepts {"messages": []}, appends nothing and continues with the user turn', async () => {
    const { agent, adapter } = await setup(['empty', 'echo']);
    const outcome = await adapter.invoke(null, ctx(['a', 'b']));
    expect(agent.requests).toHaveLength(2);
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(outcome.trajectory.messages).toEqual([
      { role: 'user', content: 'a' },
      { role: 'user', content: 'b' },
      { role: 'assistant', content: 'You said: b' },
    ]);
  });

  it.each([
    ['C6', 'last-tool'],
    ['C8', 'args-object'],
    ['C9', 'content-parts'],
    ['role', 'role-developer'],
    ['usage', 'float-usage'],
    ['metadata', 'metadata-string'],
  ] as const)(
    '%s: a reply breaking the contract (%s) ends the conversation as contract_violation',
    async (_case, behaviour) => {
      const { agent, adapter } = await setup([behaviour]);
      const outcome = await adapter.invoke(null, ctx(['a', 'b']));
      expect(agent.requests).toHaveLength(1);
      expect(outcome).toMatchObject({ ok: false, error: { kind: 'contract_violation', retryable: false } });
      if (!outcome.ok) expect(outcome.trajectory?.messages).toEqual([{ role: 'user', content: 'a' }]);
    },
  );

  it('C7: a tool call without type is accepted as a function call', async () => {
    const { adapter } = await setup(['no-type']);
    const outcome = await adapter.invoke('bye', ctx());
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(outcome.trajectory.messages[1]?.tool_calls?.[0]).toEqual({
      id: 'call_9',
      type: 'function',
      function: { name: 'end_call', arguments: '{}' },
    });
    expect(outcome.trajectory.toolCalls).toEqual([{ turn: 0, name: 'end_call', arguments: {} }]);
  });

  it('C10: 404 and 500 end the conversation with http_<code>, the body excerpt and no retry', async () => {
    for (const [behaviour, kind] of [
      ['error404', 'http_404'],
      ['error500', 'http_500'],
    ] as const) {
      const { agent, adapter } = await setup([behaviour]);
      const outcome = await adapter.invoke(null, ctx(['a', 'b']));
      expect(agent.requests).toHaveLength(1);
      expect(outcome).toMatchObject({
        ok: false,
        error: { kind, details: { body: expect.stringContaining('detail') } },
      });
    }
  });

  it('C10: the error details keep the first 500 characters of a longer body', async () => {
    const { agent, adapter } = await setup(['error500-long']);
    const outcome = await adapter.invoke('hi', ctx());
    expect(agent.requests).toHaveLength(1);
    const body = `{"detail":"agent crashed: ${'trace line '.repeat(80)}"}`;
    expect(body.length).toBeGreaterThan(500);
    expect(outcome).toMatchObject({
      ok: false,
      error: { kind: 'http_500', details: { body: body.slice(0, 500) } },
    });
  });

  it('retries 429 (a transient refusal) and continues', async () => {
    const { agent, adapter } = await setup(['throttle429', 'echo']);
    const outcome = await adapter.invoke('hi', ctx());
    expect(outcome.ok).toBe(true);
    expect(agent.requests).toHaveLength(2);
  });

  it("retries a gateway's 502 and 504 like its 503 (the agent never answered; QA34 F5) and continues", async () => {
    for (const behaviour of ['gateway502', 'gateway504'] as const) {
      const { agent, adapter } = await setup([behaviour, 'echo']);
      const outcome = await adapter.invoke('hi', ctx());
      expect(outcome.ok).toBe(true);
      expect(agent.requests).toHaveLength(2);
    }
  });

  it('C11: a non-JSON 200 ends the conversation with invalid_json', async () => {
    const { adapter } = await setup(['badjson']);
    expect(await adapter.invoke('hi', ctx())).toMatchObject({ ok: false, error: { kind: 'invalid_json' } });
  });

  it('C12: a reply slower than the remaining budget times out', async () => {
    const { adapter } = await setup(['slow'], { timeoutMs: 10_000, runtime: { budgetMs: 300 } });
    const started = performance.now();
    const outcome = await adapter.invoke('hi', ctx());
    expect(outcome).toMatchObject({ ok: false, error: { kind: 'timeout' } });
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('C13: a budget already spent at the top of the loop sends nothing and reports budget_exhausted', async () => {
    let clock = 0;
    const { agent, adapter } = await setup(['echo'], {
      runtime: {
        budgetMs: 100,
        now: () => {
          const t = clock;
          clock += 1000;
          return t;
        },
      },
    });
    const outcome = await adapter.invoke('hi', ctx());
    expect(outcome).toMatchObject({ ok: false, error: { kind: 'budget_exhausted' } });
    expect(agent.requests).toHaveLength(0);
  });

  it('C14: maxTurns 3 with 5 scripted lines makes exactly 3 requests and ends on the assistant', async () => {
    const { agent, adapter } = await setup(['echo'], { maxTurns: 3, replayTools: true });
    const outcome = await adapter.invoke(null, ctx(['1', '2', '3', '4', '5']));
    expect(agent.requests).toHaveLength(3);
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(outcome.trajectory.messages).toHaveLength(6);
    expect(outcome.trajectory.messages.at(-1)?.role).toBe('assistant');
  });

  it('C15 (deliberate difference): every scripted line is answered, the last one included', async () => {
    const { agent, adapter } = await setup(['echo']);
    const outcome = await adapter.invoke(null, ctx(['Hello', 'Thanks, goodbye']));
    expect(agent.requests).toHaveLength(2);
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(outcome.trajectory.messages).toHaveLength(4);
    expect(outcome.trajectory.messages.at(-1)).toEqual({
      role: 'assistant',
      content: 'You said: Thanks, goodbye',
    });
  });

  it('C16: a call to a terminating tool ends the conversation after appending that reply', async () => {
    const { agent, adapter } = await setup(['end-call'], { terminatingTools: ['end_call'] });
    const outcome = await adapter.invoke(null, ctx(['Hi', 'Are you there?', 'Hello?']));
    expect(agent.requests).toHaveLength(1);
    if (!outcome.ok) throw new Error(outcome.error.message);
    const t = outcome.trajectory;
    expect(t.messages).toEqual([
      { role: 'user', content: 'Hi' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_end', type: 'function', function: { name: 'end_call', arguments: '{}' } }],
      },
    ]);
    expect(t.turns).toBe(1);
    expect(t.events.at(-1)).toEqual({ turn: 0, type: 'terminated', data: { tool: 'end_call' } });
    expect(t.toolCalls).toEqual([{ turn: 0, name: 'end_call', arguments: {} }]);
  });

  it('C16: without terminatingTools the same end_call reply does not stop the script', async () => {
    const { agent, adapter } = await setup(['end-call']);
    const outcome = await adapter.invoke(null, ctx(['Hi', 'Are you there?', 'Hello?']));
    expect(agent.requests).toHaveLength(3);
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(outcome.trajectory.messages).toHaveLength(6);
    expect(outcome.trajectory.events.map((e) => e.type)).not.toContain('terminated');
  });

  it('C16: a terminating call in any message of the reply ends it, the whole reply appended', async () => {
    const { agent, adapter } = await setup(['transfer-mid', 'echo'], {
      terminatingTools: ['end_call', 'transfer_call'],
      replayTools: true,
    });
    const outcome = await adapter.invoke(null, ctx(['I want a refund', 'hello?']));
    expect(agent.requests).toHaveLength(1);
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(outcome.trajectory.messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
    expect(outcome.trajectory.messages.at(-1)).toEqual({ role: 'assistant', content: 'Please hold.' });
    expect(outcome.trajectory.events.at(-1)).toMatchObject({
      type: 'terminated',
      data: { tool: 'transfer_call' },
    });
  });

  it('C16: calls to tools not listed as terminating keep the conversation going', async () => {
    const { agent, adapter } = await setup(['tools', 'echo'], { terminatingTools: ['end_call'] });
    const outcome = await adapter.invoke(null, ctx(['Where is ORD-12345?', 'thanks']));
    expect(agent.requests).toHaveLength(2);
    expect(outcome).toMatchObject({ ok: true, trajectory: { turns: 2 } });
  });

  it('C17: a reply without usage is estimated as ceil(characters / 4) per side and marked estimated', async () => {
    const { adapter } = await setup(['no-usage']);
    const outcome = await adapter.invoke(null, ctx(['Where is my order ORD-12345?', 'thanks']));
    if (!outcome.ok) throw new Error(outcome.error.message);
    // round 1: sent 'Where is my order ORD-12345?' (28 chars) -> 7; got 'You said: Where is my order ORD-12345?' (38) -> 10
    // round 2: sent 28 + 38 + 'thanks' (6) = 72 chars -> 18; got 'You said: thanks' (16) -> 4
    expect(outcome.trajectory.usage).toEqual({
      inputTokens: 25,
      outputTokens: 14,
      totalTokens: 39,
      source: 'estimated',
    });
    // the response document keeps what the agent reported: nothing
    expect(outcome.trajectory.response).toMatchObject({ usage: null, model: null });
  });

  it('C17: an empty usage object is estimated too', async () => {
    const { adapter } = await setup(['empty-usage']);
    const outcome = await adapter.invoke('hi', ctx());
    // sent 'hi' (2 chars) -> 1; got 'You said: hi' (12) -> 3
    expect(outcome).toMatchObject({
      ok: true,
      trajectory: { usage: { inputTokens: 1, outputTokens: 3, totalTokens: 4, source: 'estimated' } },
    });
  });

  it('C17: tool call names and arguments count, and input is estimated on the messages as sent', async () => {
    for (const [replayTools, inputTokens] of [
      // round 1 sends 'a' (1 char) -> 1 in both profiles. Round 2: seed drops the content-less
      // end_call message, sending 'a' + 'b' (2) -> 1; replay sends it: 1 + 'end_call' (8) + '{}' (2) + 1 = 12 -> 3.
      [false, 2],
      [true, 4],
    ] as const) {
      const { adapter } = await setup(['end-call'], { replayTools, maxTurns: 2 });
      const outcome = await adapter.invoke(null, ctx(['a', 'b', 'c']));
      if (!outcome.ok) throw new Error(outcome.error.message);
      // each reply: content null + 'end_call' (8) + '{}' (2) = 10 chars -> 3
      expect(outcome.trajectory.usage).toEqual({
        inputTokens,
        outputTokens: 6,
        totalTokens: inputTokens + 6,
        source: 'estimated',
      });
    }
  });

  it('C17: reported and estimated rounds are summed and the sum is marked estimated', async () => {
    const { adapter } = await setup(['echo', 'no-usage']);
    const outcome = await adapter.invoke(null, ctx(['a', 'b']));
    if (!outcome.ok) throw new Error(outcome.error.message);
    // round 1 reported 10/5/15; round 2 sent 'a' + 'You said: a' + 'b' = 13 chars -> 4, got 'You said: b' (11) -> 3
    expect(outcome.trajectory.usage).toEqual({
      inputTokens: 14,
      outputTokens: 8,
      totalTokens: 22,
      source: 'estimated',
    });
    expect(outcome.trajectory.response).toMatchObject({
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    });
  });

  it('C18: coerces integer-string usage', async () => {
    const { adapter } = await setup(['string-usage']);
    const outcome = await adapter.invoke('hi', ctx());
    expect(outcome).toMatchObject({
      ok: true,
      trajectory: {
        usage: { inputTokens: 12, outputTokens: 3, source: 'reported' },
        response: { usage: { prompt_tokens: 12 } },
      },
    });
  });

  it('keeps no count beyond 2^53 - 1 from usage, without failing the reply (a Python int)', async () => {
    const { adapter } = await setup(['huge-usage']);
    const outcome = await adapter.invoke('hi', ctx());
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(outcome.trajectory.usage).toMatchObject({ totalTokens: 7, source: 'reported' });
    expect(outcome.trajectory.usage.inputTokens).toBeUndefined();
    expect(outcome.trajectory.usage.outputTokens).toBeUndefined();
  });

  it('C19: probe posts ping and passes only when the reply validates', async () => {
    const good = await setup(['echo']);
    expect(await good.adapter.probe(new AbortController().signal)).toEqual({ ok: true });
    expect(good.agent.requests[0]?.text).toBe('{"messages":[{"content":"ping","role":"user"}]}');
    const bad = await setup(['last-tool']);
    expect(await bad.adapter.probe(new AbortController().signal)).toMatchObject({
      ok: false,
      error: { kind: 'contract_violation' },
    });
    const down = await setup(['error500']);
    expect(await down.adapter.probe(new AbortController().signal)).toMatchObject({
      ok: false,
      error: { kind: 'http_500' },
    });
    expect(down.agent.requests).toHaveLength(1);
  });

  it('C19: the probe waits up to 10 s, beyond the transport timeout of conversations', async () => {
    const agent = await startChatAgent(['slow'], 600);
    const transport = new HttpTransport({ timeoutMs: 200, retries: 0 });
    const adapter = createChatAdapter({ protocol: 'chat', url: agent.endpoint }, { transport });
    cleanups.push(
      () => agent.close(),
      () => adapter.close(),
    );
    expect(await adapter.invoke('hi', ctx())).toMatchObject({ ok: false, error: { kind: 'timeout' } });
    expect(await adapter.probe(new AbortController().signal)).toEqual({ ok: true });
  });

  it('C20: ignores unknown keys', async () => {
    const { adapter } = await setup(['extra-keys']);
    const outcome = await adapter.invoke('hi', ctx());
    expect(outcome).toMatchObject({
      ok: true,
      trajectory: { model: 'fake-4o', messages: [{}, { role: 'assistant', content: 'You said: hi' }] },
    });
    if (outcome.ok) expect(outcome.trajectory.messages[1]).not.toHaveProperty('audio');
  });

  it('rejects a rendered input that is neither a string nor {messages}', async () => {
    const { agent, adapter } = await setup(['echo']);
    expect(await adapter.invoke({ query: 'x' }, ctx())).toMatchObject({
      ok: false,
      error: { kind: 'contract_error' },
    });
    expect(agent.requests).toHaveLength(0);
  });
});

describe('chat settings', () => {
  const url = 'http://127.0.0.1:7102/agent/respond';

  it('accepts terminatingTools as a list of tool names only', () => {
    expect(chatAgentSchema.parse({ protocol: 'chat', url, terminatingTools: ['end_call'] })).toMatchObject({
      terminatingTools: ['end_call'],
    });
    expect(chatAgentSchema.safeParse({ protocol: 'chat', url, terminatingTools: 'end_call' }).success).toBe(
      false,
    );
    expect(chatAgentSchema.safeParse({ protocol: 'chat', url, terminatingTools: [''] }).success).toBe(false);
  });

  it('puts terminatingTools in the agent identity (it changes results), unlike limits', () => {
    const identity = agentIdentity({
      protocol: 'chat',
      url,
      terminatingTools: ['end_call'],
      limits: { budget: '120s' },
    });
    expect(identity).toEqual({ protocol: 'chat', url, terminatingTools: ['end_call'] });
  });

  it('pins the history profile and, when set, the terminating tools and maxTurns in the lockfile settings', () => {
    expect(chatSettings({ protocol: 'chat', url })).toEqual({ history: 'seed' });
    expect(
      chatSettings({
        protocol: 'chat',
        url,
        replayTools: true,
        terminatingTools: ['end_call', 'transfer_call'],
      }),
    ).toEqual({ history: 'replay', terminatingTools: 'end_call,transfer_call' });
    expect(chatSettings({ protocol: 'chat', url, maxTurns: 3 })).toEqual({ history: 'seed', maxTurns: '3' });
  });
});
