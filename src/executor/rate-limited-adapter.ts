/**
 * `limits.rps` for agents whose requests do not go through the HTTP transport (whose token
 * bucket applies `rps` to every request, retries included): MultiAgentEval agents over `local`
 * (stdio), `socket` or `sse`. Their invocations (one conversation each) start at most `rps` per
 * second, from the same token bucket (`RateLimiter`).
 */
import type { AgentConfig } from '../plan/schema.js';
import { RateLimiter } from '../protocols/http/rate-limiter.js';
import type { AgentAdapter } from '../protocols/types.js';

/** Whether the agent's requests bypass the HTTP transport (and so its `rps` token bucket). */
export function bypassesHttpTransport(config: AgentConfig): boolean {
  return config.protocol === 'mae' && config.transport !== 'http';
}

/** Makes `adapter.invoke` wait for a slot of an `rps` token bucket (in place: other methods stay). */
export function limitInvokeRate<T extends AgentAdapter>(adapter: T, rps: number): T {
  const limiter = new RateLimiter(rps);
  const invoke = adapter.invoke.bind(adapter);
  adapter.invoke = async (input, ctx) => {
    if (!(await limiter.acquire(ctx.signal)))
      return { ok: false, error: { kind: 'cancelled', message: 'apply interrupted before this request' } };
    return invoke(input, ctx);
  };
  return adapter;
}
