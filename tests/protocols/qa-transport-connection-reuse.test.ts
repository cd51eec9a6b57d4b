/**
 * Regression (QA): sequential requests of one HttpTransport reuse one keep-alive connection.
 * The undici pool marked a connection free only after the reply's end was processed, so the
 * next request (sent at once, as an action loop does) opened a second connection — against a
 * single-threaded keep-alive agent (Python's http.server with HTTP/1.1) each request then waited
 * for the idle connection to time out: 4 s per request, 2m37s for 40 two-turn examples at
 * concurrency 1 in a black-box run (3 s after the fix). Real node:http server counting sockets.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';

let server: Server;
let url = '';
let connections = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end('{"action":"final_answer","summary":"ok"}');
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/execute_task`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('HttpTransport keep-alive reuse', () => {
  it('sends back-to-back requests over the same connection', async () => {
    const transport = new HttpTransport({ retries: 0, connections: 16 });
    try {
      for (let turn = 1; turn <= 5; turn++) {
        const reply = await transport.requestJson({ method: 'POST', url, body: { turn } });
        expect(reply.ok).toBe(true);
      }
    } finally {
      await transport.close();
    }
    expect(connections).toBe(1);
  });
});
