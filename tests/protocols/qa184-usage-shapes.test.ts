/**
 * QA184: a RAIP or `http` agent's token counts in a shape that is no count (`-3`, `12.5`,
 * `"12 tokens"`, an object, a boolean) were dropped in silence: `tokens` and `cost` then counted
 * the other side alone (input 12 and output -3 cost 12 input tokens' price, with no word), or went
 * unmeasured as if the agent reported nothing. Such a side is now quoted in the trajectory's
 * usage, and the metrics that need it are a `metric_error` naming it; a digit string ("12") and
 * an integral float (12.0) are still counts, null is still "not reported". Real loopback agents.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoreMetric } from '../../src/metrics/index.js';
import { createHttpAdapter } from '../../src/protocols/generic-http/adapter.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createRaipAdapter } from '../../src/protocols/raip/adapter.js';
import type { AgentAdapter, Trajectory } from '../../src/protocols/types.js';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { metric, scoreInput } from '../metrics/helpers.js';
import { testContext } from './conformance.js';

/** Answers with the usage its input names, written as JSON text (`{"usage": "<raw JSON>"}`). */
let agent: Loopback;
beforeAll(async () => {
  agent = await startLoopback((_req, res, body) => {
    const parsed = JSON.parse(body) as { input?: { usage: string }; usage?: string };
    const raw = parsed.input?.usage ?? parsed.usage ?? 'null';
    const text = `{"output":{"answer":"ok"},"usage":${raw}}`;
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  });
});
afterAll(() => agent.close());

async function invoke(protocol: 'raip' | 'http', usage: string): Promise<Trajectory> {
  const transport = new HttpTransport({ timeoutMs: 2000, retries: 0 });
  const adapter: AgentAdapter =
    protocol === 'raip'
      ? createRaipAdapter({ protocol: 'raip', url: agent.url }, { transport })
      : createHttpAdapter({ protocol: 'http', method: 'POST', url: `${agent.url}/ask` }, { transport });
  try {
    const outcome = await adapter.invoke({ usage }, testContext(new AbortController().signal));
    if (!outcome.ok) throw new Error(outcome.error.message);
    return outcome.trajectory;
  } finally {
    await adapter.close();
  }
}

const prices = { m: { input: 1, output: 2 } };
const score = (type: Record<string, unknown>, trajectory: Trajectory) =>
  scoreMetric(metric(type), scoreInput({ trajectory: { ...trajectory, model: 'm' }, prices }));

describe.each(['raip', 'http'] as const)('%s agent: token counts of an odd shape (QA184)', (protocol) => {
  it('a negative output count is a metric_error for tokens and cost, not the input side alone', async () => {
    const t = await invoke(protocol, '{"prompt_tokens": 12, "completion_tokens": -3}');
    expect(t.usage).toEqual({ inputTokens: 12, unreadable: { output: 'completion_tokens: -3' } });
    const message =
      'the agent reported completion_tokens: -3, which is no token count (a non-negative integer, or its digits as a string): no value recorded';
    expect(await score({ type: 'tokens' }, t)).toEqual({
      score: null,
      error: { kind: 'metric_error', message },
    });
    expect(await score({ type: 'cost' }, t)).toEqual({
      score: null,
      error: { kind: 'metric_error', message },
    });
    // the input side was a count: asked alone, it is measured
    expect((await score({ type: 'tokens', count: 'input' }, t)).value).toBe(12);
  });

  it('a fraction, a text, an object and a boolean are quoted as reported', async () => {
    const t = await invoke(
      protocol,
      '{"input_tokens": 12.5, "output_tokens": {"text": 4}, "total_tokens": "many"}',
    );
    expect(t.usage.unreadable).toEqual({
      input: 'input_tokens: 12.5',
      output: 'output_tokens: {"text":4}',
      total: 'total_tokens: "many"',
    });
    expect((await score({ type: 'tokens' }, t)).error?.message).toContain('total_tokens: "many"');
    const bool = await invoke(protocol, '{"prompt_tokens": true, "completion_tokens": 3}');
    expect((await score({ type: 'cost' }, bool)).error?.message).toContain('prompt_tokens: true');
  });

  it('keeps "12", 12.0 and a readable total as counts, and null as not reported', async () => {
    const t = await invoke(protocol, '{"prompt_tokens": "12", "completion_tokens": 3.0}');
    expect(t.usage).toEqual({ inputTokens: 12, outputTokens: 3, totalTokens: 15 });
    // (12 × 1 + 3 × 2) / 1e6 USD
    expect((await score({ type: 'cost' }, t)).value).toBeCloseTo(1.8e-5, 12);
    const withTotal = await invoke(protocol, '{"prompt_tokens": -1, "total_tokens": 40}');
    expect((await score({ type: 'tokens' }, withTotal)).value).toBe(40);
    const nulls = await invoke(protocol, '{"prompt_tokens": null, "completion_tokens": null}');
    expect(nulls.usage).toEqual({});
    expect((await score({ type: 'tokens' }, nulls)).details).toEqual({
      unmeasured: 'the agent reported no token usage',
    });
  });

  it('a usage that is no object is quoted for every side', async () => {
    const t = await invoke(protocol, '"12"');
    expect((await score({ type: 'tokens' }, t)).error?.message).toContain('usage: "12"');
  });
});
