/**
 * QA24: under the agentv profile a local agent is started for every turn. A Python agent whose
 * imports take longer than `limits.timeout` timed out on every turn with only "no reply within
 * N ms"; the message now says that its start-up counts toward the timeout on each turn. Real
 * Python subprocess (tests/fixtures/qa24-python-agent.py stdio-slowstart, python3 from PATH).
 */
import { describe, expect, it } from 'vitest';
import { finalAnswer, maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';

describe('mae agentv local agent slower to start than the timeout', () => {
  it('says the start-up counts toward limits.timeout on every turn', async () => {
    const adapter = makeMaeAdapter(
      { transport: 'local', command: 'python3 qa24-python-agent.py stdio-slowstart', profile: 'agentv' },
      { timeoutMs: 500 },
    );
    try {
      const outcome = await adapter.invoke('hello', maeContext());
      expect(outcome.ok ? 'ok' : outcome.error.kind).toBe('timeout');
      expect(outcome.ok ? '' : outcome.error.message).toBe(
        'local agent: no reply within 500 ms (the agentv profile starts the command for every turn: its start-up — imports, loading a model — counts toward limits.timeout on each turn)',
      );
    } finally {
      await adapter.close();
    }
  });

  it('answers once the timeout allows for the start-up', async () => {
    const adapter = makeMaeAdapter(
      { transport: 'local', command: 'python3 qa24-python-agent.py stdio-slowstart', profile: 'agentv' },
      { timeoutMs: 8_000 },
    );
    try {
      expect(finalAnswer(await adapter.invoke('hello', maeContext()))).toBe('A:hello');
    } finally {
      await adapter.close();
    }
  });
});
