/**
 * Regression (QA63): a chat agent's error reply is described as the other adapters describe it
 * (server-said.ts). The chat adapter had its own reader, which quoted Flask/Werkzeug's HTML 500
 * page tags and all (`<!doctype html> <html lang=en> <title>…`) and FastAPI's 422 validation list
 * as raw JSON, where RAIP, openai and http agents on the same server said
 * `Internal Server Error The server encountered…` and `body.messages.0.content: field required`.
 * Real python3 stdlib server (tests/fixtures/qa63-one-connection-server.py).
 */
import { describe, expect, it } from 'vitest';
import { createChatAdapter } from '../../src/protocols/chat/adapter.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { useOneConnectionServer } from '../fixtures/qa63-python-server.js';
import { testContext } from './conformance.js';

const server = useOneConnectionServer();

async function errorOf(path: string): Promise<{ kind: string; message: string }> {
  const adapter = createChatAdapter(
    { protocol: 'chat', url: `${server.base}${path}` },
    { transport: new HttpTransport({ timeoutMs: 3_000, retries: 0 }) },
  );
  try {
    const outcome = await adapter.invoke(
      { messages: [{ role: 'user', content: 'hi' }] },
      testContext(new AbortController().signal),
    );
    if (outcome.ok) throw new Error('expected a failure');
    return { kind: outcome.error.kind, message: outcome.error.message };
  } finally {
    await adapter.close();
  }
}

describe('chat agent error pages (QA63)', () => {
  it("reads Werkzeug's HTML 500 page as its text, without tags", async () => {
    const error = await errorOf('/werkzeug-500');
    expect(error.kind).toBe('http_500');
    expect(error.message).toMatch(
      /: HTTP 500: 500 Internal Server Error Internal Server Error The server encountered an internal error/,
    );
    expect(error.message).not.toMatch(/<|&lt;|doctype/i);
  });

  it("names the field of FastAPI's 422 validation list", async () => {
    const error = await errorOf('/fastapi-422');
    expect(error.kind).toBe('http_422');
    expect(error.message).toMatch(/: HTTP 422: body\.messages\.0\.content: field required$/);
  });
});
