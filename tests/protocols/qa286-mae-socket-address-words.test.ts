/**
 * QA286 (the cases next to QA281's cbc1397e, which did this for mae `sse` only): a mae `socket`
 * agent refused at `localhost:P` said only 'nothing listening there', where `http` and `sse` name
 * the addresses the name resolved to (a server bound to ::1 alone looked absent); and an IPv6
 * address was written `socket agent tcp:::1:P`, which reads as host `:` or `::`: now `tcp:[::1]:P`.
 */
import { expect, it } from 'vitest';
import type { MaeAgentConfig } from '../../src/plan/schema.js';
import { freePort } from '../fixtures/loopback.js';
import { maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';

async function failure(address: string): Promise<string | undefined> {
  const adapter = makeMaeAdapter(
    { profile: 'seed', transport: 'socket', address } as Partial<MaeAgentConfig>,
    {
      timeoutMs: 5_000,
    },
  );
  try {
    const outcome = await adapter.invoke('t1', maeContext({ logs: [] }));
    return outcome.ok ? undefined : outcome.error.message;
  } finally {
    await adapter.close();
  }
}

it('a refused localhost names the addresses it resolved to', async () => {
  const port = await freePort();
  expect(await failure(`localhost:${port}`)).toMatch(
    new RegExp(
      `^socket agent tcp:localhost:${port}: connection refused \\(nothing listening there; localhost resolved to (\\[::1\\]|127\\.0\\.0\\.1):${port}( and (\\[::1\\]|127\\.0\\.0\\.1):${port})?\\) \\(ECONNREFUSED\\)$`,
    ),
  );
  // an IP literal adds nothing
  expect(await failure(`127.0.0.1:${port}`)).toBe(
    `socket agent tcp:127.0.0.1:${port}: connection refused (nothing listening there) (ECONNREFUSED)`,
  );
});

it('an IPv6 address is written in brackets', async () => {
  const port = await freePort();
  expect(await failure(`[::1]:${port}`)).toMatch(new RegExp(`^socket agent tcp:\\[::1\\]:${port}: `));
});
