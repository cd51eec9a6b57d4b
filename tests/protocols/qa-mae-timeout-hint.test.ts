/**
 * Regression (QA): a persistent (seed) stdio agent that never answers a line — typically a
 * Python agent that prints its reply but does not flush stdout, which a pipe block-buffers —
 * fails `timeout` with a message that says what the agent must do, not only
 * "no reply within N ms". Real subprocess (tests/fixtures/mae-stdio-agent.mjs, task `slow`).
 */
import { describe, expect, it } from 'vitest';
import { maeContext, makeMaeAdapter, STDIO_AGENT_COMMAND } from '../fixtures/mae-harness.js';

describe('mae persistent local agent timeout message', () => {
  it('names the one-JSON-line-per-request and flush requirement', async () => {
    const adapter = makeMaeAdapter(
      { transport: 'local', command: STDIO_AGENT_COMMAND, profile: 'seed' },
      { timeoutMs: 1_500 },
    );
    try {
      const outcome = await adapter.invoke('slow', maeContext());
      expect(outcome.ok ? 'ok' : outcome.error.kind).toBe('timeout');
      expect(outcome.ok ? '' : outcome.error.message).toBe(
        'local agent: no reply within 1500 ms (the process was started for this request, so its start-up counted toward limits.timeout: raise it for an agent that loads slowly; the agent must answer each request line with one JSON line and flush its output, e.g. sys.stdout.flush(); an agent that reads stdin to its end and answers once needs profile: agentv)',
      );
    } finally {
      await adapter.close();
    }
  });
});
