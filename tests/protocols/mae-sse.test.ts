/**
 * The mae `sse` transport against a real node:http SSE fixture agent (mae-sse-agent.ts). Case
 * numbers refer to shared/protocols/mae.md §1.8. Expected merged replies were checked by hand
 * against AgentV's `sse_http_adapter` loop (HEAD) run in Python 3 on the same lines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MaeAgentConfig } from '../../src/plan/schema.js';
import { SseMerger } from '../../src/protocols/mae/sse-merge.js';
import { MaeSseTransport } from '../../src/protocols/mae/sse-transport.js';
import type { InvokeOutcome } from '../../src/protocols/types.js';
import { finalAnswer, maeContext, makeMaeAdapter, responseOf } from '../fixtures/mae-harness.js';
import { type MaeSseAgent, startMaeSseAgent } from '../fixtures/mae-sse-agent.js';

let agent: MaeSseAgent;
beforeAll(async () => {
  agent = await startMaeSseAgent();
});
afterAll(async () => {
  await agent.close();
});

const SECRET = 'Bearer mae-sse-secret-value';

async function run(
  task: string,
  options: {
    profile?: 'seed' | 'agentv';
    config?: Partial<MaeAgentConfig>;
    timeoutMs?: number;
    signal?: AbortSignal;
  } = {},
): Promise<{ outcome: InvokeOutcome; requests: MaeSseAgent['requests'] }> {
  const before = agent.requests.length;
  const adapter = makeMaeAdapter(
    {
      transport: 'sse',
      url: `${agent.url}/stream`,
      profile: options.profile ?? 'agentv',
      headers: { authorization: SECRET },
      ...options.config,
    },
    { timeoutMs: options.timeoutMs ?? 2000 },
  );
  try {
    const outcome = await adapter.invoke(task, maeContext(options.signal ? { signal: options.signal } : {}));
    return { outcome, requests: agent.requests.slice(before) };
  } finally {
    await adapter.close();
  }
}

function actions(outcome: InvokeOutcome): unknown[] {
  return responseOf(outcome).actions as unknown[];
}

function errorKind(outcome: InvokeOutcome): string | undefined {
  return outcome.ok ? undefined : outcome.error.kind;
}

describe('mae sse transport: M23/M24', () => {
  it('M23: a completed object event then [DONE] succeeds with answer "A" in one turn', async () => {
    const { outcome, requests } = await run('sse:m23', { timeoutMs: 1500 });
    expect(finalAnswer(outcome)).toBe('A');
    expect(actions(outcome)).toEqual([{ action: 'completed', content: 'A' }]);
    expect(requests).toHaveLength(1);
  });

  it('M23: stops reading at [DONE] although the agent keeps the stream open', async () => {
    const started = performance.now();
    const { outcome } = await run('sse:m23', { timeoutMs: 1500 });
    expect(outcome.ok).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('M24: plain-text events become {content:"Part 1Part 2", status:"completed"} and fail unknown_action', async () => {
    const { outcome } = await run('sse:m24');
    expect(errorKind(outcome)).toBe('unknown_action');
    expect(actions(outcome)).toEqual([{ content: 'Part 1Part 2', status: 'completed' }]);
    expect(outcome.ok ? 0 : outcome.trajectory?.invalidActions).toBe(1);
  });

  it('M24 holds in the seed profile too (no action is no action)', async () => {
    const { outcome } = await run('sse:m24', { profile: 'seed' });
    expect(errorKind(outcome)).toBe('unknown_action');
  });
});

describe('mae sse transport: merge rule and framing', () => {
  it('shallow-merges object events, later keys win, content strings and JSON strings concatenate', async () => {
    const { outcome } = await run('sse:merge');
    expect(actions(outcome)).toEqual([
      { content: 'Hel world', status: 'streaming', step: 2, action: 'final_answer' },
    ]);
    expect(finalAnswer(outcome)).toBe('Hel world');
  });

  it('appends non-object JSON values and non-string content in their Python str() form', async () => {
    const { outcome } = await run('sse:values');
    expect(finalAnswer(outcome)).toBe("42[1, 'a', None]True");
  });

  it('ends at EOF without [DONE]', async () => {
    const { outcome } = await run('sse:eof');
    expect(finalAnswer(outcome)).toBe('no done marker');
  });

  it('counts a last line without a trailing newline at EOF', async () => {
    const { outcome } = await run('sse:eof-partial');
    expect(finalAnswer(outcome)).toBe('unterminated');
  });

  it('an empty stream gives {} and fails unknown_action', async () => {
    const { outcome } = await run('sse:empty');
    expect(errorKind(outcome)).toBe('unknown_action');
    expect(actions(outcome)).toEqual([{}]);
  });

  it('reassembles CRLF lines and UTF-8 characters split across one-byte chunks', async () => {
    const { outcome } = await run('bytewise');
    expect(finalAnswer(outcome)).toBe('héllo ✓');
  });

  it('a JSON reply without SSE framing is read like AgentV ({} → unknown_action) with a content_type warning', async () => {
    const { outcome } = await run('json-reply');
    expect(errorKind(outcome)).toBe('unknown_action');
    expect(outcome.ok ? [] : outcome.trajectory?.events).toContainEqual({
      turn: 1,
      type: 'compat_warning',
      data: { warning: 'content_type' },
    });
  });

  it('an event-stream reply carries no compatibility warning', async () => {
    const { outcome } = await run('final:ok');
    expect(outcome.ok && outcome.trajectory.events.some((e) => e.type === 'compat_warning')).toBe(false);
  });
});

describe('mae sse transport: requests', () => {
  it('POSTs canonical JSON to the URL as given with Accept text/event-stream and the plan headers', async () => {
    const { outcome, requests } = await run('final:ok');
    expect(finalAnswer(outcome)).toBe('ok');
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.path).toBe('/stream');
    expect(request?.headers.accept).toBe('text/event-stream');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.authorization).toBe(SECRET);
    expect(request?.text).toBe('{"task_description":"final:ok"}');
  });

  it('runs a multi-turn conversation with one request per turn (agentv body)', async () => {
    const { outcome, requests } = await run('tool:get_customer_details {"customer_id":"c1"}');
    expect(finalAnswer(outcome)).toBe('echo:Executed get_customer_details');
    expect(requests.map((r) => r.text)).toEqual([
      '{"task_description":"tool:get_customer_details {\\"customer_id\\":\\"c1\\"}"}',
      '{"task_description":"Executed get_customer_details"}',
    ]);
  });

  it('sends the seed body (turn, conversation_history) in the seed profile', async () => {
    const { requests } = await run('final:seed', { profile: 'seed' });
    expect(requests[0]?.body).toEqual({
      task_description: 'final:seed',
      turn: 1,
      conversation_history: [{ role: 'user', content: 'final:seed' }],
    });
  });

  it('resolves ${env.X} in plan headers from the runtime env; resolved runtime headers win', async () => {
    const before = agent.requests.length;
    const fromEnv = makeMaeAdapter(
      { transport: 'sse', url: agent.url, profile: 'agentv', headers: { 'x-token': '${env.MAE_SSE_TOKEN}' } },
      { env: { MAE_SSE_TOKEN: 'tok-from-env' } },
    );
    const resolved = makeMaeAdapter(
      { transport: 'sse', url: agent.url, profile: 'agentv', headers: { 'x-token': '${env.MAE_SSE_TOKEN}' } },
      { headers: { 'x-token': 'tok-from-runtime' } },
    );
    expect(finalAnswer(await fromEnv.invoke('final:a', maeContext()))).toBe('a');
    expect(finalAnswer(await resolved.invoke('final:b', maeContext()))).toBe('b');
    await Promise.all([fromEnv.close(), resolved.close()]);
    expect(agent.requests.slice(before).map((r) => r.headers['x-token'])).toEqual([
      'tok-from-env',
      'tok-from-runtime',
    ]);
  });

  it('fails config_error without a url', async () => {
    const adapter = makeMaeAdapter({ transport: 'sse', profile: 'agentv' });
    const outcome = await adapter.invoke('final:x', maeContext());
    await adapter.close();
    expect(errorKind(outcome)).toBe('config_error');
  });
});

describe('mae sse transport: failures', () => {
  it('HTTP 500 fails http_500 quoting the agent error, without retrying', async () => {
    const { outcome, requests } = await run('http500', { config: { limits: { retries: 3 } } });
    expect(errorKind(outcome)).toBe('http_500');
    expect(outcome.ok ? '' : outcome.error.message).toContain('internal agent failure');
    expect(requests).toHaveLength(1);
  });

  it('HTTP 400 fails http_400 (not retryable)', async () => {
    const { outcome } = await run('http400');
    expect(errorKind(outcome)).toBe('http_400');
    expect(outcome.ok ? undefined : outcome.error.retryable).toBe(false);
  });

  it('no reply within the timeout fails timeout', async () => {
    const started = performance.now();
    const { outcome } = await run('silent', { timeoutMs: 300 });
    expect(errorKind(outcome)).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('the timeout is per call: a stream that stalls after its first event fails timeout', async () => {
    const { outcome } = await run('stalled', { timeoutMs: 300 });
    expect(errorKind(outcome)).toBe('timeout');
  });

  it('an abort mid-stream fails cancelled promptly', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = performance.now();
    const { outcome } = await run('stalled', { timeoutMs: 5000, signal: controller.signal });
    expect(errorKind(outcome)).toBe('cancelled');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('a refused connection fails transport_error', async () => {
    const adapter = makeMaeAdapter({ transport: 'sse', url: 'http://127.0.0.1:1/stream', profile: 'agentv' });
    const outcome = await adapter.invoke('final:x', maeContext());
    await adapter.close();
    expect(errorKind(outcome)).toBe('transport_error');
  });

  it('never puts header secrets in outcomes', async () => {
    for (const task of ['final:ok', 'http500', 'sse:m24', 'silent']) {
      const { outcome, requests } = await run(task, { timeoutMs: 300 });
      expect(JSON.stringify(outcome)).not.toContain(SECRET);
      expect(requests[0]?.headers.authorization).toBe(SECRET);
    }
  });
});

describe('MaeSseTransport', () => {
  it('fails response_too_large past maxResponseBytes', async () => {
    const transport = new MaeSseTransport({
      url: `${agent.url}/stream`,
      timeoutMs: 2000,
      headers: {},
      maxResponseBytes: 64 * 1024,
    });
    const reply = await transport.send(
      { task_description: 'big' },
      { signal: new AbortController().signal, log: () => undefined },
    );
    await transport.close();
    expect(reply.ok ? undefined : reply.error.kind).toBe('response_too_large');
  });

  it('reads a ~1 MiB stream under the default limit', async () => {
    const transport = new MaeSseTransport({ url: `${agent.url}/stream`, timeoutMs: 2000, headers: {} });
    const reply = await transport.send(
      { task_description: 'big' },
      { signal: new AbortController().signal, log: () => undefined },
    );
    await transport.close();
    expect(reply.ok && (reply.reply as { content: string }).content.length).toBe(1000 * 1024);
  });

  it('fails transport_error after close and closes idempotently', async () => {
    const transport = new MaeSseTransport({ url: `${agent.url}/stream`, timeoutMs: 2000, headers: {} });
    await transport.close();
    await expect(transport.close()).resolves.toBeUndefined();
    const reply = await transport.send(
      { task_description: 'final:x' },
      { signal: new AbortController().signal, log: () => undefined },
    );
    expect(reply.ok ? undefined : reply.error.kind).toBe('transport_error');
  });
});

describe('SseMerger edge cases (expected values from AgentV HEAD in Python)', () => {
  function merge(lines: string[]): Record<string, unknown> {
    const merger = new SseMerger();
    for (const line of lines) if (merger.pushLine(line) === 'done') break;
    return merger.result();
  }

  it('an empty object does not count as an object: text still becomes {content, status}', () => {
    expect(merge(['data: {}', 'data: hi'])).toEqual({ content: 'hi', status: 'completed' });
  });

  it('drops stray text when no object carried content', () => {
    expect(merge(['data: {"action":"final_answer","summary":"S"}', 'data: stray text'])).toEqual({
      action: 'final_answer',
      summary: 'S',
    });
  });

  it('accepts data: without a space and indented lines, ignores other fields', () => {
    expect(
      merge(['data:{"content":"x"}', '  data:  y  ', 'event: data: z', 'data: [DONE]', 'data: late']),
    ).toEqual({
      content: 'xy',
    });
  });

  it('appends a null content as None', () => {
    expect(merge(['data: {"content":null,"action":"completed"}', 'data: {"content":""}'])).toEqual({
      content: 'None',
      action: 'completed',
    });
  });

  it('keeps a __proto__ key as plain data', () => {
    const merged = merge(['data: {"__proto__":{"polluted":true},"action":"completed"}']);
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect((merged as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.keys(merged)).toEqual(['__proto__', 'action']);
  });
});
