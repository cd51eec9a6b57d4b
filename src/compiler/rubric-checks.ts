/**
 * Checks of the plan's `rubrics:` (QA37): a rubric whose dimensions all weigh 0 has a composite
 * of 0 for every answer (Σwᵢsᵢ/Σwᵢ has no weight to divide by; agent-eval's rule is 0), so every
 * judge metric on it scores 0 whatever the judge says — validate warns.
 */
import type { Diagnostic, PlanPath } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import type { LoadedPlan } from '../plan/load.js';
import type { Plan } from '../plan/schema.js';

export function checkRubrics(
  plan: Plan,
  diagnostics: Diagnostic[],
  at: (p: PlanPath, key?: string) => ReturnType<LoadedPlan['locate']>,
): void {
  for (const [name, rubric] of Object.entries(plan.rubrics ?? {})) {
    if (!rubric.dimensions.every((d) => d.weight === 0)) continue;
    const path: PlanPath = ['rubrics', name, 'dimensions'];
    diagnostics.push(
      diagnostic(
        'EVALC_RUBRIC_ZERO_WEIGHTS',
        `every dimension of rubric \`${name}\` weighs 0: its composite is 0 for every answer`,
        path,
        {
          severity: 'warning',
          source: at(path),
          hint: 'give a dimension a weight (the default is 1), or score one dimension with `dimension:`',
        },
      ),
    );
  }
}
