/**
 * QA56: a local agent written as today's AgentV harness calls it (read stdin to its end, answer
 * once, exit — tests/fixtures/qa56-agentv-stdin-agent.py) works under `profile: agentv`, and
 * under the default seed profile (one persistent process, JSON lines) fails `timeout` with a
 * recorded message that names `profile: agentv` — before, only the run log said so and the
 * report's error told the user to flush stdout, which such an agent already does.
 */
import { describe, expect, it } from 'vitest';
import { finalAnswer, maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';

const COMMAND = 'python3 qa56-agentv-stdin-agent.py';

describe('mae local agent that reads stdin to its end (AgentV local_subprocess_adapter)', () => {
  it('answers under profile: agentv', async () => {
    const adapter = makeMaeAdapter(
      { transport: 'local', command: COMMAND, profile: 'agentv' },
      { timeoutMs: 10_000 },
    );
    try {
      const outcome = await adapter.invoke('Say hello', maeContext());
      expect(outcome.ok ? finalAnswer(outcome) : `${outcome.error.kind}: ${outcome.error.message}`).toBe(
        'done: Say hello',
      );
    } finally {
      await adapter.close();
    }
  });

  it('under the seed profile fails timeout with a message naming profile: agentv', async () => {
    const adapter = makeMaeAdapter(
      { transport: 'local', command: COMMAND, profile: 'seed' },
      { timeoutMs: 1_500 },
    );
    try {
      const outcome = await adapter.invoke('Say hello', maeContext());
      expect(outcome.ok ? 'ok' : outcome.error.kind).toBe('timeout');
      expect(outcome.ok ? '' : outcome.error.message).toBe(
        'local agent: no reply within 1500 ms (the process was started for this request, so its start-up counted toward limits.timeout: raise it for an agent that loads slowly; the agent must answer each request line with one JSON line and flush its output, e.g. sys.stdout.flush(); an agent that reads stdin to its end and answers once needs profile: agentv)',
      );
    } finally {
      await adapter.close();
    }
  });
});
