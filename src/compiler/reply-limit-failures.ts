/**
 * A reply refused for its size (`response_too_large`) is a definitive failure, cached like an
 * answer, and `limits` is in no key: before QA324 the limit was a fixed 16 MiB, so nothing could
 * change it. With `agents.<id>.limits.maxResponseBytes` a raised limit must ask such an example
 * again, not reuse its failure until an `apply --refresh` asks every agent: the cached failure
 * records the limit it was refused under (one written before has none: the fixed 16 MiB), and a
 * failure refused under a smaller limit than the agent's now is stale (stale-failures.ts).
 * A lowered limit changes nothing cached: an answer kept under a larger one is still used.
 */
import { DEFAULT_MAX_RESPONSE_BYTES } from '../plan/agent-schema.js';
import type { Plan } from '../plan/schema.js';

/** `agents.<id>.limits.maxResponseBytes` in `plan`, or its default. */
export function replyLimit(plan: Plan, agentId: string): number {
  return plan.agents[agentId]?.limits?.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
}

/** The limit a cached invoke entry's `response_too_large` was refused under; undefined for any other entry. */
export function refusedUnder(record: unknown): number | undefined {
  if (typeof record !== 'object' || record === null) return undefined;
  const { failed, maxResponseBytes } = record as { failed?: { kind?: unknown }; maxResponseBytes?: unknown };
  if (failed?.kind !== 'response_too_large') return undefined;
  return typeof maxResponseBytes === 'number' ? maxResponseBytes : DEFAULT_MAX_RESPONSE_BYTES;
}

/** Whether `record` is a reply refused under a smaller limit than `limit`, the agent's now. */
export function outgrownFailure(record: unknown, limit: number): boolean {
  const under = refusedUnder(record);
  return under !== undefined && under < limit;
}

/** Why `plan` asks such an example again. */
export function outgrownReason(agentId: string, record: unknown, limit: number): string {
  const under = refusedUnder(record) ?? DEFAULT_MAX_RESPONSE_BYTES;
  return `because the cached failure is a reply over ${bytes(under)} (response_too_large), and agents.${agentId}.limits.maxResponseBytes is now ${bytes(limit)}`;
}

function bytes(n: number): string {
  return `${n.toLocaleString('en-US')} bytes`;
}

/**
 * An agent's reply refused for its size names the setting that lets it through (QA330: it said
 * `reply exceeds 1048576 bytes` alone, and the key was in README only), as a judge input's refusal
 * names `judges.<id>.limits.maxInputBytes`: `…: reply exceeds 1048576 bytes (raise
 * agents.a1.limits.maxResponseBytes to read it)`, inside a message's closing parenthesis if it has one.
 */
export function namingReplyLimit<E extends { message: string }>(error: E, agentId: string): E {
  const hint = `raise agents.${agentId}.limits.maxResponseBytes to read it`;
  const { message } = error;
  return {
    ...error,
    message: message.endsWith(')') ? `${message.slice(0, -1)}; ${hint})` : `${message} (${hint})`,
  };
}
