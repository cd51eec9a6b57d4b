/**
 * An apply on a cache folder that cannot be written (restored read-only, no permission) keeps no
 * answer: when the run would call an agent (or a judge) for a step the cache lacks, it stops
 * before sending anything (QA69: it called the agents, lost their answers at the first write,
 * and the next apply paid for the same calls again). A run whose every call is cached goes on.
 */
import type { CompiledPlan } from '../compiler/compile.js';
import type { LogStore } from './cache-store.js';
import { missingInvokes, missingJudgeScores } from './locked-inputs.js';

/** The refusal's message, or undefined when the cache can be written or no call is needed. */
export function unwritableCacheRefusal(compiled: CompiledPlan, store: LogStore): string | undefined {
  const denied = store.writeDenied;
  if (!denied) return undefined;
  const invokes = missingInvokes(compiled, store).length;
  const scores = invokes > 0 ? 0 : missingJudgeScores(compiled, store).length;
  if (invokes === 0 && scores === 0) return undefined;
  const calls = invokes > 0 ? `${invokes} agent call(s)` : `${scores} judge call(s)`;
  return `cannot write: ${denied.message} (${calls} would be made and their answers lost: nothing was sent)`;
}
