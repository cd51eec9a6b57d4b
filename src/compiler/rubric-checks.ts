/**
 * Checks of the plan's `rubrics:` (QA37): a rubric whose dimensions all weigh 0 has a composite
 * of 0 for every answer (Σwᵢsᵢ/Σwᵢ has no weight to divide by; agent-eval's rule is 0), so every
 * judge metric on it scores 0 whatever the judge says — validate warns. A dimension id given
 * twice is an error (QA41): a verdict has one score per id, so every judge call failed at run
 * time (the openai judge's schema is invalid, an agent-eval verdict's keys never match).
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
    const seen = new Set<string>();
    rubric.dimensions.forEach((d, i) => {
      if (!seen.has(d.id)) {
        seen.add(d.id);
        return;
      }
      const path: PlanPath = ['rubrics', name, 'dimensions', i, 'id'];
      diagnostics.push(
        diagnostic(
          'EVALC_RUBRIC_DUPLICATE_DIMENSION',
          `rubric \`${name}\` names dimension \`${d.id}\` twice: a verdict has one score per dimension id`,
          path,
          { source: at(path), hint: 'give each dimension its own id (merge the two, or rename one)' },
        ),
      );
    });
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
