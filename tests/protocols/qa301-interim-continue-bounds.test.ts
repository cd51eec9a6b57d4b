/**
 * QA301: the 100 Continue connector (interim-continue.ts) hands an interim block undici refuses on to
 * undici at once. It waited for a CRLF blank line that never came, so a server whose lines end in a
 * bare LF, or whose 100 block runs on past the header limit, held the request until its timeout
 * ('no reply within …'), its block copied into one buffer again on every packet, where undici says
 * at once what is wrong, as without the connector.
 */
import { createServer as createNetServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { dropInterimContinue, skipInterimContinue } from '../../src/protocols/http/interim-continue.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { sendJson, startLoopback } from '../fixtures/loopback.js';

const servers: Server[] = [];
const transports: HttpTransport[] = [];
afterEach(async () => {
  await Promise.all(transports.splice(0).map((t) => t.close()));
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

/** A raw server: `answer` is called once a request's head has come, on every connection. */
async function startRaw(answer: (socket: Socket) => void): Promise<string> {
  const sockets = new Set<Socket>();
  const server = createNetServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    let head = '';
    socket.on('data', (data: Buffer) => {
      if (head.includes('\r\n\r\n')) return;
      head += data.toString('latin1');
      if (head.includes('\r\n\r\n')) answer(socket);
    });
  });
  const close = server.close.bind(server);
  server.close = ((cb?: (err?: Error) => void) => {
    for (const socket of sockets) socket.destroy();
    return close(cb);
  }) as Server['close'];
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return `http://127.0.0.1:${address.port}`;
}

async function ask(url: string): Promise<{ message: string; ms: number }> {
  const t = new HttpTransport({ retries: 0, timeoutMs: 4_000 });
  transports.push(t);
  const started = Date.now();
  const reply = await t.requestJson({ method: 'POST', url: `${url}/invoke`, body: { q: 1 } });
  return { message: reply.ok ? 'ok' : reply.error.message, ms: Date.now() - started };
}

describe('an interim block undici refuses is refused at once (QA301)', () => {
  it('a 100 Continue ended by bare LFs: not valid HTTP/1.1, not a timeout', async () => {
    const url = await startRaw((socket) =>
      socket.write('HTTP/1.1 100 Continue\n\nHTTP/1.1 200 OK\ncontent-length: 2\n\n{}'),
    );
    const { message, ms } = await ask(url);
    expect(message).toMatch(/: the reply is not valid HTTP\/1\.1: .*Missing expected CR/);
    expect(ms).toBeLessThan(2_000);
  });

  it('a 100 Continue whose headers run on past 64 KiB: too large, not a timeout', async () => {
    const url = await startRaw((socket) => {
      socket.write('HTTP/1.1 100 Continue\r\n');
      let sent = 0;
      const more = (): void => {
        if (socket.destroyed || sent++ > 200) return;
        socket.write(`x-pad: ${'a'.repeat(4_000)}\r\n`, () => setImmediate(more));
      };
      more();
    });
    const { message, ms } = await ask(url);
    expect(message).toContain("the reply's headers exceed 64 KiB");
    expect(ms).toBeLessThan(2_000);
  });

  it('dropInterimContinue hands such a block on as it is', () => {
    const b = (s: string) => Buffer.from(s, 'latin1');
    const lf = 'HTTP/1.1 100 Continue\n\nHTTP/1.1 200 OK\n';
    expect(dropInterimContinue(b(lf))?.rest.toString()).toBe(lf);
    const long = `HTTP/1.1 100 Continue\r\nx-pad: ${'a'.repeat(70_000)}`;
    expect(dropInterimContinue(b(long))?.rest.toString()).toBe(long);
    // a CRLF block is still dropped, a bare LF in the reply after it is the reply's own
    expect(
      dropInterimContinue(b('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\n\r\na\n\nb'))?.rest.toString(),
    ).toBe('HTTP/1.1 200 OK\r\n\r\na\n\nb');
  });

  it('a body that is itself an HTTP request never makes a reply start: only a request head does', () => {
    // what a socket holds, read by undici one chunk at a time; the writes go nowhere
    const chunks: Buffer[] = [];
    const socket = { write: () => true, read: () => chunks.shift() ?? null } as unknown as Socket;
    skipInterimContinue(socket);
    const read = (text: string): string | undefined => {
      chunks.push(Buffer.from(text, 'latin1'));
      return (socket.read() as Buffer | null)?.toString('latin1');
    };
    socket.write('POST /invoke HTTP/1.1\r\nhost: a\r\ncontent-length: 60\r\n\r\n', 'latin1');
    expect(read('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\n\r\n')).toBe('HTTP/1.1 200 OK\r\n\r\n');
    // the reply has begun; a body's bytes written now (an agent input holding a request) are no head
    socket.write(Buffer.from('POST / HTTP/1.1\r\nhost: b\r\n\r\n'));
    expect(read('HTTP/1.1 100 Continue\r\n\r\n')).toBe('HTTP/1.1 100 Continue\r\n\r\n');
    // any method token starts a request, as undici writes it (a lowercase one is sent as written)
    socket.write('patch /x HTTP/1.1\r\n\r\n', 'latin1');
    expect(read('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n')).toBe(
      'HTTP/1.1 204 No Content\r\n\r\n',
    );
  });
});

describe('a 101 Switching Protocols to a request that asked for no upgrade (QA301)', () => {
  it('says the reply switches protocols, not that the connection closed', async () => {
    const url = await startRaw((socket) =>
      socket.write('HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: upgrade\r\n\r\n'),
    );
    const { message } = await ask(url);
    expect(message).toMatch(/: the reply switches protocols \(101 Switching Protocols\), .*WebSocket/);
    expect(message).not.toContain('closed before a complete reply');
  });
});

describe('a 100 Continue before every reply of one keep-alive connection (QA301)', () => {
  it('is skipped on each request the connection carries, not only its first', async () => {
    const sockets = new Set<unknown>();
    const server = await startLoopback((req, res, body) => {
      sockets.add(req.socket);
      res.writeContinue();
      sendJson(res, 200, { body });
    });
    const t = new HttpTransport({ retries: 0, timeoutMs: 4_000 });
    transports.push(t);
    try {
      for (const i of [1, 2, 3, 4]) {
        const reply = await t.requestJson({ method: 'POST', url: `${server.url}/invoke`, body: { i } });
        expect(reply.ok ? reply.body : reply.error.message).toEqual({ body: `{"i":${i}}` });
      }
      // QA293's keep-alive case passed as well on a new connection per request: here one carries all four
      expect(sockets.size).toBe(1);
    } finally {
      await server.close();
    }
  });
});
