/**
 * The judges a run's metrics name, started before the first example. A judge that is down is a
 * failed step, as an agent's discovery is: the run goes on and its metrics record the error. A
 * judge whose setting is wrong, or any judge under `--locked` (its pins cannot be checked), stops
 * the run before anything is sent.
 */

import type { CompiledPlan } from '../compiler/compile.js';
import type { RuntimeSetup } from './agent-runtime.js';
import { notListeningHint } from './discovery.js';
import { type JudgeRuntime, startJudge, unusableJudge, unusableKind } from './judges.js';
import { readyWait } from './ready-wait.js';
import { startInTurn } from './start-in-turn.js';

/** Judge start failures that stop the run: the plan's own setup is wrong, not the judge's health. */
const REFUSING_JUDGE_ERRORS = new Set(['judge_unconfigured', 'incompatible_version', 'config_error']);

export async function startJudges(
  compiled: CompiledPlan,
  setup: RuntimeSetup & { judgeDirs: Record<string, string> },
  judges: Map<string, JudgeRuntime>,
  run: {
    locked: boolean;
    scrub(text: string): string;
    warn(message: string, kind: string): void;
    /** A served judge slow to be ready is said after a few seconds (ProgressSink.waitFor, QA171). */
    waitFor?: ((what: string) => () => void) | undefined;
  },
): Promise<{ ok: true } | { ok: false; message: string }> {
  const judgeIds = [
    ...new Set(
      compiled.groups.flatMap((g) => g.group.metrics.map((m) => m.judgeId).filter((j): j is string => !!j)),
    ),
  ].sort();
  // Judges evalc serves start first (another judge may be the same server under another id), side
  // by side, then the others, side by side; the outcomes are read in that order, so a refusal is
  // the first in that order of the starts that failed on their own. A refusal cancels the starts
  // still waiting as it happens, and every judge that did start is in `judges`, which the run
  // stops as it ends.
  const served = judgeIds.filter((id) => setup.plan.judges[id]?.serve);
  const others = judgeIds.filter((id) => !setup.plan.judges[id]?.serve);
  const siblings = new AbortController();
  // A setting to fix (an unset variable, a judge of another wire version — A2 refuses it), or
  // --locked (its pins cannot be checked): no run.
  const refuses = (kind: string) => REFUSING_JUDGE_ERRORS.has(kind) || run.locked;
  const startSetup = { ...setup, signal: AbortSignal.any([setup.signal, siblings.signal]) };
  for (const ids of [served, others]) {
    const starts = startInTurn(
      ids,
      (id) => setup.plan.judges[id],
      (id) => {
        const serve = setup.plan.judges[id]?.serve;
        const waited = serve ? run.waitFor?.(run.scrub(readyWait(`judge ${id}`, serve))) : undefined;
        // Ctrl-C (or another's refusal) ends the wait: what is left is its stop (as start-agents.ts).
        if (waited) startSetup.signal.addEventListener('abort', waited, { once: true });
        // A refusal refuses the run as it happens, not once the judges before it are up (QA174).
        return startJudge(id, startSetup)
          .then((started) => {
            if (!started.ok && refuses(started.error.kind)) siblings.abort();
            return started;
          })
          .finally(() => waited?.());
      },
    );
    for (const [i, id] of ids.entries()) {
      const started = await starts[i]!;
      if (started.ok) {
        judges.set(id, started.judge);
        continue;
      }
      // Cancelled because a judge after it refused: that refusal is the one to say.
      if (started.error.kind === 'cancelled' && siblings.signal.aborted && !setup.signal.aborted) continue;
      // A call Ctrl-C cancelled says nothing of the judge (QA295: 'interrupted before the run: judge ae is not
      // usable: GET …/v1/version: cancelled' of a judge that may only have been slow)
      const cancelled = started.error.kind === 'cancelled' && setup.signal.aborted;
      // An unset variable names the judge itself (QA316: 'judge j is not usable: judge j: environment variable(s) …').
      const said = run.scrub(started.error.message);
      const message = said.startsWith(`judge ${id}: `)
        ? said
        : `judge ${id}${cancelled ? ':' : ' is not usable:'} ${said}`;
      if (refuses(started.error.kind) || setup.signal.aborted) {
        siblings.abort();
        for (const [j, outcome] of (await Promise.all(starts)).entries())
          if (outcome.ok && !judges.has(ids[j]!)) judges.set(ids[j]!, outcome.judge);
        return { ok: false, message };
      }
      // A judge that is down or incompatible is a failed step: each of its metrics records the
      // error (retried by the next apply).
      // Asked whether it runs, as an agent is (QA291): its url as evalc.lock records it
      const config = setup.plan.judges[id];
      const hint = config ? notListeningHint(config, started.error, 'judge') : '';
      run.warn(`${message}${hint}`, unusableKind(started.error));
      const protocol = setup.plan.judges[id]?.protocol === 'openai' ? 'openai' : 'agent-eval';
      judges.set(
        id,
        unusableJudge(id, protocol, { ...started.error, message: run.scrub(started.error.message) }),
      );
    }
  }
  return { ok: true };
}
