/**
 * QA281 (the case next to QA273's refused connection): a mae `sse` agent whose host was not found
 * (a compose service not up yet, a name not resolvable yet) failed its turn at once under
 * `limits.retries`, where the `http`, `chat`, `openai`, `raip` agents and a mae `http` or `socket`
 * agent send it again: no connection was made, so nothing was sent and the agent acted on nothing.
 * It is now sent again, as a refused connection is; without `limits.retries` it is not (AgentV parity).
 */
import { describe, expect, it } from 'vitest';
import type { MaeAgentConfig } from '../../src/plan/schema.js';
import { maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';

// RFC 6761: a .invalid name never resolves (ENOTFOUND, or EAI_AGAIN without a resolver).
const URL = 'http://evalc-qa281.invalid:8080/stream';

async function run(limits: MaeAgentConfig['limits']) {
  const counter = { sent: 0 };
  const logs: string[] = [];
  const adapter = makeMaeAdapter(
    { profile: 'seed', transport: 'sse', url: URL, ...(limits ? { limits } : {}) },
    { timeoutMs: 5_000, retryCounter: counter },
  );
  try {
    const outcome = await adapter.invoke('t1', maeContext({ logs }));
    return { error: outcome.ok ? undefined : outcome.error, counter, logs };
  } finally {
    await adapter.close();
  }
}

describe('mae sse: a host not found is retried under limits.retries (QA281)', () => {
  it('sent again limits.retries times, then transport_error', async () => {
    const { error, counter, logs } = await run({ retries: 2 });
    expect(error).toMatchObject({
      kind: 'transport_error',
      message: expect.stringMatching(/\((ENOTFOUND|EAI_AGAIN)\)$/),
    });
    expect(counter.sent).toBe(2);
    expect(logs.some((line) => line.includes('retry 2 of 2'))).toBe(true);
  });

  it('without limits.retries: not sent again', async () => {
    const { error, counter } = await run(undefined);
    expect(error?.kind).toBe('transport_error');
    expect(counter.sent).toBe(0);
  });
});
