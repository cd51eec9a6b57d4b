/**
 * An http agent's `response` is a JMESPath expression applied to every reply before extraction.
 * One that does not compile is a validate error at its `file:line:col`, like a binding output
 * (`EVALC_BIND_JMESPATH`), rather than an `extraction_failed` for every example at apply.
 */
import { compileExpression } from '../binding/extract.js';
import type { Diagnostic, PlanPath } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import type { LoadedPlan } from '../plan/load.js';
import type { Plan } from '../plan/schema.js';
import { withoutReferencedKeys } from './template-key-pieces.js';

type Locate = (p: PlanPath, key?: string) => ReturnType<LoadedPlan['locate']>;

export function checkAgentResponses(
  plan: Plan,
  diagnostics: Diagnostic[],
  at: Locate,
  locateInValue?: LoadedPlan['locateInValue'],
): void {
  for (const [id, agent] of Object.entries(plan.agents)) {
    if (agent.protocol !== 'http' || agent.response === undefined) continue;
    const compiled = compileExpression(agent.response);
    if (compiled.ok) continue;
    const path: PlanPath = ['agents', id, 'response'];
    diagnostics.push(
      diagnostic(
        'EVALC_AGENT_RESPONSE_JMESPATH',
        `agent ${id}: response JMESPath expression does not compile: ${withoutReferencedKeys(compiled.message, agent.response)}`,
        path,
        {
          // At the token or character, as a binding output's (QA191: it was said at the value's start).
          source:
            (compiled.offset === undefined
              ? undefined
              : locateInValue?.(path, agent.response, compiled.offset)) ?? at(path),
          ...(compiled.hint ? { hint: withoutReferencedKeys(compiled.hint, agent.response) } : {}),
        },
      ),
    );
  }
}
