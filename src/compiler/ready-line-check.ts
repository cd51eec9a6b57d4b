/**
 * Validate-time check of each served agent's and judge's `serve.ready.line`: a pattern that is no
 * regular expression, or one only RE2 could run safely and cannot, is a plan error at its line
 * (QA315: validate took `line: "ready("`, and apply said "ready.line is not a valid regular
 * expression" with no file:line:col). Compiled as the served process's output is matched
 * (executor/agent-process.ts). Here rather than in the plan's schema: the regular-expression engine
 * is the protocols layer's, which the plan layer does not import.
 */
import type { Diagnostic, PlanPath, SourcePosition } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import type { Plan } from '../plan/schema.js';
import { compileGuardedRegExp, regExpSyntaxProblem } from '../protocols/regexp/linear-regexp.js';

export function checkReadyLines(
  plan: Pick<Plan, 'agents' | 'judges'>,
  locate: (path: PlanPath) => SourcePosition | undefined,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const served = [
    ...Object.entries(plan.agents ?? {}).map(([id, a]) => ['agents', id, a] as const),
    ...Object.entries(plan.judges ?? {}).map(([id, j]) => ['judges', id, j] as const),
  ];
  for (const [kind, id, entry] of served) {
    const line = (entry as { serve?: { ready?: { line?: unknown } } }).serve?.ready?.line;
    if (typeof line !== 'string') continue;
    const problem = readyLineProblem(line);
    if (problem === undefined) continue;
    const path: PlanPath = [kind, id, 'serve', 'ready', 'line'];
    // Worded as the schema's own errors are, the path first.
    out.push(
      diagnostic('EVALC_SCHEMA_INVALID', `${path.join('.')}: ${problem}`, path, { source: locate(path) }),
    );
  }
  return out;
}

function readyLineProblem(line: string): string | undefined {
  try {
    if (compileGuardedRegExp(line, '').ok) return undefined;
    return 'regular expression could take exponential time on some output lines (a repeated group that itself repeats or alternates) and has a lookaround or backreference the linear-time engine cannot run: rewrite it without the nesting';
  } catch (err) {
    return `invalid regular expression: ${regExpSyntaxProblem(err)}`;
  }
}
