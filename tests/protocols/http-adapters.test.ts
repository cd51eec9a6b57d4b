import { describe, expect, it } from 'vitest';
import type { AgentConfig } from '../../src/plan/schema.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createHttpAgentAdapter, isHttpAgentProtocol } from '../../src/protocols/http-adapters.js';

describe('createHttpAgentAdapter', () => {
  it('builds the adapter of each HTTP protocol', async () => {
    const configs: AgentConfig[] = [
      { protocol: 'raip', url: 'http://127.0.0.1:1' },
      { protocol: 'chat', url: 'http://127.0.0.1:1/agent/respond' },
      { protocol: 'openai', url: 'http://127.0.0.1:1/v1', model: 'm' },
      { protocol: 'http', url: 'http://127.0.0.1:1/x', method: 'POST' },
    ];
    for (const config of configs) {
      if (!isHttpAgentProtocol(config)) throw new Error(`${config.protocol} should be an HTTP protocol`);
      const adapter = createHttpAgentAdapter(config, { transport: new HttpTransport() });
      expect(adapter.protocol).toBe(config.protocol);
      await adapter.close();
    }
  });

  it('leaves mae to its own factory', () => {
    const mae: AgentConfig = { protocol: 'mae', transport: 'local', command: 'node a.mjs', profile: 'seed' };
    expect(isHttpAgentProtocol(mae)).toBe(false);
  });
});
