/**
 * QA184: a reply framed by neither Content-Length nor chunked encoding ends when the server closes
 * the connection; one closed in the middle of its JSON (a crashed worker, a proxy's cut) was
 * `invalid_json`, a definitive answer: an agent-eval judge never asked again (while the same cut
 * under a Content-Length or chunked framing is a retried `transport_error`). It is a transport
 * failure now, retried up to `limits.retries`. A complete body whose JSON is malformed stays
 * `invalid_json`, as does an unfinished JSON under a Content-Length (the server wrote it so).
 */
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgentEvalJudge } from '../../src/protocols/agent-eval/agent-eval-judge.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';

const RUBRIC = {
  name: 'g',
  description: 'd',
  dimensions: [{ id: 'q', description: 'quality', weight: 1 }],
  failureModes: [],
  rubricVersion: 'g@1',
};
const VERDICT = {
  composite: 0.8,
  dimensions: { q: 0.8 },
  failureModes: [],
  wins: [],
  rationale: 'fine',
  rubricVersion: 'g@1',
  model: 'stub',
  durationMs: 1,
};

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Writes the first `cut` characters of `body` without a Content-Length, then closes. */
function sendCloseDelimited(res: ServerResponse, body: string, cut = body.length): void {
  res.removeHeader('transfer-encoding'); // node then neither chunks nor counts: the close ends the body
  res.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
  res.write(body.slice(0, cut));
  res.end();
}

async function server(handler: (res: ServerResponse, calls: number) => void): Promise<{
  loopback: Loopback;
  calls: () => number;
}> {
  let calls = 0;
  const loopback = await startLoopback((req, res) => {
    if (req.url === '/v1/version')
      return sendJson(res, 200, {
        package: '@tangle-network/agent-eval',
        version: '0.20.10',
        wireVersion: '1.0.0',
      });
    if (req.url === '/v1/rubrics') return sendJson(res, 200, { rubrics: [RUBRIC] });
    calls++;
    return handler(res, calls);
  });
  cleanups.push(() => loopback.close());
  return { loopback, calls: () => calls };
}

function judgeAt(url: string, retries: number) {
  const judge = createAgentEvalJudge(
    { protocol: 'agent-eval', url, rubric: 'g', limits: { retries } },
    { cwd: process.cwd(), rubrics: {} },
  );
  cleanups.push(() => judge.close());
  return judge.judge({ content: 'an answer', rubric: { name: 'g' } }, AbortSignal.timeout(20_000));
}

const text = JSON.stringify(VERDICT);

describe('a judge reply the connection cut off mid-JSON (QA184)', () => {
  it('is asked again and scored from the complete second reply', async () => {
    const { loopback, calls } = await server((res, n) =>
      sendCloseDelimited(res, text, n === 1 ? 40 : undefined),
    );
    const judged = await judgeAt(loopback.url, 1);
    expect(judged).toMatchObject({ ok: true, verdict: { score: 0.8 } });
    expect(calls()).toBe(2);
  });

  it('with limits.retries 0 fails as a transient transport_error naming the cut', async () => {
    const { loopback, calls } = await server((res) => sendCloseDelimited(res, text, 40));
    const judged = await judgeAt(loopback.url, 0);
    expect(judged.ok ? undefined : judged.error).toMatchObject({
      kind: 'transport_error',
      retryable: true,
      message: `POST ${loopback.url}/v1/judge: the connection closed in the middle of the reply (HTTP 200, no Content-Length: 40 bytes of JSON that ends unfinished, '{"composite":0.8,"dimensions":{"q":0.8},')`,
    });
    expect(calls()).toBe(1);
  });
});

describe('the HTTP transport tells a cut reply from a malformed one (QA184)', () => {
  async function ask(handler: (res: ServerResponse) => void) {
    const loopback = await startLoopback((_req, res) => handler(res));
    cleanups.push(() => loopback.close());
    const transport = new HttpTransport({ retries: 0, timeoutMs: 5000 });
    cleanups.push(() => transport.close());
    const reply = await transport.requestJson({ method: 'POST', url: `${loopback.url}/invoke`, body: {} });
    return reply.ok ? undefined : reply.error;
  }

  it('a close-delimited body cut inside a string is a retryable transport_error', async () => {
    const error = await ask((res) => sendCloseDelimited(res, '{"output": {"answer": "half of it'));
    expect(error).toMatchObject({ kind: 'transport_error', retryable: true });
  });

  it('a close-delimited body that closes what it opens but is malformed stays invalid_json', async () => {
    const error = await ask((res) => sendCloseDelimited(res, '{"output": nope}'));
    expect(error).toMatchObject({ kind: 'invalid_json', retryable: false });
  });

  it('an unfinished JSON sent whole under its Content-Length stays invalid_json', async () => {
    const error = await ask((res) => {
      const body = '{"output": {"answer": 1}';
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
      res.end(body);
    });
    expect(error).toMatchObject({ kind: 'invalid_json', retryable: false });
  });
});
