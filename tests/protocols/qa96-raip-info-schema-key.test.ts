/**
 * RAIP's `/info` carries the schema as `inputSchema` (the paper's word). A Python agent that
 * wrote `input_schema` failed negotiation with "reply has no inputSchema" and nothing pointing
 * at its own key (QA96); the message now names the key it found. Against a real python3 agent.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createRaipAdapter } from '../../src/protocols/raip/adapter.js';
import { usePythonPortScript } from '../fixtures/python-port-script.js';

const server = usePythonPortScript(
  join(dirname(fileURLToPath(import.meta.url)), '../fixtures/qa96-raip-digest-agent.py'),
);
const transport = new HttpTransport({ timeoutMs: 5_000, retries: 0 });
afterAll(() => transport.close());

describe('RAIP /info with the schema under another key (QA96)', () => {
  it('fails negotiation naming the key the agent used', async () => {
    const adapter = createRaipAdapter({ protocol: 'raip', url: `${server.base}/snake` }, { transport });
    const outcome = await adapter.discover(new AbortController().signal);
    expect(outcome).toMatchObject({
      ok: false,
      error: {
        kind: 'contract_violation',
        message: `GET ${server.base}/snake/info: reply has no inputSchema (it has input_schema: RAIP names the field inputSchema)`,
      },
    });
  });
});
