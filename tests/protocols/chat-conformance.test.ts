import { createChatAdapter } from '../../src/protocols/chat/adapter.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { type ChatBehaviour, startChatAgent } from '../fixtures/chat-agent.js';
import { describeAdapterConformance, testContext } from './conformance.js';

const SECRET = 'Bearer chat-conformance-secret';
const BEHAVIOURS: Record<string, ChatBehaviour> = {
  ok: 'echo',
  error500: 'error500',
  badjson: 'badjson',
  slow: 'slow',
};

describeAdapterConformance('chat', async (behaviour) => {
  const agent = await startChatAgent([BEHAVIOURS[behaviour]!]);
  const transport = new HttpTransport({
    timeoutMs: 300,
    retries: 0,
    random: () => 0,
    headers: { authorization: SECRET },
  });
  const adapter = createChatAdapter({ protocol: 'chat', url: agent.endpoint }, { transport });
  return {
    adapter,
    input: 'Hi',
    ctx: (signal) => testContext(signal, { id: 'tc-1', turns: ['Hi', 'And then?'] }),
    secret: SECRET,
    secretReceived: () => agent.requests.some((r) => r.headers.authorization === SECRET),
    close: () => agent.close(),
  };
});
