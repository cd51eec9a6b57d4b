/**
 * QA350: an mae agent's endpoint key its transport does not read (`url:` on a local agent,
 * `command:` on an http one, `address:` beside a socket `url:` … ) validated without a word, and the
 * key was never used; it is warned at its line. 5e9e09ab's hint to an agent missing its own key
 * read 'not http: add transport: local' for `transport: sse` (and `transport: http`) written out.
 */
import { expect, it } from 'vitest';
import { useAgentDiagnostics } from '../fixtures/mae-agent-diagnostics.js';

const diagnostics = useAgentDiagnostics('qa350-', { ownLine: true });
async function said(agent: string): Promise<string[]> {
  return (await diagnostics(agent)).map(
    (d) =>
      `${d.severity} ${d.code}: ${d.message} @${d.source?.line}:${d.source?.col}${d.hint ? ` hint: ${d.hint}` : ''}`,
  );
}

it('warns at a url: a local agent does not read', async () => {
  expect(
    await said('{ protocol: mae, transport: local, command: "python3 a.py", url: "http://127.0.0.1:9" }'),
  ).toEqual([
    'warning EVALC_AGENT_CONFIG: agent m: `url:` is not read by mae transport local, which uses `command:` @5:70 hint: remove it, or set transport: http to use it instead',
  ]);
});

it('warns at a command: an http agent (the default transport) does not read', async () => {
  expect(await said('{ protocol: mae, url: "http://127.0.0.1:9", command: "python3 a.py" }')).toEqual([
    'warning EVALC_AGENT_CONFIG: agent m: `command:` is not read by mae transport http, which uses `url:` @5:58 hint: remove it, or set transport: local to use it instead',
  ]);
});

it('warns at a command: and a url: beside a socket address:', async () => {
  expect(
    await said(
      '{ protocol: mae, transport: socket, address: "127.0.0.1:9", url: "tcp:127.0.0.1:8", command: "x" }',
    ),
  ).toEqual([
    'warning EVALC_AGENT_CONFIG: agent m: `url:` is not read by mae transport socket, which uses `address:` @5:70 hint: a socket agent reads `address:` first: remove one of them',
    'warning EVALC_AGENT_CONFIG: agent m: `command:` is not read by mae transport socket, which uses `address:` @5:98 hint: remove it, or set transport: local to use it instead',
  ]);
});

it('stays quiet for a socket agent named by url: alone, and for an agent with its own key alone', async () => {
  expect(await said('{ protocol: mae, transport: socket, url: "tcp:127.0.0.1:8" }')).toEqual([]);
  expect(await said('{ protocol: mae, transport: sse, url: "http://127.0.0.1:9/s" }')).toEqual([]);
});

it('hints the written transport to an agent missing its own key', async () => {
  expect(await said('{ protocol: mae, transport: sse, command: "python3 a.py" }')).toEqual([
    'error EVALC_AGENT_CONFIG: agent m: mae transport sse needs url: @5:5 hint: `command:` is read by transport: local, not sse: set transport: local',
  ]);
  expect(await said('{ protocol: mae, transport: http, address: "127.0.0.1:9" }')).toEqual([
    'error EVALC_AGENT_CONFIG: agent m: mae transport http needs url: @5:5 hint: `address:` is read by transport: socket, not http: set transport: socket',
  ]);
});

it('hints the transport of the key a local or socket agent has in place of its own', async () => {
  expect(await said('{ protocol: mae, transport: local, url: "http://127.0.0.1:9" }')).toEqual([
    'error EVALC_AGENT_CONFIG: agent m: mae transport local needs command: @5:5 hint: `url:` is read by transport: http (or sse), not local: set transport: http',
  ]);
  expect(await said('{ protocol: mae, transport: socket, command: "python3 a.py" }')).toEqual([
    'error EVALC_AGENT_CONFIG: agent m: mae transport socket needs address: @5:5 hint: `command:` is read by transport: local, not socket: set transport: local',
  ]);
  expect(await said('{ protocol: mae, transport: local }')).toEqual([
    'error EVALC_AGENT_CONFIG: agent m: mae transport local needs command: @5:5',
  ]);
});
