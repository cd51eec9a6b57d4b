/**
 * QA338: a mae agent written with `command:` (or `address:`) and no `transport:` reads the default
 * transport, http, and was told only `agent m: mae transport http needs url:`, as if its own key were
 * wrong. The error now hints the transport that key belongs to; an agent with neither keeps no hint.
 */
import { expect, it } from 'vitest';
import { useAgentDiagnostics } from '../fixtures/mae-agent-diagnostics.js';

const diagnostics = useAgentDiagnostics('qa338-');
async function said(agent: string): Promise<string[]> {
  return (await diagnostics(agent)).map(
    (d) => `${d.code}: ${d.message} @${d.source?.line}:${d.source?.col}${d.hint ? ` hint: ${d.hint}` : ''}`,
  );
}

it('hints transport: local for a mae agent with command: and no transport', async () => {
  expect(await said('{ protocol: mae, command: "python3 agent.py" }')).toEqual([
    'EVALC_AGENT_CONFIG: agent m: mae transport http needs url: @4:6 hint: `command:` is read by transport: local, not http: add transport: local',
  ]);
});

it('hints transport: socket for a mae agent with address: and no transport', async () => {
  expect(await said('{ protocol: mae, address: "127.0.0.1:9" }')).toEqual([
    'EVALC_AGENT_CONFIG: agent m: mae transport http needs url: @4:6 hint: `address:` is read by transport: socket, not http: add transport: socket',
  ]);
});

it('gives no hint to a mae agent with neither', async () => {
  expect(await said('{ protocol: mae }')).toEqual([
    'EVALC_AGENT_CONFIG: agent m: mae transport http needs url: @4:6',
  ]);
});
