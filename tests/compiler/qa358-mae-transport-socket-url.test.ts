/**
 * QA358: QA350's hints name the transport an mae agent's endpoint key belongs to, but took every
 * `url:` for http's: a local agent with AgentV's socket url, `url: "tcp:127.0.0.1:9"` or
 * `unix:/tmp/a.sock`, was told `set transport: http` (or, beside its `command:`, `set transport:
 * http to use it instead`), and http then refuses the url as no http: one. Such a url is a socket's.
 */
import { expect, it } from 'vitest';
import { useAgentDiagnostics } from '../fixtures/mae-agent-diagnostics.js';

const diagnostics = useAgentDiagnostics('qa358-');
async function said(agent: string): Promise<string[]> {
  return (await diagnostics(agent)).map(
    (d) => `${d.severity} ${d.code}: ${d.message}${d.hint ? ` hint: ${d.hint}` : ''}`,
  );
}

it('hints transport: socket to a local agent with a socket url and no command', async () => {
  for (const url of ['tcp:127.0.0.1:9', 'unix:/tmp/qa358.sock', 'TCP://127.0.0.1:9']) {
    expect(await said(`{ protocol: mae, transport: local, url: "${url}" }`)).toEqual([
      'error EVALC_AGENT_CONFIG: agent m: mae transport local needs command: hint: `url:` is read by transport: socket, not local: set transport: socket',
    ]);
  }
  // an http url keeps its hint
  expect(await said('{ protocol: mae, transport: local, url: "http://127.0.0.1:9" }')).toEqual([
    'error EVALC_AGENT_CONFIG: agent m: mae transport local needs command: hint: `url:` is read by transport: http (or sse), not local: set transport: http',
  ]);
});

it('warns a socket url beside a local command with transport: socket to use it', async () => {
  expect(
    await said('{ protocol: mae, transport: local, command: "python3 a.py", url: "unix:/tmp/a.sock" }'),
  ).toEqual([
    'warning EVALC_AGENT_CONFIG: agent m: `url:` is not read by mae transport local, which uses `command:` hint: remove it, or set transport: socket to use it instead',
  ]);
});
