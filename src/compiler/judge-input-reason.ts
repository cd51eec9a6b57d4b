/**
 * A judge score whose last call was refused for its input's size (executor/judge-input-limit.ts,
 * QA317), read back from the cache's note of why it failed: its `details` record the input's
 * bytes and the limit then. `plan` says whether the limit in the plan now lets it be judged, and
 * `apply --frozen` says "raise the limit" only of those it still refuses (QA324: both said the
 * same of a score whose limit had been raised as of one whose had not).
 */
import { DEFAULT_JUDGE_INPUT_BYTES } from '../plan/agent-schema.js';
import type { Plan } from '../plan/schema.js';
import { FAILURE_NOTE_SUFFIX } from './failure-note.js';

export interface OverLimitInput {
  /** UTF-8 bytes of the refused call's content, reference and task. */
  inputBytes: number;
  /** The judge's `limits.maxInputBytes` when it was refused. */
  maxInputBytes: number;
}

/** The sizes an error records when it is a judge call refused for its input's size. */
export function overLimitInput(error: unknown): OverLimitInput | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { kind, details } = error as { kind?: unknown; details?: unknown };
  if (kind !== 'metric_error' || typeof details !== 'object' || details === null) return undefined;
  const { inputBytes, maxInputBytes } = details as { inputBytes?: unknown; maxInputBytes?: unknown };
  if (typeof inputBytes !== 'number' || typeof maxInputBytes !== 'number') return undefined;
  return { inputBytes, maxInputBytes };
}

/** The sizes the cache's failure note of score `key` records, when its input was over the limit. */
export function cachedOverLimit(
  cache: { get?(key: string): unknown },
  key: string,
): OverLimitInput | undefined {
  const note = cache.get?.(`${key}${FAILURE_NOTE_SUFFIX}`);
  return typeof note === 'object' && note !== null
    ? overLimitInput((note as { error?: unknown }).error)
    : undefined;
}

/** `judges.<id>.limits.maxInputBytes` in `plan`, or its default. */
export function judgeInputLimit(plan: Plan, judgeId: string): number {
  return plan.judges?.[judgeId]?.limits?.maxInputBytes ?? DEFAULT_JUDGE_INPUT_BYTES;
}

/** Why `plan` re-scores a score refused for its input's size: judged now, or refused again. */
export function overLimitReason(judgeId: string, recorded: OverLimitInput, limit: number): string {
  const setting = `judges.${judgeId}.limits.maxInputBytes`;
  const input = `its judge input (${bytesText(recorded.inputBytes)})`;
  if (recorded.inputBytes <= limit)
    return `because ${input} was over ${setting} (${bytesText(recorded.maxInputBytes)}), now ${bytesText(limit)}: apply asks judge ${judgeId}`;
  return `because the previous attempt failed (metric_error): ${input} is over ${setting} (${bytesText(limit)}), so apply fails it again without asking judge ${judgeId}`;
}

function bytesText(bytes: number): string {
  return `${bytes.toLocaleString('en-US')} bytes`;
}
