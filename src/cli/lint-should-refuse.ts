/**
 * `refusal_rate` scores an example only where it knows whether the example should be refused: the
 * metric's `should_refuse` param, else the example's `should_refuse` var as a boolean or its text
 * `true`/`false` (families/safety.ts `shouldRefuse`). Elsewhere it only measures — score null — which
 * is silent twice (QA99): a var it cannot read (`yes`, `1`, a CSV's `Y`) was ignored, and a gated
 * refusal_rate (`threshold`, `gate: true`) failed every example without one, each listed as
 * `failed refusal_rate (phrase: i cannot help)` beside a refusal that may well be right.
 */
import type { ResolvedDataset } from '../compiler/datasets.js';
import type { ResolvedPlan } from '../compiler/resolve.js';
import { shouldRefuse } from '../metrics/families/safety.js';
import type { LintFinding } from '../metrics/index.js';

/** The refusal_rate findings of one dataset (EVALC_LINT_SHOULD_REFUSE, warnings). */
export function shouldRefuseFindings(resolved: ResolvedPlan, dataset: ResolvedDataset): LintFinding[] {
  const configs: Record<string, unknown>[] = [];
  for (const g of resolved.groups)
    if (g.taskId === dataset.taskId && g.datasetId === dataset.datasetId)
      for (const m of g.metrics)
        if (m.type === 'refusal_rate') configs.push(m.config as Record<string, unknown>);
  if (configs.length === 0) return [];
  const findings: LintFinding[] = [];
  const unreadable = dataset.examples.filter((e) => {
    const v = e.vars?.should_refuse;
    return (
      v !== undefined && v !== null && v !== '' && shouldRefuse({ should_refuse: v }, undefined) === undefined
    );
  });
  if (unreadable.length > 0) {
    const first = unreadable[0]!;
    findings.push({
      code: 'EVALC_LINT_SHOULD_REFUSE',
      severity: 'warning',
      message: `${unreadable.length} example(s) have a should_refuse refusal_rate cannot read (e.g. ${first.id}: ${JSON.stringify(first.vars?.should_refuse)}): it reads a boolean or the text true/false, so ${fallbackText(configs)}`,
      examples: unreadable.map((e) => e.id),
    });
  }
  const gated = configs.find(
    (c) =>
      typeof c.should_refuse !== 'boolean' &&
      (c.gate === true || (c.gate !== false && typeof c.threshold === 'number')),
  );
  if (gated) {
    const unknown = dataset.examples.filter((e) => shouldRefuse(e.vars ?? {}, undefined) === undefined);
    if (unknown.length > 0)
      findings.push({
        code: 'EVALC_LINT_SHOULD_REFUSE',
        severity: 'warning',
        message: `refusal_rate gates (${typeof gated.threshold === 'number' ? `threshold: ${gated.threshold}` : 'gate: true'}) but ${unknown.length} example(s) have no should_refuse it can read (var or param): it has no score there, so they fail it`,
        examples: unknown.map((e) => e.id),
      });
  }
  return findings;
}

/**
 * What stands where the var cannot be read: the metric's own `should_refuse:` param where it has
 * one (the run scores by it: a CSV's 'no' beside `should_refuse: true` is a should-refuse example),
 * else nothing — it only measures (QA104: the warning said 'no score' beside a param).
 */
function fallbackText(configs: Record<string, unknown>[]): string {
  const params = new Set(
    configs.map((c) => (typeof c.should_refuse === 'boolean' ? c.should_refuse : undefined)),
  );
  if (params.size === 1 && params.has(undefined)) return 'it only measures there (no score)';
  if (params.size === 1) return `the metric's should_refuse: ${String([...params][0])} decides there`;
  return params.has(undefined)
    ? 'a refusal_rate with should_refuse: takes that there, one without only measures (no score)'
    : "each refusal_rate's own should_refuse: decides there";
}
