/**
 * QA9: the mae `sse` transport against a raw loopback server (qa9-raw-http-server.ts): an
 * event stream the server gzips unasked, and redirects (AgentV's requests follows 307/308).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MaeSseTransport } from '../../src/protocols/mae/sse-transport.js';
import { type RawServer, startRawServer } from '../fixtures/qa9-raw-http-server.js';

const servers: RawServer[] = [];
const transports: MaeSseTransport[] = [];
afterEach(async () => {
  await Promise.all(transports.splice(0).map((t) => t.close()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function send(mode: string) {
  const server = await startRawServer();
  servers.push(server);
  const transport = new MaeSseTransport({
    url: `${server.url}/${mode}/execute_task`,
    timeoutMs: 5_000,
    headers: {},
  });
  transports.push(transport);
  const reply = await transport.send(
    { task_description: 'T1' },
    { signal: new AbortController().signal, log: () => undefined },
  );
  return { reply, server };
}

describe('mae sse transport: real-server replies', () => {
  it('reads an event stream sent with Content-Encoding: gzip', async () => {
    const { reply } = await send('sse-gzip');
    expect(reply).toMatchObject({ ok: true, reply: { action: 'final_answer', summary: 'café' } });
  });

  it('follows a 307 with the same POST body', async () => {
    const { reply, server } = await send('sse-r307');
    expect(reply).toMatchObject({ ok: true, reply: { action: 'final_answer', summary: 'café' } });
    expect(server.requests.map((r) => `${r.method} ${r.path} ${r.body}`)).toEqual([
      'POST /sse-r307/execute_task {"task_description":"T1"}',
      'POST /sse/execute_task {"task_description":"T1"}',
    ]);
  });

  it('reports a 302 it does not follow with the new location', async () => {
    const { reply, server } = await send('sse-r302');
    expect(reply.ok ? '' : reply.error).toMatchObject({
      kind: 'http_302',
      message: `POST ${server.url}/sse-r302/execute_task: HTTP 302 (redirected to ${server.url}/sse/execute_task: evalc follows a POST only through 307/308 (a 302 would drop its body); set the url to the new location)`,
    });
    expect(server.requests).toHaveLength(1);
  });

  it('describes a connection failure in plain words, as the HTTP transport does', async () => {
    const server = await startRawServer();
    const url = `${server.url}/sse/execute_task`;
    await server.close(); // nothing listens there any more
    const transport = new MaeSseTransport({ url, timeoutMs: 5_000, headers: {} });
    transports.push(transport);
    const reply = await transport.send(
      { task_description: 'T1' },
      { signal: new AbortController().signal, log: () => undefined },
    );
    expect(reply.ok ? '' : reply.error).toMatchObject({
      kind: 'transport_error',
      message: `POST ${url}: connection refused (nothing listening there) (ECONNREFUSED)`,
    });
  });
});
