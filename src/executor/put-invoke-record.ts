/**
 * Caches an agent's answer, or says it is too large to: a trajectory whose JSON is longer than
 * one JavaScript string can hold (~512 MiB, V8's limit) made `JSON.stringify` throw a RangeError
 * that ended the whole apply as an internal error, with no lockfile (QA50: a 16 MB reply of
 * 900,000 `call_multiple_tools` calls, or 20 calls to a tool whose dataset output is 5 MB — each
 * call's result is kept in the transcript, the tool calls and the reply document). Such an
 * answer is the example's `response_too_large`, a definitive failure like a reply over 16 MiB.
 */
import type { StepError } from '../protocols/types.js';
import type { StepStore } from './step-store.js';

export function putInvokeRecord(store: StepStore, key: string, record: unknown): StepError | undefined {
  try {
    store.put(key, 'invoke', record);
    return undefined;
  } catch (cause) {
    if (!(cause instanceof RangeError)) throw cause;
    return {
      kind: 'response_too_large',
      message:
        "the agent's trajectory is too large to record (its JSON is longer than 512 MiB, what one string can hold): its replies, or the tool results relayed in them, add up to more",
      retryable: false,
    };
  }
}

/**
 * Caches a failed answer with what the agent did before it failed (`trajectory`), or without it
 * when that is too large to serialise (an action loop cut at `maxTurns` after tool results of
 * megabytes): the failure is kept either way.
 */
export function putFailedInvoke<T extends { trajectory?: unknown }>(
  store: StepStore,
  key: string,
  kind: string,
  failed: T,
): void {
  try {
    store.put(key, kind, failed);
  } catch (cause) {
    if (!(cause instanceof RangeError) || failed.trajectory === undefined) throw cause;
    const { trajectory: _tooLarge, ...rest } = failed;
    store.put(key, kind, rest);
  }
}
