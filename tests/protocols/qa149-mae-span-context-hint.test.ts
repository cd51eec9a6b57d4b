/**
 * QA149: `traceContext: true` adds `span_context: {traceparent}` to every mae request body (AgentV
 * sends it only when OpenTelemetry is importable). A FastAPI agent strict about its body
 * (`extra='forbid'`) refuses it with a 422 `extra_forbidden` at `["body", "span_context"]`, and
 * every example failed `http_422` with no word of the setting: QA144's profile hint covered
 * `turn` and `conversation_history` only. The error now names traceContext, beside the profile
 * hint when both apply. A real loopback agent answers as FastAPI does.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMaeAdapter } from '../../src/protocols/mae/adapter.js';
import type { InvokeContext } from '../../src/protocols/types.js';

let server: Server;
let url = '';

/** Accepts `{task_description}` alone (pydantic v2, extra='forbid'). */
beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      const body = JSON.parse(text) as Record<string, unknown>;
      const detail = Object.keys(body)
        .filter((key) => key !== 'task_description')
        .map((key) => ({
          type: 'extra_forbidden',
          loc: ['body', key],
          msg: 'Extra inputs are not permitted',
        }));
      res.writeHead(detail.length > 0 ? 422 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(detail.length > 0 ? { detail } : { action: 'final_answer', summary: 'ok' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function invoke(profile: 'seed' | 'agentv', traceContext: boolean) {
  const adapter = createMaeAdapter(
    { protocol: 'mae', transport: 'http', url, profile, traceContext, limits: { retries: 0 } },
    { cwd: process.cwd() },
  );
  const ctx: InvokeContext = {
    runId: 'run-1',
    taskId: 'task-1',
    datasetId: 'd1',
    example: { id: 'ex-1' },
    repeat: 0,
    trace: false,
    signal: new AbortController().signal,
    log: () => {},
  };
  try {
    return await adapter.invoke('hello', ctx);
  } finally {
    await adapter.close();
  }
}

describe('a strict agent refusing span_context names traceContext', () => {
  it('under profile: agentv', async () => {
    const outcome = await invoke('agentv', true);
    expect(outcome.ok).toBe(false);
    const message = outcome.ok ? '' : outcome.error.message;
    expect(message).toContain('HTTP 422');
    expect(message).toContain('the agent refuses span_context, which traceContext: true adds');
    expect(message).not.toContain('needs profile');
  });

  it('under the seed profile, beside the profile hint', async () => {
    const outcome = await invoke('seed', true);
    const message = outcome.ok ? '' : outcome.error.message;
    expect(message).toContain('needs profile: agentv');
    expect(message).toContain('the agent refuses span_context, which traceContext: true adds');
  });

  it('without traceContext the agentv body is accepted', async () => {
    expect((await invoke('agentv', false)).ok).toBe(true);
  });
});
