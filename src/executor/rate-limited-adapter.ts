/**
 * `limits.rps` before a request is handed to the agent's adapter: invocations start at most
 * `rps` per second (a token bucket, `RateLimiter`), and one still waiting for its token when
 * the run is interrupted (first Ctrl-C: dispatch stops) is never sent. The HTTP transport keeps
 * its own bucket for every attempt it sends (retries included), so a RAIP, chat, openai or http
 * agent's request rate stays within `rps`; MultiAgentEval agents over `local` (stdio), `socket`
 * or `sse` bypass that transport, and this bucket is their only one (a token per conversation).
 */
import { RateLimiter } from '../protocols/http/rate-limiter.js';
import type { AgentAdapter } from '../protocols/types.js';

/**
 * Makes `adapter.invoke` wait for a slot of an `rps` token bucket, in place (other methods stay).
 * The wait ends early, sending nothing, when the step's signal or `dispatch` aborts.
 */
export function limitInvokeRate<T extends AgentAdapter>(adapter: T, rps: number, dispatch?: AbortSignal): T {
  const limiter = new RateLimiter(rps);
  const invoke = adapter.invoke.bind(adapter);
  adapter.invoke = async (input, ctx) => {
    const signal = dispatch ? AbortSignal.any([ctx.signal, dispatch]) : ctx.signal;
    if (!(await limiter.acquire(signal)))
      return { ok: false, error: { kind: 'cancelled', message: 'apply interrupted before this request' } };
    return invoke(input, ctx);
  };
  return adapter;
}
