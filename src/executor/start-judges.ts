/**
 * The judges a run's metrics name, started before the first example. A judge that is down is a
 * failed step, as an agent's discovery is: the run goes on and its metrics record the error. A
 * judge whose setting is wrong, or any judge under `--locked` (its pins cannot be checked), stops
 * the run before anything is sent.
 */

import type { CompiledPlan } from '../compiler/compile.js';
import type { RuntimeSetup } from './agent-runtime.js';
import { type JudgeRuntime, startJudge, unusableJudge, unusableKind } from './judges.js';

/** Judge start failures that stop the run: the plan's own setup is wrong, not the judge's health. */
const REFUSING_JUDGE_ERRORS = new Set(['judge_unconfigured', 'incompatible_version', 'config_error']);

export async function startJudges(
  compiled: CompiledPlan,
  setup: RuntimeSetup & { judgeDirs: Record<string, string> },
  judges: Map<string, JudgeRuntime>,
  run: { locked: boolean; scrub(text: string): string; warn(message: string, kind: string): void },
): Promise<{ ok: true } | { ok: false; message: string }> {
  const judgeIds = [
    ...new Set(
      compiled.groups.flatMap((g) => g.group.metrics.map((m) => m.judgeId).filter((j): j is string => !!j)),
    ),
  ].sort();
  // Judges evalc serves start first: another judge may be the same server under another id.
  const served = (id: string) => (setup.plan.judges[id]?.serve ? 0 : 1);
  judgeIds.sort((a, b) => served(a) - served(b));
  for (const id of judgeIds) {
    const started = await startJudge(id, setup);
    if (started.ok) {
      judges.set(id, started.judge);
      continue;
    }
    const message = `judge ${id} is not usable: ${run.scrub(started.error.message)}`;
    // A setting to fix (an unset variable, a judge of another wire version — A2 refuses it),
    // or --locked (its pins cannot be checked): no run.
    if (REFUSING_JUDGE_ERRORS.has(started.error.kind) || run.locked || setup.signal.aborted)
      return { ok: false, message };
    // A judge that is down or incompatible is a failed step: each of its metrics records the
    // error (retried by the next apply).
    run.warn(message, unusableKind(started.error));
    const protocol = setup.plan.judges[id]?.protocol === 'openai' ? 'openai' : 'agent-eval';
    judges.set(
      id,
      unusableJudge(id, protocol, { ...started.error, message: run.scrub(started.error.message) }),
    );
  }
  return { ok: true };
}
