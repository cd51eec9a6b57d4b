/**
 * What the cache holds for an example's invoke and extract steps, and which invoke failures are
 * definitive (cached like an answer) or transient (never cached, asked again by the next apply).
 */

import type { StepError, Trajectory } from '../protocols/types.js';
import { FAILURE_NOTE_SUFFIX } from './step-store.js';

export interface InvokeRecord {
  trajectory: Trajectory;
  durationMs: number;
}

/**
 * A definitive failure (the agent answered, and the answer is a contract or semantic error, a
 * 2xx whose body is not JSON, or a reply over the size limit: `isDefinitiveFailure`) is cached
 * like an answer, so re-applying an unchanged plan calls no agent; `--refresh` retries it.
 * Transient failures (timeouts, resets, 429, 5xx, crashes, cancellation) are never cached.
 */
export interface FailedInvokeRecord {
  failed: StepError;
  durationMs: number;
  /** What the agent did before the failure (an action loop cut at maxTurns, a conversation that broke off), for the drill-down. */
  trajectory?: Trajectory;
  /** A `response_too_large`: the agent's `limits.maxResponseBytes` it was refused under (a larger one asks again, QA324). */
  maxResponseBytes?: number;
}

const DEFINITIVE_KINDS = new Set([
  'contract_error',
  'contract_violation',
  'semantic_mismatch',
  'schema_invalid',
  'unknown_action',
  'max_turns_exceeded',
  'config_error',
  // The agent answered (a 2xx) with something that is not JSON, or too much: asking again
  // gets the same (a judge's such reply is a metric error: never cached, retried next apply).
  'invalid_json',
  'response_too_large',
  // An http agent's `response:` path that fails on the reply (QA105): the path is part of the
  // agent's identity, so fixing it re-invokes; asking again with the same path fails the same way.
  'extraction_failed',
]);

/** Where the message of an invoke's last transient failure is kept (never read as a result). */
export function lastErrorKey(invokeKey: string): string {
  return `${invokeKey}${FAILURE_NOTE_SUFFIX}`;
}

/**
 * Refused credentials (401, 403, 407) are not an answer about the input: headers never enter a
 * key, so a cached refusal would outlive the token the user fixed. They are not retried within
 * the run (the same token is refused again) but not cached either: the next apply asks again.
 */
const CREDENTIAL_REFUSALS = new Set(['http_401', 'http_403', 'http_407', 'auth_error']);

export function isDefinitiveFailure(error: StepError): boolean {
  if (error.retryable || CREDENTIAL_REFUSALS.has(error.kind)) return false;
  if (DEFINITIVE_KINDS.has(error.kind)) return true;
  const http = /^http_(4\d\d)$/.exec(error.kind);
  return http !== null && http[1] !== '408' && http[1] !== '429';
}

/**
 * The candidates an extraction produced, or why it failed. Records written since extract@1's
 * `durationMs`/`tokens` fields carry what later steps need from the invoke, so a re-apply whose
 * scores are all cached never reads (or parses) the trajectory; records without them (older
 * caches) make the step read the invoke record as before. The fields do not change the
 * candidates, so the extract key (CODE_VERSIONS.extract) is unchanged.
 */
export type ExtractRecord = (
  | { ok: true; values: Record<string, unknown> }
  | { ok: false; error: StepError }
) & {
  /** The invoke's duration and token total, copied from its record (null: the agent reported none). */
  durationMs?: number;
  tokens?: number | null;
};
