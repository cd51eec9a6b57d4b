/**
 * QA293: an agent that answers with an unsolicited `100 Continue` before its reply (RFC 9110 §15.2:
 * a client MUST parse 1xx replies it did not expect) is read: every request failed
 * `transport_error` 'the reply is not a valid answer to this request', though curl, Python's
 * http.client and Node's http module read such a reply.
 */
import { createServer as createNetServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { probeUrl } from '../../src/executor/ready-url.js';
import { dropInterimContinue } from '../../src/protocols/http/interim-continue.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { MaeSseTransport } from '../../src/protocols/mae/sse-transport.js';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';

const opened: Loopback[] = [];
const rawServers: Server[] = [];
const transports: HttpTransport[] = [];
afterEach(async () => {
  await Promise.all(transports.splice(0).map((t) => t.close()));
  await Promise.all(opened.splice(0).map((s) => s.close()));
  await Promise.all(
    rawServers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))),
  );
});

function transport(): HttpTransport {
  const t = new HttpTransport({ retries: 0, timeoutMs: 5_000 });
  transports.push(t);
  return t;
}

/** A raw HTTP/1.1 server: each request (head and Content-Length body) is answered by `answer`. */
async function startRaw(answer: (socket: Socket, n: number) => void): Promise<string> {
  const sockets = new Set<Socket>();
  let n = 0;
  const server = createNetServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let pending = '';
    socket.on('data', (data: Buffer) => {
      pending += data.toString('latin1');
      for (;;) {
        const end = pending.indexOf('\r\n\r\n');
        if (end < 0) return;
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(pending.slice(0, end))?.[1] ?? 0);
        if (pending.length < end + 4 + length) return;
        pending = pending.slice(end + 4 + length);
        answer(socket, n++);
      }
    });
  });
  const origClose = server.close.bind(server);
  server.close = ((cb?: (err?: Error) => void) => {
    for (const socket of sockets) socket.destroy();
    return origClose(cb);
  }) as Server['close'];
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  rawServers.push(server);
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return `http://127.0.0.1:${address.port}`;
}

function chunkedJson(body: unknown): string {
  const text = JSON.stringify(body);
  return `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n${text.length.toString(16)}\r\n${text}\r\n0\r\n\r\n`;
}

describe('an unsolicited 100 Continue before the reply (QA293)', () => {
  it('is skipped on every request of a keep-alive connection, GET and POST', async () => {
    const server = await startLoopback((req, res, body) => {
      res.writeContinue();
      sendJson(res, 200, { method: req.method, body });
    });
    opened.push(server);
    const t = transport();
    for (const i of [1, 2, 3]) {
      const reply = await t.requestJson({ method: 'POST', url: `${server.url}/invoke`, body: { i } });
      expect(reply.ok ? reply.body : reply.error.message).toEqual({ method: 'POST', body: `{"i":${i}}` });
    }
    const info = await t.requestJson({ method: 'GET', url: `${server.url}/info` });
    expect(info.ok ? info.body : info.error.message).toEqual({ method: 'GET', body: '' });
  });

  it('is skipped when it comes in pieces, twice, with headers, as HTTP/1.0 or after a 103', async () => {
    const url = await startRaw((socket, n) => {
      const pieces =
        n === 0
          ? ['HTT', 'P/1.1 10', '0 Continue\r', '\n\r\n', chunkedJson({ n })]
          : n === 1
            ? ['HTTP/1.1 100 Continue\r\nx-a: 1\r\n\r\nHTTP/1.0 100\r\n\r\n', chunkedJson({ n })]
            : [
                'HTTP/1.1 103 Early Hints\r\nlink: </a>\r\n\r\n',
                'HTTP/1.1 100 Continue\r\n\r\n',
                chunkedJson({ n }),
              ];
      let k = 0;
      const next = (): void => {
        const piece = pieces[k++];
        if (piece === undefined) return;
        socket.write(piece);
        setTimeout(next, 15);
      };
      next();
    });
    const t = transport();
    for (const n of [0, 1, 2]) {
      const reply = await t.requestJson({ method: 'POST', url: `${url}/agent/respond`, body: {} });
      expect(reply.ok ? reply.body : reply.error.message).toEqual({ n });
    }
  });

  it('leaves a reply whose body, sent apart from its head, starts with a 100 status line as it is', async () => {
    const text = 'HTTP/1.1 100 Continue\r\n\r\n';
    const url = await startRaw((socket) => {
      socket.write(`HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: ${text.length}\r\n\r\n`);
      setTimeout(() => socket.write(text), 20);
    });
    const t = transport();
    for (const _ of [1, 2]) {
      const reply = await t.requestJson({ method: 'POST', url: `${url}/x`, body: {} });
      expect(reply.text).toBe(text);
    }
  });

  it('is skipped before a mae sse stream', async () => {
    const server = await startLoopback((_req, res) => {
      res.writeContinue();
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end('data: {"action":"final_answer","summary":"A"}\n\ndata: [DONE]\n\n');
    });
    opened.push(server);
    const sse = new MaeSseTransport({ url: `${server.url}/execute_task`, timeoutMs: 5_000, headers: {} });
    const reply = await sse.send(
      { task_description: 'T' },
      { signal: new AbortController().signal, log: () => undefined },
    );
    await sse.close();
    expect(reply.ok ? reply.reply : reply.error.message).toEqual({ action: 'final_answer', summary: 'A' });
  });

  it("is skipped by a served agent's ready.url probe", async () => {
    const server = await startLoopback((_req, res) => {
      res.writeContinue();
      sendJson(res, 200, { ok: true });
    });
    opened.push(server);
    expect(await probeUrl(`${server.url}/info`, 2_000)).toBe('ready');
  });

  it('dropInterimContinue waits while a start cannot be told and keeps every other reply', () => {
    const b = (s: string) => Buffer.from(s, 'latin1');
    expect(dropInterimContinue(b('HTTP/1.'))).toBeUndefined();
    expect(dropInterimContinue(b('HTTP/1.1 100 Continue\r\n'))).toBeUndefined();
    expect(dropInterimContinue(b('HTTP/1.1 100 Continue\r\n\r\n'))).toBeUndefined();
    expect(dropInterimContinue(b('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\n'))?.rest.toString()).toBe(
      'HTTP/1.1 200 OK\r\n',
    );
    expect(dropInterimContinue(b('HTTP/1.1 1000'))?.rest.toString()).toBe('HTTP/1.1 1000');
    expect(dropInterimContinue(b('HTTP/1.1 103 Early Hints\r\n\r\n'))).toBeUndefined();
    expect(
      dropInterimContinue(
        b('HTTP/1.1 103 Early Hints\r\nlink: </a>\r\n\r\nHTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\n'),
      )?.rest.toString(),
    ).toBe('HTTP/1.1 103 Early Hints\r\nlink: </a>\r\n\r\nHTTP/1.1 200 OK\r\n');
    expect(dropInterimContinue(b('HTTP/1.1 10'))).toBeUndefined();
    expect(dropInterimContinue(b('HTTP/1.1 101 Switching Protocols\r\n'))?.rest.toString()).toBe(
      'HTTP/1.1 101 Switching Protocols\r\n',
    );
    expect(dropInterimContinue(b('HTTP/1.1 200 OK\r\n'))?.rest.toString()).toBe('HTTP/1.1 200 OK\r\n');
    expect(dropInterimContinue(b('garbage'))?.rest.toString()).toBe('garbage');
  });
});
