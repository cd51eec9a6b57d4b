import { describe, expect, it } from 'vitest';
import { useAgentDiagnostics } from '../fixtures/mae-agent-diagnostics.js';

const diagnostics = useAgentDiagnostics('evalc-agent-config-');
async function diagnosticsFor(agent: string): Promise<string[]> {
  return (await diagnostics(agent)).map((d) => `${d.code}: ${d.message}`);
}

describe('mae transport settings', () => {
  it('accepts each transport with the endpoint it needs', async () => {
    expect(await diagnosticsFor('{ protocol: mae, transport: http, url: "http://127.0.0.1:9" }')).toEqual([]);
    expect(
      await diagnosticsFor('{ protocol: mae, transport: sse, url: "http://127.0.0.1:9/stream" }'),
    ).toEqual([]);
    expect(await diagnosticsFor('{ protocol: mae, transport: local, command: "node agent.mjs" }')).toEqual(
      [],
    );
    expect(await diagnosticsFor('{ protocol: mae, transport: socket, address: "127.0.0.1:9" }')).toEqual([]);
  });

  it('names the missing endpoint of a transport', async () => {
    expect(await diagnosticsFor('{ protocol: mae, transport: sse }')).toEqual([
      'EVALC_AGENT_CONFIG: agent m: mae transport sse needs url:',
    ]);
    expect(await diagnosticsFor('{ protocol: mae, transport: socket }')).toEqual([
      'EVALC_AGENT_CONFIG: agent m: mae transport socket needs address:',
    ]);
  });

  it('reports a transport that is not one alone, not what its default (http) would need (QA97)', async () => {
    expect(await diagnosticsFor('{ protocol: mae, transport: stdio, command: "node agent.mjs" }')).toEqual([
      'EVALC_SCHEMA_VALUE: agents.m.transport: "stdio" is not one of "http", "sse", "local", "socket"',
    ]);
  });

  it('reads a socket agent from url: as the adapter does, and checks the address form at validate time', async () => {
    expect(await diagnosticsFor('{ protocol: mae, transport: socket, url: "tcp://127.0.0.1:9" }')).toEqual(
      [],
    );
    expect(await diagnosticsFor('{ protocol: mae, transport: socket, url: "unix:/tmp/agent.sock" }')).toEqual(
      [],
    );
    expect(await diagnosticsFor('{ protocol: mae, transport: socket, url: "http://x" }')).toEqual([
      'EVALC_AGENT_CONFIG: agent m: socket address http://x: http:// is not a socket address (use host:port, tcp://host:port or unix:path)',
    ]);
    expect(await diagnosticsFor('{ protocol: mae, transport: socket, address: "tcp:nohost" }')).toEqual([
      'EVALC_AGENT_CONFIG: agent m: socket address tcp:nohost: expected tcp:<host>:<port>',
    ]);
  });
});

describe('credentials in a url', () => {
  it('are a warning naming the url (they are never sent), with a header to use instead', async () => {
    expect(
      await diagnosticsFor('{ protocol: mae, transport: http, url: "http://bob:s3cret@127.0.0.1:9" }'),
    ).toEqual([
      'EVALC_URL_CREDENTIALS: the url carries credentials (user:password@): evalc never sends them and they do not belong in a committed plan',
    ]);
    expect(await diagnosticsFor('{ protocol: mae, transport: http, url: "http://127.0.0.1:9" }')).toEqual([]);
  });

  it('say a token alone (https://TOKEN@host) is a token, not user:password (QA160)', async () => {
    expect(
      await diagnosticsFor('{ protocol: mae, transport: http, url: "https://ghp_tok123@127.0.0.1:9/agent" }'),
    ).toEqual([
      'EVALC_URL_CREDENTIALS: the url carries a token (token@): evalc never sends it and it does not belong in a committed plan',
    ]);
  });
});
