/**
 * QA112: a seed-profile `local` agent that is slow to start (it loads for 1.5 s before reading
 * stdin) under `limits.timeout: 500ms` failed every example `timeout` with a message about
 * flushing stdout and `profile: agentv` only; that its start-up counted toward the timeout was in
 * run.log alone. The example's own error now says so. Real subprocess.
 */
import { describe, expect, it } from 'vitest';
import { maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';

describe('a slow-starting mae local agent', () => {
  it('times out with a message that names its start-up and limits.timeout', async () => {
    const adapter = makeMaeAdapter(
      { transport: 'local', command: 'node qa112-slow-start-agent.mjs', profile: 'seed' },
      { timeoutMs: 500 },
    );
    try {
      const outcome = await adapter.invoke('hello', maeContext());
      expect(outcome.ok ? 'ok' : outcome.error.kind).toBe('timeout');
      const message = outcome.ok ? '' : outcome.error.message;
      expect(message).toContain('no reply within 500 ms');
      expect(message).toContain('start-up counted toward limits.timeout');
    } finally {
      await adapter.close();
    }
  });
});
