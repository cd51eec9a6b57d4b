/**
 * A re-apply's shortcut: a cached invoke whose extract record carries the invoke's duration and
 * tokens is scored without reading its trajectory (run-example.ts).
 */
import type { ExampleSteps } from '../compiler/step-keys.js';
import type { RepeatResult } from '../metrics/index.js';
import type { Trajectory } from '../protocols/types.js';
import type { GroupRuntime } from './run-example.js';
import { type InvokeView, scoreRepeat } from './score-repeat.js';
import type { ExtractRecord, InvokeRecord } from './step-records.js';

/**
 * A cached invoke whose extract record carries the invoke's duration and tokens: scored without
 * reading the invoke record, which is read (once) only if a score is not cached. Undefined when
 * the invoke is not a cached success or the extract record predates those fields.
 */
export async function reuseExtract(
  rt: GroupRuntime,
  step: ExampleSteps,
  invokeKey: string,
  extractKey: string,
): Promise<
  { repeat: RepeatResult; invoked: boolean; durationMs?: number; tokens: number | null } | undefined
> {
  const { store } = rt;
  if (store.kindOf?.(invokeKey) !== 'invoke') return undefined;
  const extract = store.get<ExtractRecord>(extractKey);
  if (
    !extract ||
    typeof extract.durationMs !== 'number' ||
    (typeof extract.tokens !== 'number' && extract.tokens !== null)
  )
    return undefined;
  const { durationMs, tokens } = extract;
  rt.onInvoke({ id: step.id, cached: true, durationMs });
  rt.onStage?.({ kind: 'extract', id: step.id, cached: true, error: extract.ok ? undefined : extract.error });
  let trajectory: Trajectory | undefined;
  const view: InvokeView = {
    durationMs,
    trajectory: () => {
      trajectory ??= store.get<InvokeRecord>(invokeKey)?.trajectory;
      if (!trajectory) throw new Error(`cache: invoke record ${invokeKey} vanished`);
      return trajectory;
    },
  };
  const repeat = await scoreRepeat(
    rt,
    step,
    view,
    extract.ok ? extract.values : {},
    extract.ok ? undefined : extract.error,
  );
  return { repeat, invoked: false, durationMs, tokens };
}
