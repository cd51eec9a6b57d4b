/**
 * Which judge metrics send each example's expected value without a `reference:` (QA159). evalc's
 * built-in rubrics (`generic`, `clinical_safety`, `fiduciary_accuracy`, `policy_adherence`,
 * `factual_grounding`: MultiAgentEval's `judge_rubric` names) compare the answer with the
 * expected outcome, as MultiAgentEval's judge does ("generic: standard semantic similarity
 * score"); a judge that was never sent the expected value scored similarity to nothing. Such a
 * metric's score key carries the rule, so verdicts cached without the reference are not reused.
 */
import type { Plan } from '../plan/schema.js';
import { BUILTIN_RUBRICS } from '../protocols/rubrics/index.js';

/**
 * The rubric a judge metric's config applies: its own, its `judge_config`'s, its judge's, else
 * `generic`; undefined for a judge the plan does not define (an error of its own).
 */
function rubricNameOf(config: Readonly<Record<string, unknown>>, plan: Plan): string | undefined {
  if (typeof config.rubric === 'string' && config.rubric !== '') return config.rubric;
  const judgeConfig = config.judge_config;
  if (judgeConfig !== null && typeof judgeConfig === 'object') {
    const name = (judgeConfig as Record<string, unknown>).judge_rubric;
    if (typeof name === 'string' && name !== '') return name;
  }
  const judge = typeof config.judge === 'string' ? plan.judges[config.judge] : undefined;
  return judge === undefined ? undefined : (judge.rubric ?? 'generic');
}

/** The built-in rubric a `judge` metric without `reference:` is judged on (it compares with the expected outcome), if any. */
export function expectedReferenceRubric(
  config: Readonly<Record<string, unknown>>,
  plan: Plan,
): string | undefined {
  if (config.type !== 'judge' || config.reference !== undefined) return undefined;
  const name = rubricNameOf(config, plan);
  if (name === undefined || Object.hasOwn(plan.rubrics, name)) return undefined;
  return Object.hasOwn(BUILTIN_RUBRICS, name) ? name : undefined;
}

/**
 * Why such a metric re-scores when its params, version and judge are as evalc.lock pinned them:
 * the reference evalc now sends (`plan` and `apply --locked`), else undefined.
 */
export function expectedReferenceReason(
  config: Readonly<Record<string, unknown>>,
  plan: Plan,
  judgeUnchanged: boolean,
  registered: Readonly<Record<string, string>> | undefined,
): string | undefined {
  const rubric = judgeUnchanged ? expectedReferenceRubric(config, plan) : undefined;
  // A server that lists a rubric of that name applies its own, whose tag may have changed.
  return rubric === undefined || registered?.[rubric] !== undefined
    ? undefined
    : `because evalc now sends the judge each example's expected value, which built-in rubric ${rubric} compares the answer with (an earlier evalc sent it only with reference:)`;
}
