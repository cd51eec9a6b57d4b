/** The shared adapter conformance suite, run by the mae adapter over HTTP in both profiles. */
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createMaeAdapter } from '../../src/protocols/mae/adapter.js';
import { FIXTURES_DIR, maeConfig } from '../fixtures/mae-harness.js';
import { startMaeHttpAgent } from '../fixtures/mae-http-agent.js';
import { describeAdapterConformance, testContext } from './conformance.js';

const SECRET = 'Bearer mae-conformance-secret';
const TASKS = { ok: 'final:ok', error500: 'http500', badjson: 'badjson', slow: 'slow' } as const;

for (const profile of ['seed', 'agentv'] as const) {
  describeAdapterConformance(`mae (${profile}, http)`, async (behaviour) => {
    const agent = await startMaeHttpAgent();
    const transport = new HttpTransport({ timeoutMs: 300, retries: 0, headers: { authorization: SECRET } });
    const adapter = createMaeAdapter(maeConfig({ transport: 'http', url: agent.url, profile }), {
      cwd: FIXTURES_DIR,
      transport,
      timeoutMs: 300,
    });
    return {
      adapter,
      input: TASKS[behaviour],
      ctx: (signal) => testContext(signal),
      secret: SECRET,
      secretReceived: () => agent.requests.some((r) => r.headers.authorization === SECRET),
      close: async () => {
        await transport.close();
        await agent.close();
      },
    };
  });
}
