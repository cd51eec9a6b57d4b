/**
 * QA41: an `openai` agent's rendered input `{messages, stream, n, top_k, chat_template_kwargs, …}`
 * lost every key outside a short list without a word — a plan asking for a streamed answer, Qwen3's
 * `chat_template_kwargs: {enable_thinking: false}` or llama.cpp's `top_k` got a request without
 * them. They are sent now (a streamed reply is merged), and validate warns about the keys that are
 * still not sent (`EVALC_OPENAI_INPUT_KEY`, once per binding, naming its openai agents).
 * Real loopback server that streams only when asked, as OpenAI does.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createOpenaiAdapter } from '../../src/protocols/openai/adapter.js';
import { startLoopback } from '../fixtures/loopback.js';
import { testContext } from './conformance.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('openai agent input fields (QA41)', () => {
  it('sends stream, n and the servers’ sampling extensions, and merges the streamed answer', async () => {
    const bodies: Record<string, unknown>[] = [];
    const server = await startLoopback((_req, res, text) => {
      const body = JSON.parse(text) as Record<string, unknown>;
      bodies.push(body);
      if (body.stream !== true) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            choices: [
              { index: 0, message: { role: 'assistant', content: 'not streamed' }, finish_reason: 'stop' },
            ],
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const part of ['Str', 'eamed']) {
        res.write(
          `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: part }, finish_reason: null }] })}\n\n`,
        );
      }
      res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`);
      res.write(
        `data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 } })}\n\n`,
      );
      res.end('data: [DONE]\n\n');
    });
    const adapter = createOpenaiAdapter(
      { protocol: 'openai', url: `${server.url}/v1`, model: 'qwen3' },
      { transport: new HttpTransport({ retries: 0 }) },
    );
    cleanups.push(
      () => server.close(),
      () => adapter.close(),
    );
    const outcome = await adapter.invoke(
      {
        messages: [{ role: 'user', content: 'hi' }],
        stream: true,
        stream_options: { include_usage: true },
        n: 1,
        top_k: 20,
        min_p: 0,
        repetition_penalty: 1.05,
        chat_template_kwargs: { enable_thinking: false },
        query: 'not an API field',
      },
      testContext(new AbortController().signal),
    );
    expect(bodies[0]).toEqual({
      model: 'qwen3',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
      stream_options: { include_usage: true },
      n: 1,
      top_k: 20,
      min_p: 0,
      repetition_penalty: 1.05,
      chat_template_kwargs: { enable_thinking: false },
    });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect((outcome.trajectory.response as { content?: unknown }).content).toBe('Streamed');
    expect(outcome.trajectory.usage).toMatchObject({ totalTokens: 7 });
  });

  it('validate warns once per binding about input keys that are not sent, naming its openai agents', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa41-openai-input-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: b }
agents:
  m1: { protocol: openai, url: "http://127.0.0.1:9/v1", model: a }
  m2: { protocol: openai, url: "http://127.0.0.1:9/v1", model: b }
  r: { protocol: raip, url: "http://127.0.0.1:9" }
tasks:
  t:
    bindings:
      default:
        input:
          messages: [{ role: user, content: "{{q}}" }]
          stream: true
          tool_choise: auto
          query: "{{q}}"
        output: { answer: content }
    datasets: { d: { examples: [ { id: e1, vars: { q: hi } } ] } }
`,
    );
    const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
    const warnings = result.diagnostics.filter((d) => d.code === 'EVALC_OPENAI_INPUT_KEY');
    expect(warnings.map((d) => `${d.severity} ${d.source?.line}:${d.source?.col} ${d.message}`)).toEqual([
      "warning 14:11 `tool_choise`, `query` of binding `default`'s input are not sent to openai agents `m1`, `m2`: only chat-completions request fields are",
    ]);
  });
});
