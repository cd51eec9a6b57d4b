/**
 * QA97: M14's failure message read "no final answer after 1 turns" for `maxTurns: 1`. Real loopback
 * MAE agent (tests/fixtures/mae-http-agent.ts) answering `processing` forever.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';
import { type MaeHttpAgent, startMaeHttpAgent } from '../fixtures/mae-http-agent.js';

let agent: MaeHttpAgent;
beforeAll(async () => {
  agent = await startMaeHttpAgent();
});
afterAll(async () => {
  await agent.close();
});

async function messageAfter(maxTurns: number): Promise<string> {
  const adapter = makeMaeAdapter({ transport: 'http', url: agent.url, profile: 'agentv', maxTurns });
  try {
    const outcome = await adapter.invoke('processing', maeContext({}));
    return outcome.ok ? 'ok' : `${outcome.error.kind}: ${outcome.error.message}`;
  } finally {
    await adapter.close();
  }
}

describe('max_turns_exceeded message', () => {
  it('says "turn" for one and "turns" for more', async () => {
    expect(await messageAfter(1)).toBe('max_turns_exceeded: no final answer after 1 turn');
    expect(await messageAfter(3)).toBe('max_turns_exceeded: no final answer after 3 turns');
  });
});
