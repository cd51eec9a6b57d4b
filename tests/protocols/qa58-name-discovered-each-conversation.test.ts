/**
 * QA58: a seed-profile `mae` trajectory records `name_discovered` from its own replies, in every
 * conversation that hears a name — not only in the adapter's first one. The adapter lives for a
 * whole run, so "the first conversation" was whichever reply arrived first: with
 * `limits.concurrency` > 1 a race, and after a resumed (killed) or `--only` run another example,
 * so report.json and report.html differed between runs of the same plan and the same answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvokeOutcome } from '../../src/protocols/types.js';
import { maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';
import { type MaeHttpAgent, startMaeHttpAgent } from '../fixtures/mae-http-agent.js';

let agent: MaeHttpAgent;
beforeAll(async () => {
  agent = await startMaeHttpAgent();
});
afterAll(async () => {
  await agent.close();
});

const nameEvents = (outcome: InvokeOutcome) =>
  (outcome.trajectory?.events ?? []).filter((e) => e.type === 'name_discovered').map((e) => e.data);

describe('QA58 name discovery is per conversation', () => {
  it('every conversation of one adapter records the name its own reply gave', async () => {
    const adapter = makeMaeAdapter({ transport: 'http', url: agent.url, profile: 'seed' });
    try {
      const first = await adapter.invoke('identity:{"name":"Advisor"}', maeContext());
      const second = await adapter.invoke('identity:{"name":"Advisor"}', maeContext());
      const unnamed = await adapter.invoke('identity:{}', maeContext());
      expect(nameEvents(first)).toEqual([{ name: 'Advisor', field: 'name' }]);
      expect(nameEvents(second)).toEqual(nameEvents(first));
      // A conversation whose replies name nobody records no discovery of its own.
      expect(nameEvents(unnamed)).toEqual([]);
      // The adapter's name (the lock's identity) is still the first one heard.
      expect(adapter.discoveredName()).toBe('Advisor');
    } finally {
      await adapter.close();
    }
  });

  it('conversations run at once record the same events whichever reply arrives first', async () => {
    const adapter = makeMaeAdapter({ transport: 'http', url: agent.url, profile: 'seed' });
    try {
      const outcomes = await Promise.all(
        Array.from({ length: 4 }, () => adapter.invoke('identity:{"agent_name":"A"}', maeContext())),
      );
      for (const outcome of outcomes)
        expect(nameEvents(outcome)).toEqual([{ name: 'A', field: 'agent_name' }]);
    } finally {
      await adapter.close();
    }
  });
});
