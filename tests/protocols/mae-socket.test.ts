/**
 * The mae `socket` transport against a real TCP / unix socket fixture agent: seed = one
 * persistent connection with reconnect, agentv = one connection per turn. Case numbers refer to
 * shared/protocols/mae.md §1.8.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSocketAddress } from '../../src/protocols/mae/address.js';
import type { InvokeOutcome } from '../../src/protocols/types.js';
import { finalAnswer, maeContext, makeMaeAdapter, responseOf } from '../fixtures/mae-harness.js';
import { type MaeSocketAgent, startMaeSocketAgent } from '../fixtures/mae-socket-agent.js';
import { sharedTempFolder } from '../fixtures/temp-folder.js';

let tcp: MaeSocketAgent;
let unix: MaeSocketAgent;
const socketDir = sharedTempFolder('evalc-mae-');

beforeAll(async () => {
  tcp = await startMaeSocketAgent();
  unix = await startMaeSocketAgent({ unixPath: join(socketDir, 'agent.sock') });
});
afterAll(async () => {
  await tcp.close();
  await unix.close();
});

function connectionIds(outcome: InvokeOutcome): number[] {
  return (responseOf(outcome).actions as { connection: number }[]).map((a) => a.connection);
}

const multiTurnTask = 'tool:get_customer_details {"customer_id":"c1"}';

describe('mae socket transport, agentv profile (connection per turn)', () => {
  it('M21: opens a new connection for every turn and sends newline-terminated JSON', async () => {
    const before = tcp.connections();
    const adapter = makeMaeAdapter({ transport: 'socket', address: tcp.address, profile: 'agentv' });
    const outcome = await adapter.invoke(multiTurnTask, maeContext());
    await adapter.close();
    expect(finalAnswer(outcome)).toBe('echo:Executed get_customer_details');
    expect(tcp.connections() - before).toBe(2);
    const ids = connectionIds(outcome);
    expect(ids[0]).not.toBe(ids[1]);
    expect(tcp.requests.at(-1)).toEqual({ task_description: 'Executed get_customer_details' });
  });

  it('M22: a connection closed without data yields {} and fails unknown_action', async () => {
    const adapter = makeMaeAdapter({ transport: 'socket', address: tcp.address, profile: 'agentv' });
    const outcome = await adapter.invoke('close', maeContext());
    await adapter.close();
    expect(!outcome.ok && outcome.error.kind).toBe('unknown_action');
  });

  it('M17: no reply within the timeout fails timeout', async () => {
    const adapter = makeMaeAdapter(
      { transport: 'socket', address: tcp.address, profile: 'agentv' },
      { timeoutMs: 300 },
    );
    const outcome = await adapter.invoke('slow', maeContext());
    await adapter.close();
    expect(!outcome.ok && outcome.error.kind).toBe('timeout');
  });

  it('works over a unix socket given as unix:<path>', async () => {
    const adapter = makeMaeAdapter({ transport: 'socket', address: unix.address, profile: 'agentv' });
    const outcome = await adapter.invoke('final:over-unix', maeContext());
    await adapter.close();
    expect(finalAnswer(outcome)).toBe('over-unix');
  });
});

describe('mae socket transport, seed profile (persistent connection)', () => {
  it('M21 seed: uses one connection for every turn and every invocation', async () => {
    const before = tcp.connections();
    const adapter = makeMaeAdapter({ transport: 'socket', address: tcp.address, profile: 'seed' });
    const first = await adapter.invoke(multiTurnTask, maeContext());
    const second = await adapter.invoke('final:two', maeContext());
    await adapter.close();
    expect(finalAnswer(second)).toBe('two');
    expect(tcp.connections() - before).toBe(1);
    expect(new Set([...connectionIds(first), ...connectionIds(second)]).size).toBe(1);
  });

  it('reconnects after the connection was lost between requests', async () => {
    const before = tcp.connections();
    const adapter = makeMaeAdapter({ transport: 'socket', address: tcp.address, profile: 'seed' });
    const first = await adapter.invoke('final:one', maeContext());
    tcp.dropConnections();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await adapter.invoke('final:two', maeContext());
    await adapter.close();
    expect([finalAnswer(first), finalAnswer(second)]).toEqual(['one', 'two']);
    expect(tcp.connections() - before).toBe(2);
  });

  it('M22 seed: a connection closed before the reply fails transport_error; the next request reconnects', async () => {
    const adapter = makeMaeAdapter({ transport: 'socket', address: tcp.address, profile: 'seed' });
    const lost = await adapter.invoke('close', maeContext());
    const next = await adapter.invoke('final:back', maeContext());
    await adapter.close();
    expect(lost.ok).toBe(false);
    if (!lost.ok) {
      expect(lost.error.kind).toBe('transport_error');
      expect(lost.error.retryable).toBe(true);
    }
    expect(finalAnswer(next)).toBe('back');
  });

  it('a non-JSON reply fails invalid_json and the connection is replaced', async () => {
    const adapter = makeMaeAdapter({ transport: 'socket', address: tcp.address, profile: 'seed' });
    const bad = await adapter.invoke('badjson', maeContext());
    const good = await adapter.invoke('final:good', maeContext());
    await adapter.close();
    expect(!bad.ok && bad.error.kind).toBe('invalid_json');
    expect(finalAnswer(good)).toBe('good');
  });

  it('M17 seed: a timeout drops the connection and the next request works', async () => {
    const adapter = makeMaeAdapter(
      { transport: 'socket', address: tcp.address, profile: 'seed' },
      { timeoutMs: 300 },
    );
    const slow = await adapter.invoke('slow', maeContext());
    const next = await adapter.invoke('final:next', maeContext());
    await adapter.close();
    expect(!slow.ok && slow.error.kind).toBe('timeout');
    expect(finalAnswer(next)).toBe('next');
  });

  it('serialises concurrent invocations on the one connection', async () => {
    const adapter = makeMaeAdapter({ transport: 'socket', address: tcp.address, profile: 'seed' });
    const outcomes = await Promise.all(
      ['a', 'b', 'c'].map((id) => adapter.invoke(`final:${id}`, maeContext())),
    );
    await adapter.close();
    expect(outcomes.map(finalAnswer)).toEqual(['a', 'b', 'c']);
    expect(new Set(outcomes.flatMap(connectionIds)).size).toBe(1);
  });

  it('with limits.concurrency > 1 keeps a pool of connections, one conversation per connection', async () => {
    const before = tcp.connections();
    const adapter = makeMaeAdapter({
      transport: 'socket',
      address: tcp.address,
      profile: 'seed',
      limits: { concurrency: 2 },
    });
    const outcomes = await Promise.all([1, 2].map(() => adapter.invoke(multiTurnTask, maeContext())));
    await adapter.close();
    expect(tcp.connections() - before).toBe(2);
    const ids = outcomes.map(connectionIds);
    for (const turns of ids) expect(new Set(turns).size).toBe(1);
    expect(ids[0]?.[0]).not.toBe(ids[1]?.[0]);
  });

  it('accepts a bare unix socket path', async () => {
    const adapter = makeMaeAdapter({
      transport: 'socket',
      address: join(socketDir, 'agent.sock'),
      profile: 'seed',
    });
    const outcome = await adapter.invoke('final:bare-path', maeContext());
    await adapter.close();
    expect(finalAnswer(outcome)).toBe('bare-path');
  });

  it('a refused connection fails transport_error', async () => {
    const adapter = makeMaeAdapter({
      transport: 'socket',
      address: `unix:${join(socketDir, 'nobody.sock')}`,
      profile: 'seed',
    });
    const outcome = await adapter.invoke('final:x', maeContext());
    await adapter.close();
    expect(!outcome.ok && outcome.error.kind).toBe('transport_error');
  });
});

describe('socket address forms', () => {
  it('parses tcp:, host:port, [ipv6]:port, unix: and bare paths', () => {
    expect(parseSocketAddress('tcp:127.0.0.1:7000', '/plans')).toEqual({
      ok: true,
      address: { kind: 'tcp', host: '127.0.0.1', port: 7000 },
    });
    expect(parseSocketAddress('localhost:80', '/plans')).toEqual({
      ok: true,
      address: { kind: 'tcp', host: 'localhost', port: 80 },
    });
    expect(parseSocketAddress('[::1]:9', '/plans')).toEqual({
      ok: true,
      address: { kind: 'tcp', host: '::1', port: 9 },
    });
    expect(parseSocketAddress('unix:run/agent.sock', '/plans')).toEqual({
      ok: true,
      address: { kind: 'unix', path: '/plans/run/agent.sock' },
    });
    expect(parseSocketAddress('/tmp/a.sock', '/plans')).toEqual({
      ok: true,
      address: { kind: 'unix', path: '/tmp/a.sock' },
    });
  });

  it('rejects malformed addresses with a message', () => {
    expect(parseSocketAddress('nonsense', '/plans').ok).toBe(false);
    expect(parseSocketAddress('tcp:host', '/plans').ok).toBe(false);
    expect(parseSocketAddress('host:70000', '/plans').ok).toBe(false);
  });

  it('an invalid address fails invocations with config_error', async () => {
    const adapter = makeMaeAdapter({ transport: 'socket', address: 'nonsense', profile: 'seed' });
    const outcome = await adapter.invoke('final:x', maeContext());
    await adapter.close();
    expect(!outcome.ok && outcome.error.kind).toBe('config_error');
  });
});
