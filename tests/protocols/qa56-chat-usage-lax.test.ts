/**
 * QA56: the Connexity platform reads an agent's `usage` counts with pydantic `int | None` in lax
 * (Python) mode (Connexity-AI/connexity-evals backend/app/models/agent_contract.py `TokenUsage`,
 * validated by `AgentResponse.model_validate(resp.json())` in
 * Connexity-AI/connexity backend/app/services/eval_runtimes/text/custom_endpoint.py). evalc
 * validates replies as those models do, but accepted only non-negative integers and digit
 * strings: a reply the platform takes (`true`, `"12.0"`, `"1_000"`, `" +12 "`, `-1`) failed the
 * whole conversation `contract_violation` — for `-1` with "must be an integer". Each such value
 * is now accepted; a safe non-negative count is kept, a negative one is not (no error); a value
 * pydantic refuses (`12.5`, `"1e2"`, `"0x10"`, `"12."`) still fails. Real loopback agent: the
 * user message is the raw JSON text of `prompt_tokens`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatAdapter } from '../../src/protocols/chat/adapter.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { testContext } from './conformance.js';

let agent: Loopback;
beforeAll(async () => {
  agent = await startLoopback((_req, res, body) => {
    const { messages } = JSON.parse(body) as { messages: { content: string }[] };
    const raw = messages[messages.length - 1]?.content ?? 'null';
    const text = `{"messages":[{"role":"assistant","content":"ok"}],"usage":{"prompt_tokens":${raw},"completion_tokens":3}}`;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(text);
  });
});
afterAll(() => agent.close());

async function promptTokens(raw: string): Promise<number | undefined | string> {
  const transport = new HttpTransport({ timeoutMs: 2000, retries: 0 });
  const adapter = createChatAdapter({ protocol: 'chat', url: `${agent.url}/agent/respond` }, { transport });
  try {
    const outcome = await adapter.invoke(raw, testContext(new AbortController().signal));
    if (!outcome.ok) return `${outcome.error.kind}: ${outcome.error.message}`;
    expect(outcome.trajectory.usage.outputTokens).toBe(3);
    return outcome.trajectory.usage.inputTokens;
  } finally {
    await adapter.close();
  }
}

describe('chat usage counts read as the platform reads them (pydantic lax int)', () => {
  it.each([
    ['12', 12],
    ['12.0', 12],
    ['"12"', 12],
    ['"12.0"', 12],
    ['" +12 "', 12],
    ['"1_000"', 1000],
    ['"0012"', 12],
    ['true', 1],
    ['false', 0],
  ])('keeps %s as %s', async (raw, count) => {
    expect(await promptTokens(raw)).toBe(count);
  });

  it.each(['-1', '"-5"'])('accepts %s without keeping it', async (raw) => {
    expect(await promptTokens(raw)).toBeUndefined();
  });

  it.each(['12.5', '"1e2"', '"0x10"', '"12."', '"1__0"', '"abc"', '[1]'])('refuses %s', async (raw) => {
    expect(await promptTokens(raw)).toMatch(/^contract_violation: .*usage\.prompt_tokens must be an integer/);
  });
});
