/**
 * QA281 (QA63's case on the mae `sse` transport): a refused connection to `localhost` says which
 * addresses the name resolved to, as every HTTP agent's does ('connection refused (nothing listening
 * there; localhost resolved to 127.0.0.1:P)'): a server bound to one family only (uvicorn's
 * 127.0.0.1, `--host ::1`) looks running and refused alike. The sse message said only 'nothing
 * listening there'. An IP literal adds nothing, as over HTTP.
 */
import { describe, expect, it } from 'vitest';
import { freePort } from '../fixtures/loopback.js';
import { maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';

async function refusedMessage(host: string): Promise<string> {
  const port = await freePort();
  const adapter = makeMaeAdapter(
    { profile: 'seed', transport: 'sse', url: `http://${host}:${port}/stream` },
    { timeoutMs: 5_000 },
  );
  try {
    const outcome = await adapter.invoke('t1', maeContext({ logs: [] }));
    expect(outcome.ok).toBe(false);
    return `${port} ${outcome.ok ? '' : outcome.error.message}`;
  } finally {
    await adapter.close();
  }
}

describe('mae sse: a refused localhost names the addresses tried (QA281)', () => {
  it('localhost', async () => {
    const said = await refusedMessage('localhost');
    const port = said.split(' ')[0];
    expect(said).toMatch(
      new RegExp(
        `connection refused \\(nothing listening there; localhost resolved to (127\\.0\\.0\\.1|\\[::1\\]):${port}( and (127\\.0\\.0\\.1|\\[::1\\]):${port})?\\) \\(ECONNREFUSED\\)$`,
      ),
    );
  });

  it('an IP literal adds nothing', async () => {
    const said = await refusedMessage('127.0.0.1');
    expect(said).toMatch(/connection refused \(nothing listening there\) \(ECONNREFUSED\)$/);
  });
});
