/**
 * QA24: MultiAgentEval agents written in Python, as most teams write them (a stdlib fixture,
 * tests/fixtures/qa24-python-agent.py, run with python3 from PATH).
 *
 * - An `http`/`sse` agent's error reply was quoted only when it was `{"error": "…"}`: FastAPI's
 *   422 (`{"detail": [{"loc": ["body", "turn"], "msg": "field required"}]}` — what an agent whose
 *   pydantic model requires `turn` answers the agentv profile) and the HTML pages of Flask and
 *   http.server said just `HTTP 422` / `HTTP 500`. They now say what the agent said.
 * - A seed socket agent on asyncio streams hangs up on a request line over 64 KiB (readline's
 *   default limit): a tool returning a large document broke the conversation with only
 *   "connection closed before a reply"; the message now names the size and the limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvokeOutcome } from '../../src/protocols/types.js';
import { finalAnswer, maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';
import { type PythonAgent, startPythonAgent } from '../fixtures/qa24-python-process.js';

let http: PythonAgent;
let socket: PythonAgent;
beforeAll(async () => {
  [http, socket] = await Promise.all([startPythonAgent('http'), startPythonAgent('socket')]);
});
afterAll(async () => {
  await Promise.all([http?.stop(), socket?.stop()]);
});

function failure(outcome: InvokeOutcome): { kind: string; message: string } {
  if (outcome.ok) throw new Error(`expected a failure, got ${JSON.stringify(outcome.trajectory.response)}`);
  return outcome.error;
}

describe.each(['http', 'sse'] as const)('mae %s agent in Python: error replies', (transport) => {
  async function invoke(task: string): Promise<InvokeOutcome> {
    const url = `http://127.0.0.1:${http.port}/execute_task`;
    const adapter = makeMaeAdapter({ transport, url, profile: 'agentv' });
    try {
      return await adapter.invoke(task, maeContext());
    } finally {
      await adapter.close();
    }
  }

  it("quotes FastAPI's 422 validation list as loc: msg", async () => {
    const error = failure(await invoke('fastapi-422'));
    expect(error.kind).toBe('http_422');
    // QA144: followed by the profile that sends `turn` (this agent requires it; the profile is agentv)
    expect(error.message).toMatch(
      /HTTP 422: body\.turn: field required \(the agent requires turn, .*profile: seed, the default\)$/,
    );
  });

  it("quotes the text of http.server's HTML error page, without tags", async () => {
    const error = failure(await invoke('html-500'));
    expect(error.kind).toBe('http_500');
    expect(error.message).toContain('HTTP 500: Error response');
    expect(error.message).toContain('Internal Server Error');
    expect(error.message).not.toContain('<');
  });

  it("quotes the text of Flask's HTML 500 page, without tags", async () => {
    const error = failure(await invoke('werkzeug-500'));
    expect(error.kind).toBe('http_500');
    expect(error.message).toContain(
      'HTTP 500: 500 Internal Server Error Internal Server Error The server encountered',
    );
    expect(error.message).not.toContain('<');
  });
});

describe('mae http agent in Python: a good request', () => {
  it('still answers it', async () => {
    const adapter = makeMaeAdapter({
      transport: 'http',
      url: `http://127.0.0.1:${http.port}/execute_task`,
      profile: 'agentv',
    });
    try {
      expect(finalAnswer(await adapter.invoke('hello', maeContext()))).toBe('A:hello');
    } finally {
      await adapter.close();
    }
  });
});

describe('mae seed socket agent on asyncio streams', () => {
  it('names the 64 KiB readline limit when the agent hangs up on a long request line', async () => {
    const adapter = makeMaeAdapter({ transport: 'socket', address: `127.0.0.1:${socket.port}` });
    const doc = { status: 'success', doc: 'x'.repeat(100_000) };
    try {
      const outcome = await adapter.invoke(
        'big',
        maeContext({ example: { tools: { fetch_doc: { output: doc } } } }),
      );
      const error = failure(outcome);
      expect(error.kind).toBe('transport_error');
      expect(error.message).toMatch(/connection closed before a reply \(the request line was \d+ bytes: /);
      expect(error.message).toContain('limit=');
      const size = Number(/was (\d+) bytes/.exec(error.message)?.[1]);
      expect(size).toBeGreaterThan(200_000); // relayed twice: task_description and conversation_history
      expect(socket.stderr()).toContain('Separator is not found');
      // the next conversation on the same adapter is served again
      expect(finalAnswer(await adapter.invoke('small', maeContext()))).toBe('A:small');
    } finally {
      await adapter.close();
    }
  });

  it('adds no hint when a short request is hung up on', async () => {
    const { longLineHint } = await import('../../src/protocols/mae/long-line-hint.js');
    expect(longLineHint(`${'x'.repeat(65_535)}\n`)).toBe('');
    expect(longLineHint(`${'x'.repeat(65_536)}\n`)).toContain('65537 bytes');
    expect(longLineHint(`${'é'.repeat(40_000)}\n`)).toContain('80001 bytes');
  });
});
