/**
 * The checks of a metric that names a judge (judge, checklist, …): the rubric and dimension it
 * names exist, a judge_temperature an agent-eval judge ignores, and a text to judge.
 */
import type { Diagnostic, PlanPath, SourcePosition } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import type { MetricConfig, Plan } from '../plan/schema.js';
import { didYouMean } from '../plan/suggest.js';
import { BUILTIN_RUBRICS, resolveRubric } from '../protocols/rubrics/index.js';
import { agentsWithoutDefaultCandidate, type CandidateCheckContext } from './default-candidate-check.js';

/** Every check of a metric whose judge `judgeId` is defined. */
export function checkJudgeMetric(
  config: MetricConfig,
  params: Record<string, unknown>,
  path: PlanPath,
  judgeId: string,
  ctx: CandidateCheckContext & { plan: Plan },
): Diagnostic[] {
  return [
    ...checkMetricRubric(params, path, judgeId, ctx),
    ...checkDimension(params, path, judgeId, ctx),
    ...checkAgentEvalTemperature(params, path, judgeId, ctx),
    ...checkJudgedText(config, params, path, ctx),
  ];
}

/** The hint of a judge metric without `judge:`: the plan's judges, or how to define one. */
export function judgesHint(plan: Plan): string {
  const ids = Object.keys(plan.judges);
  return ids.length > 0
    ? `name the judge that scores it: judge: ${ids.join(' | ')}`
    : 'define a judge under judges: (agent-eval or openai) and name it here with judge: <id>';
}

/**
 * The rubric a judge metric names (`rubric:` or `judge_config.judge_rubric`): an openai judge
 * needs one evalc holds (the plan's or a built-in); an agent-eval judge may use one its server
 * registers, so a name close to a plan rubric is only a warning there.
 */
function checkMetricRubric(
  params: Record<string, unknown>,
  path: PlanPath,
  judgeId: string,
  ctx: { plan: Plan; locate: (p: PlanPath, key?: string) => SourcePosition | undefined },
): Diagnostic[] {
  const fromConfig = judgeConfigField(params, 'judge_rubric');
  const name = typeof params.rubric === 'string' ? params.rubric : fromConfig;
  if (typeof name !== 'string' || resolveRubric(name, ctx.plan.rubrics)) return [];
  const at: PlanPath =
    typeof params.rubric === 'string' ? [...path, 'rubric'] : [...path, 'judge_config', 'judge_rubric'];
  const known = [...Object.keys(ctx.plan.rubrics), ...Object.keys(BUILTIN_RUBRICS)];
  const hint = didYouMean(name, known);
  if (ctx.plan.judges[judgeId]?.protocol === 'openai') {
    return [
      diagnostic('EVALC_REF_RUBRIC', `unknown rubric \`${name}\` (judge ${judgeId} is an openai judge)`, at, {
        source: ctx.locate(at),
        hint: hint ?? 'define it under rubrics:',
      }),
    ];
  }
  if (hint === undefined) return [];
  return [
    diagnostic(
      'EVALC_REF_RUBRIC',
      `rubric \`${name}\` is not a plan rubric: judge ${judgeId} must register it`,
      at,
      {
        source: ctx.locate(at),
        severity: 'warning',
        hint,
      },
    ),
  ];
}

/** `dimension:` of a judge metric must be a dimension of its rubric, when evalc knows the rubric. */
function checkDimension(
  params: Record<string, unknown>,
  path: PlanPath,
  judgeId: string,
  ctx: { plan: Plan; locate: (p: PlanPath, key?: string) => SourcePosition | undefined },
): Diagnostic[] {
  const dimension = params.dimension;
  if (typeof dimension !== 'string') return [];
  const fromConfig = judgeConfigField(params, 'judge_rubric');
  const name = [params.rubric, fromConfig, ctx.plan.judges[judgeId]?.rubric].find(
    (n) => typeof n === 'string',
  );
  const rubric = typeof name === 'string' ? resolveRubric(name, ctx.plan.rubrics) : undefined;
  if (!rubric) return [];
  const ids = rubric.rubric.dimensions.map((d) => d.id);
  if (ids.includes(dimension)) return [];
  const at: PlanPath = [...path, 'dimension'];
  return [
    diagnostic('EVALC_REF_DIMENSION', `rubric \`${rubric.name}\` has no dimension \`${dimension}\``, at, {
      source: ctx.locate(at),
      hint: didYouMean(dimension, ids) ?? `dimensions: ${ids.join(', ')}`,
    }),
  ];
}

/**
 * agent-eval's judge request has no temperature (the server judges at 0): a metric's
 * `judge_config.judge_temperature` on an agent-eval judge changes its score key and nothing else
 * (QA41: it was ignored without a word).
 */
function checkAgentEvalTemperature(
  params: Record<string, unknown>,
  path: PlanPath,
  judgeId: string,
  ctx: { plan: Plan; locate: (p: PlanPath, key?: string) => SourcePosition | undefined },
): Diagnostic[] {
  if (ctx.plan.judges[judgeId]?.protocol !== 'agent-eval') return [];
  if (judgeConfigField(params, 'judge_temperature') === undefined) return [];
  const at: PlanPath = [...path, 'judge_config', 'judge_temperature'];
  return [
    diagnostic(
      'EVALC_JUDGE_TEMPERATURE',
      `judge ${judgeId} is an agent-eval judge: its requests carry no temperature, so judge_temperature is not used`,
      at,
      {
        source: ctx.locate(at),
        severity: 'warning',
        hint: 'the agent-eval server judges at temperature 0; an openai judge takes temperature',
      },
    ),
  ];
}

/**
 * A `judge` or `checklist` without `content:` or `candidate:` judges the candidate `answer`, else an
 * agent's only output: an agent whose binding has neither (outputs `text` and `model`) gives the
 * judge an empty text — scored 0 (agent-eval) or judged as nothing (openai) — for every example
 * (QA41: silent).
 */
function checkJudgedText(
  config: MetricConfig,
  params: Record<string, unknown>,
  path: PlanPath,
  ctx: CandidateCheckContext,
): Diagnostic[] {
  if (params.content !== undefined || params.candidate !== undefined) return [];
  const agents = agentsWithoutDefaultCandidate(ctx.agentCandidates);
  if (agents.length === 0) return [];
  return [
    diagnostic(
      'EVALC_REF_CANDIDATE',
      `\`${config.id ?? config.type}\` has no content: or candidate:, and no \`answer\` output to judge for ${agents.join(', ')}: the judge gets an empty text`,
      path,
      {
        source: ctx.locate(path),
        severity: 'warning',
        hint: 'set content: "{{candidate.<output>}}" (or candidate: <output>), or name an output `answer`',
      },
    ),
  ];
}

/** A key of a metric's MultiAgentEval-style `judge_config` mapping, when it has one. */
function judgeConfigField(params: Record<string, unknown>, key: string): unknown {
  const judgeConfig = params.judge_config;
  return judgeConfig !== null && typeof judgeConfig === 'object'
    ? (judgeConfig as Record<string, unknown>)[key]
    : undefined;
}
