/**
 * The size limits are one per side: an agent's `limits.maxResponseBytes` (the reply it may send,
 * QA324) and a judge's `limits.maxInputBytes` (what one call may send it, QA317). Either written on
 * the other side was a bare "unknown key" (QA330): the hint says whose key it is and which one the
 * other side has.
 */
import type { PlanPath } from './diagnostic.js';

export function limitsKeyHint(path: PlanPath, key: string): string | undefined {
  if (path.length !== 3 || path[2] !== 'limits') return undefined;
  if (path[0] === 'judges' && key === 'maxResponseBytes')
    return "`maxResponseBytes` is an agent's limit (agents.<id>.limits.maxResponseBytes, the largest reply it may send); a judge's reply is held to a fixed 16 MiB, and its `maxInputBytes` bounds the input one call may send it";
  if (path[0] === 'agents' && key === 'maxInputBytes')
    return "`maxInputBytes` is a judge's limit (judges.<id>.limits.maxInputBytes, the largest input one call may send it); an agent's is `maxResponseBytes`, the largest reply it may send";
  return undefined;
}
