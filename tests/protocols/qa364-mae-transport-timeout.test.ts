/**
 * QA364 (QA336's leftover): a `mae` `http` agent with no `limits.timeout` timed its turn out at the
 * mae default of 30 s, but agent-runtime.ts built its HttpTransport with 60 s, so a connect still
 * pending held a pool connection until 60 s. Both read agentTimeoutMs now: 30 s for a mae agent,
 * 60 s per request for the others, `limits.timeout` when set.
 */
import { describe, expect, it } from 'vitest';
import type { AgentConfig } from '../../src/plan/schema.js';
import { AGENT_TIMEOUT_MS, agentTimeoutMs, MAE_TURN_TIMEOUT_MS } from '../../src/protocols/agent-timeouts.js';

const agent = (yaml: object) => yaml as AgentConfig;

describe('an agent transport timeout when limits.timeout says nothing', () => {
  it("is the mae adapter's 30 s for a mae http agent", () => {
    expect(MAE_TURN_TIMEOUT_MS).toBe(30_000);
    expect(agentTimeoutMs(agent({ protocol: 'mae', transport: 'http', url: 'http://127.0.0.1:1/' }))).toBe(
      30_000,
    );
  });

  it('stays 60 s for the other protocols, and limits.timeout wins', () => {
    expect(AGENT_TIMEOUT_MS).toBe(60_000);
    expect(agentTimeoutMs(agent({ protocol: 'raip', url: 'http://127.0.0.1:1' }))).toBe(60_000);
    expect(agentTimeoutMs(agent({ protocol: 'mae', transport: 'http', limits: { timeout: '45s' } }))).toBe(
      45_000,
    );
    expect(agentTimeoutMs(agent({ protocol: 'openai', limits: { timeout: 2 } }))).toBe(2_000);
  });
});
