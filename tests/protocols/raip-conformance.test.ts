import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createRaipAdapter } from '../../src/protocols/raip/adapter.js';
import { type RaipInvokeBehaviour, startRaipAgent } from '../fixtures/raip-agent.js';
import { describeAdapterConformance, testContext } from './conformance.js';

const SECRET = 'Bearer raip-conformance-secret';
const BEHAVIOURS: Record<string, RaipInvokeBehaviour> = {
  ok: 'ok',
  error500: 'error500',
  badjson: 'badjson',
  slow: 'slow',
};

describeAdapterConformance('raip', async (behaviour) => {
  const agent = await startRaipAgent({ invoke: [BEHAVIOURS[behaviour]!], slowMs: 3_000 });
  const transport = new HttpTransport({
    timeoutMs: 300,
    retries: 1,
    random: () => 0,
    headers: { authorization: SECRET },
  });
  const adapter = createRaipAdapter({ protocol: 'raip', url: agent.url }, { transport });
  return {
    adapter,
    input: { query: 'intro ML' },
    ctx: (signal) => testContext(signal),
    secret: SECRET,
    secretReceived: () => agent.requests.some((r) => r.headers.authorization === SECRET),
    close: () => agent.close(),
  };
});
