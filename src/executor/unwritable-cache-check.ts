/**
 * An apply on a cache folder that cannot be written (restored read-only, no permission) keeps no
 * answer: when the run would call an agent (or a judge) for a step the cache lacks, it stops
 * before sending anything (QA69: it called the agents, lost their answers at the first write,
 * and the next apply paid for the same calls again). A run whose every call is cached goes on.
 */
import type { CompiledPlan } from '../compiler/compile.js';
import type { LogStore } from './cache-store.js';
import { missingInvokes, missingJudgeScores } from './locked-inputs.js';

/** A cache as `--refresh` reads it: no entry is used. */
const readAsEmpty = { has: () => false, kindOf: () => undefined, get: () => undefined };

/**
 * The refusal's message, or undefined when the cache can be written or no call is needed.
 * `refresh` (`--refresh`) asks every agent and judge again, whatever the cache holds (QA303: it
 * was let through on a cache holding every answer, called the agents and lost their answers).
 */
export function unwritableCacheRefusal(
  compiled: CompiledPlan,
  store: LogStore,
  refresh = false,
): string | undefined {
  const denied = store.writeDenied;
  if (!denied) return undefined;
  const held: Pick<LogStore, 'has' | 'kindOf' | 'get'> = refresh ? readAsEmpty : store;
  const invokes = missingInvokes(compiled, held).length;
  const scores = invokes > 0 ? 0 : missingJudgeScores(compiled, held).length;
  if (invokes === 0 && scores === 0) return undefined;
  const calls = invokes > 0 ? `${invokes} agent call(s)` : `${scores} judge call(s)`;
  return `cannot write: ${denied.message} (${calls} would be made and their answers lost: nothing was sent)`;
}
