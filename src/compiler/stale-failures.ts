/**
 * Cached invoke failures this evalc would not get again from the same request (QA128).
 *
 * An `openai` agent on a reasoning model (o1, o3-mini, gpt-5) refuses `max_tokens` with 400
 * "Unsupported parameter: 'max_tokens' is not supported with this model. Use
 * 'max_completion_tokens' instead.". An evalc before QA116 recorded that 400 as the example's
 * definitive failure and cached it like an answer; this evalc sends the limit again as
 * `max_completion_tokens` and never records that refusal. Such a cached failure, written by the
 * older evalc under the same key, is not reused: the example is asked once more (after an upgrade,
 * `plan` says why), so the fix does not wait for an `apply --refresh` that would ask every agent
 * and judge again.
 */
import type { Lockfile } from '../lockfile/types.js';
import { SENT_AS_COMPLETION_TOKENS } from '../protocols/openai/reasoning-model-refusals.js';
import { FAILED_INVOKE_KIND } from './lock-records.js';
import { outgrownFailure, outgrownReason } from './reply-limit-failures.js';

export const STALE_MAX_TOKENS_REASON =
  "because the cached failure is a reasoning model's refusal of max_tokens, which this evalc sends again as max_completion_tokens (an earlier evalc cached it)";

/** Whether a failure's message is a reasoning model's refusal of the `max_tokens` field itself. */
function refusedMaxTokens(kind: unknown, message: unknown): boolean {
  if (kind !== 'http_400' || typeof message !== 'string') return false;
  // This evalc's own: refused though sent as max_completion_tokens, it is refused again (QA132).
  if (message.includes(SENT_AS_COMPLETION_TOKENS.trim())) return false;
  // A limit refused for its value names both fields too (vLLM's "… is too large"): not this one.
  if (/too large|maximum context length|at most|exceeds?/i.test(message)) return false;
  return (
    /\bmax_tokens\b/.test(message) &&
    /\bmax_completion_tokens\b/.test(message) &&
    /not supported|unsupported|instead/i.test(message)
  );
}

/**
 * Whether `record`, a cached invoke entry of an agent speaking `protocol`, is such a stale failure,
 * or (`replyLimit`: the agent's `limits.maxResponseBytes` now) a reply refused under a smaller one (QA324).
 */
export function isStaleFailure(protocol: string | undefined, record: unknown, replyLimit?: number): boolean {
  if (replyLimit !== undefined && outgrownFailure(record, replyLimit)) return true;
  if (protocol !== 'openai' || typeof record !== 'object' || record === null) return false;
  const failed = (record as { failed?: { kind?: unknown; message?: unknown } }).failed;
  return failed !== undefined && refusedMaxTokens(failed.kind, failed.message);
}

interface FailureView {
  kindOf?(key: string): string | undefined;
  get?(key: string): unknown;
}

/** `isStaleFailure` of the entry a cache holds under `key` (read only when it is a cached failure). */
export function holdsStaleFailure(
  cache: FailureView,
  protocol: string | undefined,
  key: string,
  replyLimit?: number,
): boolean {
  if (protocol !== 'openai' && replyLimit === undefined) return false;
  if (cache.kindOf?.(key) !== FAILED_INVOKE_KIND || !cache.get) return false;
  return isStaleFailure(protocol, cache.get(key), replyLimit);
}

/** Why `plan` asks again the example of a stale cached failure under `key`. */
export function staleFailureReason(
  cache: FailureView,
  key: string,
  agentId: string,
  replyLimit: number,
): string {
  const record = cache.get?.(key);
  return outgrownFailure(record, replyLimit)
    ? outgrownReason(agentId, record, replyLimit)
    : STALE_MAX_TOKENS_REASON;
}

/** Whether a lock's header (its error counts and agents) may record such a failure. */
export function mayHoldStaleFailure(header: Lockfile): boolean {
  if ((header.steps?.errors?.response_too_large ?? 0) > 0) return true;
  return (
    (header.steps?.errors?.http_400 ?? 0) > 0 &&
    Object.values(header.agents).some((agent) => agent.protocol === 'openai')
  );
}

/**
 * Whether evalc.lock records an `http_400` of an `openai` agent whose cached entry is such a stale
 * failure: the lock is then not up to date (apply asks those examples again). The cache is opened
 * only for a lock that records one.
 */
export function lockHoldsStaleFailure(
  lock: Lockfile,
  cache: () => FailureView,
  /** The agent's `limits.maxResponseBytes` now: a `response_too_large` refused under less is stale (QA324). */
  replyLimitOf?: (agentId: string) => number,
): boolean {
  let view: FailureView | undefined;
  for (const row of lock.results) {
    const errors = row.errors;
    if (errors === undefined) continue;
    const tooLarge = replyLimitOf !== undefined && errors.includes('response_too_large');
    if (!errors.includes('http_400') && !tooLarge) continue;
    const agentId = row.group.split('/')[0] ?? '';
    const openai = lock.agents[agentId]?.protocol === 'openai';
    for (let repeat = 0; repeat < errors.length; repeat++) {
      const key = row.invoke[repeat];
      if (typeof key !== 'string') continue;
      if (errors[repeat] === 'http_400' && openai) {
        view ??= cache();
        if (holdsStaleFailure(view, 'openai', key)) return true;
      } else if (errors[repeat] === 'response_too_large' && replyLimitOf) {
        view ??= cache();
        if (holdsStaleFailure(view, undefined, key, replyLimitOf(agentId))) return true;
      }
    }
  }
  return false;
}
