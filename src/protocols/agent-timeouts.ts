/**
 * An agent's request (or turn) timeout when `limits.timeout` says nothing: 60 s per request, but
 * a `mae` agent follows AgentV, 30 s per turn. One place for both: the mae adapter times its turns
 * with it and agent-runtime.ts builds the agent's HttpTransport (whose pool's connect and header
 * timeouts follow it) with the same value (QA364: a mae `http` turn failed at 30 s while its
 * connect, still pending, held a pool connection until the transport's 60 s).
 */
import { parseDuration } from '../plan/duration.js';
import type { AgentConfig } from '../plan/schema.js';

/** Per request, every protocol but `mae`. */
export const AGENT_TIMEOUT_MS = 60_000;
/** Per turn, a `mae` agent (AgentV's default). */
export const MAE_TURN_TIMEOUT_MS = 30_000;

/** The agent's timeout: its `limits.timeout`, else its protocol's default. */
export function agentTimeoutMs(config: AgentConfig): number {
  const set = config.limits?.timeout === undefined ? undefined : parseDuration(config.limits.timeout);
  return set ?? (config.protocol === 'mae' ? MAE_TURN_TIMEOUT_MS : AGENT_TIMEOUT_MS);
}
