/** Finds a rubric by name: the plan's own `rubrics:` first, then evalc's built-ins. */
import type { RubricConfig } from '../../plan/schema.js';
import { BUILTIN_RUBRICS } from './builtin-rubrics.js';

export interface ResolvedRubric {
  name: string;
  source: 'plan' | 'builtin';
  rubric: RubricConfig;
}

/** The rubric named `name`, or undefined when neither the plan nor the built-ins define it. */
export function resolveRubric(
  name: string,
  planRubrics: Record<string, RubricConfig>,
): ResolvedRubric | undefined {
  if (Object.hasOwn(planRubrics, name)) {
    const rubric = planRubrics[name];
    if (rubric) return { name, source: 'plan', rubric };
  }
  if (Object.hasOwn(BUILTIN_RUBRICS, name)) {
    const rubric = BUILTIN_RUBRICS[name];
    if (rubric) return { name, source: 'builtin', rubric };
  }
  return undefined;
}
