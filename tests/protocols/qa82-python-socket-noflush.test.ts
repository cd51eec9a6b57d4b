/**
 * QA82: a Python seed socket agent that answers with print() into `sock.makefile("w")` and never
 * flushes (PYTHONUNBUFFERED, which evalc sets for processes, does not reach a socket's file) timed
 * out with a hint about newlines only. The example still ends `timeout` (no hang), and the
 * message now names the buffered file and flush().
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';
import { usePythonPortScript } from '../fixtures/python-port-script.js';

const SCRIPT = fileURLToPath(new URL('../fixtures/qa82-socket-noflush-agent.py', import.meta.url));
const agent = usePythonPortScript(SCRIPT);

describe('Python socket agent whose replies stay in a buffered makefile (QA82)', () => {
  it('ends the example with a timeout naming flush()', async () => {
    const adapter = makeMaeAdapter(
      { transport: 'socket', address: `127.0.0.1:${agent.port}`, profile: 'seed' },
      { timeoutMs: 500 },
    );
    try {
      const outcome = await adapter.invoke('q', maeContext());
      expect(outcome.ok ? 'ok' : outcome.error.kind).toBe('timeout');
      expect(outcome.ok ? '' : outcome.error.message).toContain(
        "and flush it: Python's sock.makefile('w') holds print() until flush()",
      );
    } finally {
      await adapter.close();
    }
  }, 20_000);
});
