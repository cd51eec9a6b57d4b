/**
 * QA286 (the codes next to QA281's ENOTFOUND): a connection that reached no server because the
 * name lookup failed for now (EAI_AGAIN: a resolver not answering, a compose service not up yet)
 * or there was no route (EHOSTUNREACH, ENETUNREACH: `[2001:db8::1]` on a host without IPv6) was
 * said bare, `POST http://…/stream: EHOSTUNREACH`, `socket agent tcp:…: EAI_AGAIN`: no words, and
 * the `(CODE)` that 'is the agent running at …?' (discovery.ts) and a mae `sse` retry
 * (turn-retry.ts, bef3f52e) look for was missing, so neither happened. They now read in words with
 * the code in parentheses, on every HTTP protocol and the mae socket transport.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { notListeningHint } from '../../src/executor/discovery.js';
import type { AgentConfig, MaeAgentConfig } from '../../src/plan/schema.js';
import { describeFailure } from '../../src/protocols/http/failure-words.js';
import { BEFORE_STREAM } from '../../src/protocols/mae/turn-retry.js';
import { maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';

const CODES = ['EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL'];

describe('a connection that reached no server, each code (QA286)', () => {
  for (const code of CODES) {
    it(`${code}: in words, retried by mae sse, and asked 'is the agent running'`, () => {
      const cause = Object.assign(new Error(`connect ${code}`), { code });
      const reason = describeFailure(cause, code);
      expect(reason).toMatch(new RegExp(`^[a-z].* \\(${code}\\)$`));
      const error = {
        kind: 'transport_error' as const,
        message: `POST http://agent:8080/stream: ${reason}`,
        retryable: true,
      };
      expect(BEFORE_STREAM(error)).toBe(true);
      const config = { protocol: 'chat', url: 'http://agent:8080/agent/respond' } as unknown as AgentConfig;
      expect(notListeningHint(config, error)).toContain(
        'is the agent running at http://agent:8080/agent/respond?',
      );
    });
  }
});

/**
 * What connecting to the documentation prefix gives here: no route (after ~3 s) on a host without
 * IPv6; elsewhere (dropped, a timeout) the test is skipped.
 */
function noRouteCode(): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = connect({ host: '2001:db8::1', port: 9 });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(undefined);
    }, 5_000);
    socket.once('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve(e.code === 'EHOSTUNREACH' || e.code === 'ENETUNREACH' ? e.code : undefined);
    });
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(undefined);
    });
  });
}

describe('a real unreachable address (QA286)', () => {
  it('mae sse and socket: said in words, sent again under limits.retries', {
    timeout: 60_000,
  }, async (ctx) => {
    const code = await noRouteCode();
    if (code === undefined) ctx.skip();
    for (const where of [
      { transport: 'sse', url: 'http://[2001:db8::1]:9/stream' },
      { transport: 'socket', address: '[2001:db8::1]:9' },
    ] as const) {
      const counter = { sent: 0 };
      const adapter = makeMaeAdapter(
        { profile: 'seed', ...where, limits: { retries: 1 } } as Partial<MaeAgentConfig>,
        { timeoutMs: 5_000, retryCounter: counter },
      );
      try {
        const outcome = await adapter.invoke('t1', maeContext({ logs: [] }));
        expect(outcome.ok ? undefined : outcome.error.message).toMatch(
          new RegExp(`: [a-z][^:]* \\(${code}\\)$`),
        );
        expect(counter.sent, where.transport).toBe(1);
      } finally {
        await adapter.close();
      }
    }
  });
});
