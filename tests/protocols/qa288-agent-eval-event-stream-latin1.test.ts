/**
 * QA288 (9440197f's case for the agent-eval judge over HTTP): a judge answering `POST /v1/judge`
 * with a Latin-1 event stream (`data: {…}`, labelled text/event-stream or not) was hinted 'e.g.
 * Content-Type: text/event-stream; charset=iso-8859-1', a type the judge client, which reads one
 * JSON reply (agent-eval has no streaming), then read as 'reply is not JSON: data: {…}'. It is
 * hinted application/json; the hint, followed, reads the verdict. A real loopback server.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ANTI_SLOP_RUBRIC,
  judgeSomeAnswer,
  startAgentEvalDiscovery,
} from '../fixtures/agent-eval-discovery.js';
import { type Loopback, sendJson } from '../fixtures/loopback.js';

const verdict =
  '{"composite":0.8,"dimensions":{"a":0.8},"failureModes":[],"wins":[],"rationale":"très bien","rubricVersion":"anti-slop@1","model":"m","durationMs":1}';
let server: Loopback;
let reply = { text: '', contentType: undefined as string | undefined };

beforeAll(async () => {
  server = await startAgentEvalDiscovery([ANTI_SLOP_RUBRIC], (req, res) => {
    if (req.url === '/healthz') return sendJson(res, 200, { status: 'ok' });
    res.writeHead(200, reply.contentType === undefined ? {} : { 'content-type': reply.contentType });
    res.end(Buffer.from(reply.text, 'latin1'));
  });
});
afterAll(() => server.close());

it.each([['text/event-stream'], [undefined]])(
  'a Latin-1 stream (Content-Type %s) is hinted application/json',
  async (contentType) => {
    reply = { text: `data: ${verdict}\n\n`, contentType };
    const outcome = await judgeSomeAnswer(server.url);
    expect(outcome.ok ? outcome : outcome.error).toMatchObject({ kind: 'invalid_json' });
    if (outcome.ok) return;
    expect(outcome.error.message).toContain(
      'e.g. Content-Type: application/json; charset=iso-8859-1 (an agent-eval judge reads no event stream: send one JSON reply)',
    );
  },
);

it('the hint, followed, reads the verdict', async () => {
  reply = { text: verdict, contentType: 'application/json; charset=iso-8859-1' };
  const outcome = await judgeSomeAnswer(server.url);
  expect(outcome.ok ? 'judged' : outcome.error).toBe('judged');
});
