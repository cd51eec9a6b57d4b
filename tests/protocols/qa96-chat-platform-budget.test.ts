/**
 * A conversation's time budget follows the profile rule (shared/protocols/chat.md): the seed
 * contract has none, and today's platform gives every test case 120 s (`timeout_per_test_case_ms`)
 * unless configured. `profile: platform` (or `replayTools: true`) had no budget at all unless
 * `limits.budget` was written (QA96). The budget the executor gives the adapter (`chatBudget`)
 * is checked against a real loopback agent, with the adapter's clock jumped past 120 s once the
 * first reply is in.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatAgentConfig } from '../../src/plan/schema.js';
import { createChatAdapter } from '../../src/protocols/chat/adapter.js';
import { chatBudget, PLATFORM_BUDGET_MS } from '../../src/protocols/chat/profile.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { startChatAgent } from '../fixtures/chat-agent.js';
import { testContext } from './conformance.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

/** Runs a three-line conversation whose clock reads 121 s later once the agent has answered once. */
async function converse(fields: Partial<ChatAgentConfig>) {
  const agent = await startChatAgent(['echo']);
  const config = { protocol: 'chat', url: agent.endpoint, ...fields } as ChatAgentConfig;
  const now = () => performance.now() + (agent.requests.length > 0 ? 121_000 : 0);
  const transport = new HttpTransport({ timeoutMs: 5_000, retries: 0 });
  const adapter = createChatAdapter(config, { transport, ...chatBudget(config), now });
  cleanups.push(
    () => agent.close(),
    () => adapter.close(),
  );
  const outcome = await adapter.invoke(
    null,
    testContext(new AbortController().signal, { id: 'x', turns: ['a', 'b', 'c'] }),
  );
  return { outcome, requests: agent.requests.length };
}

describe('chat conversation budget by profile (QA96)', () => {
  it('profile: platform has the platform default of 120 s, said as such when spent', async () => {
    expect(PLATFORM_BUDGET_MS).toBe(120_000);
    const { outcome, requests } = await converse({ profile: 'platform' });
    expect(requests).toBe(1);
    expect(outcome).toMatchObject({
      ok: false,
      error: {
        kind: 'budget_exhausted',
        message:
          "conversation budget of 120000 ms spent (the platform profile's default; limits.budget sets another) (in turn 2; turn 1 was answered)",
      },
    });
  });

  it('replayTools: true is the same profile', async () => {
    const { outcome, requests } = await converse({ replayTools: true });
    expect(requests).toBe(1);
    expect(outcome).toMatchObject({ ok: false, error: { kind: 'budget_exhausted' } });
  });

  it('the seed profile has no budget, and limits.budget still wins on the platform one', async () => {
    const seed = await converse({});
    expect(seed.outcome.ok).toBe(true);
    expect(seed.requests).toBe(3);
    const written = await converse({ profile: 'platform', limits: { budget: '10m' } });
    expect(written.outcome.ok).toBe(true);
    expect(written.requests).toBe(2); // the platform leaves the last scripted line unsent (C15)
  });
});
