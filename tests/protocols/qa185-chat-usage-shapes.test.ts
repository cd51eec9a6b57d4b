/**
 * QA185 (the case next to QA184's, 88e3558): a `chat` agent's usage count the platform accepts
 * but that is no count — a negative, one beyond 2^53 − 1 — was dropped in silence, so `tokens`
 * counted the other side alone and `cost` priced it (prompt 12 beside completion -3: 12 tokens,
 * 12 input tokens' price), where a raip, http or openai agent's is a `metric_error` naming it. It
 * is quoted in the trajectory's usage now, over the rounds of a conversation too; `"12"`, `12.0`,
 * `true` and a readable total stay counts. Real loopback chat agent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoreMetric } from '../../src/metrics/index.js';
import { createChatAdapter } from '../../src/protocols/chat/adapter.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import type { Trajectory } from '../../src/protocols/types.js';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { metric, scoreInput } from '../metrics/helpers.js';
import { testContext } from './conformance.js';

/** Answers round n with the usage the user message names: `usage JSON | usage JSON | …`. */
let agent: Loopback;
beforeAll(async () => {
  agent = await startLoopback((_req, res, body) => {
    const { messages } = JSON.parse(body) as { messages: { role: string; content: string }[] };
    const users = messages.filter((m) => m.role === 'user');
    const usages = (users[0]?.content ?? '').split(' | ');
    const usage = usages[users.length - 1] ?? 'null';
    const text = `{"messages":[{"role":"assistant","content":"ok"}],"usage":${usage}}`;
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  });
});
afterAll(() => agent.close());

/** A conversation of as many rounds as `usages` (each a usage's JSON text). */
async function converse(...usages: string[]): Promise<Trajectory> {
  const transport = new HttpTransport({ timeoutMs: 2000, retries: 0 });
  const adapter = createChatAdapter({ protocol: 'chat', url: `${agent.url}/agent/respond` }, { transport });
  const opening = usages.join(' | ');
  const turns = [opening, ...usages.slice(1).map((_, i) => `round ${i + 2}`)];
  try {
    const outcome = await adapter.invoke(
      opening,
      testContext(new AbortController().signal, { id: 'e1', turns }),
    );
    if (!outcome.ok) throw new Error(outcome.error.message);
    return outcome.trajectory;
  } finally {
    await adapter.close();
  }
}

const prices = { m: { input: 1, output: 2 } };
const score = (type: Record<string, unknown>, trajectory: Trajectory) =>
  scoreMetric(metric(type), scoreInput({ trajectory: { ...trajectory, model: 'm' }, prices }));
const message =
  'the agent reported completion_tokens: -3, which is no token count (a non-negative integer, or its digits as a string): no value recorded';

describe('chat agent: a usage count the platform accepts that is no count (QA185)', () => {
  it('a negative completion count makes tokens and cost a metric_error, not 12 input tokens', async () => {
    const t = await converse('{"prompt_tokens": 12, "completion_tokens": -3}');
    expect(t.usage).toEqual({
      inputTokens: 12,
      unreadable: { output: 'completion_tokens: -3' },
      source: 'reported',
    });
    expect(await score({ type: 'tokens' }, t)).toEqual({
      score: null,
      error: { kind: 'metric_error', message },
    });
    expect(await score({ type: 'cost' }, t)).toEqual({
      score: null,
      error: { kind: 'metric_error', message },
    });
    expect((await score({ type: 'tokens', count: 'input' }, t)).value).toBe(12);
    // what the agent reported stays as the platform reads it
    expect((t.response as { usage: unknown }).usage).toEqual({ prompt_tokens: 12 });
  });

  it('a usage of no count but that one is reported, not estimated', async () => {
    const t = await converse('{"completion_tokens": "-3"}');
    expect(t.usage).toEqual({ unreadable: { output: 'completion_tokens: "-3"' }, source: 'reported' });
    expect((await score({ type: 'tokens' }, t)).error?.message).toContain('completion_tokens: "-3"');
  });

  it("a later round's negative count leaves no total of the earlier rounds alone", async () => {
    const t = await converse(
      '{"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}',
      '{"prompt_tokens": 12, "completion_tokens": -3}',
    );
    expect(t.turns).toBe(2);
    expect(t.usage).toEqual({
      inputTokens: 22,
      unreadable: { output: 'completion_tokens: -3' },
      source: 'reported',
    });
    expect((await score({ type: 'tokens' }, t)).error?.message).toBe(message);
    expect((await score({ type: 'tokens', count: 'output' }, t)).error?.message).toBe(message);
    expect((await score({ type: 'cost' }, t)).error?.message).toBe(message);
  });

  it('keeps "12", 12.0, true and a readable total as counts', async () => {
    const t = await converse('{"prompt_tokens": "12", "completion_tokens": 3.0}', '{"prompt_tokens": true}');
    expect(t.usage).toEqual({ inputTokens: 13, outputTokens: 3, totalTokens: 15, source: 'reported' });
    const withTotal = await converse(
      '{"prompt_tokens": 10, "completion_tokens": 5}',
      '{"prompt_tokens": -1, "total_tokens": 40}',
    );
    expect((await score({ type: 'tokens' }, withTotal)).value).toBe(55);
  });
});
