/**
 * Semantic checks of one metric config: its type is registered, its params fit the type's
 * schema, the candidates and judge it names exist, and its `content:` template compiles.
 */

import { compileTemplate, type TemplateError, type TemplateNode } from '../binding/template.js';
import type { Diagnostic, PlanPath, SourcePosition } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import type { MetricConfig, Plan } from '../plan/schema.js';
import { didYouMean } from '../plan/suggest.js';
import { valueAt } from '../plan/validate-schema.js';
import { checkCostPrices } from './cost-prices-check.js';
import { type CandidateCheckContext, checkDefaultCandidate } from './default-candidate-check.js';
import { checkGovernanceSource } from './governance-check.js';
import { checkJudgeMetric, judgesHint } from './judge-metric-check.js';
import { listMetricTypes, lookupMetric, type MetricInfo, nestedKeysHint } from './metric-catalog.js';
import { metricNumberHint } from './metric-number-hint.js';
import { misspeltParamHint } from './misspelt-param-hint.js';
import { checkSingleRepeat } from './single-repeat-check.js';
import { withoutTemplateKeys } from './template-key-pieces.js';
import { checkThreshold } from './threshold-check.js';
import { checkToolCallSource } from './tool-calls-check.js';
import { checkUsageSource } from './usage-check.js';

export type { MetricInfo } from './metric-catalog.js';

const COMMON_KEYS = new Set(['type', 'id', 'threshold', 'gate', 'weight']);
/** Params that name a binding output (candidate). */
const CANDIDATE_PARAMS = ['candidate', 'candidates'];

export function checkMetric(
  config: MetricConfig,
  path: PlanPath,
  ctx: CandidateCheckContext & {
    plan: Plan;
    candidateNames: Set<string>;
    locateInValue?: ((p: PlanPath, value: string, offset: number) => SourcePosition | undefined) | undefined;
  },
): { info?: MetricInfo; judgeId?: string; content?: TemplateNode; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const info = lookupMetric(config.type);
  if (!info) {
    diagnostics.push(
      diagnostic('EVALC_REF_METRIC_TYPE', `unknown metric type \`${config.type}\``, [...path, 'type'], {
        source: ctx.locate([...path, 'type']),
        hint: didYouMean(config.type, listMetricTypes()) ?? 'see `evalc schema` for the metric types',
      }),
    );
    return { diagnostics };
  }
  const params: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(config)) if (!COMMON_KEYS.has(k)) params[k] = v;
  const issues = info.validateParams(params);
  // The unknown parameters beside each other: two that read as one are told so (QA199).
  const unknown = issues.flatMap((i) =>
    i.unknownKey !== undefined && i.path.length === 0 ? [i.unknownKey] : [],
  );
  const known = [...info.paramNames, ...COMMON_KEYS];
  for (const issue of issues) {
    const issuePath = [...path, ...issue.path];
    // An absent parameter said "judge: judge: Invalid input: expected string, received undefined" (QA44).
    const missing =
      !issue.unknownKey && issue.path.length > 0 && valueAt(params, issue.path) === undefined
        ? issue.path.join('.')
        : undefined;
    // A key unknown inside an object parameter (judge_config) is named and located there (QA112).
    const nested = issue.unknownKey !== undefined && issue.path.length > 0;
    diagnostics.push(
      diagnostic(
        issue.unknownKey ? 'EVALC_METRIC_PARAM_UNKNOWN' : 'EVALC_METRIC_PARAM',
        issue.unknownKey
          ? `${config.type}: unknown key \`${[...issue.path, issue.unknownKey].join('.')}\``
          : missing !== undefined
            ? `${config.type}: missing required parameter \`${missing}\``
            : `${config.type}: ${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`,
        issuePath,
        {
          source: nested
            ? ctx.locate(issuePath, issue.unknownKey)
            : issue.unknownKey || missing !== undefined
              ? ctx.locate(path, issue.unknownKey)
              : ctx.locate(issuePath),
          hint: nested
            ? nestedKeysHint(issue.unknownKey ?? '', issue.path, info.keysAt(issue.path, params), params)
            : issue.unknownKey
              ? // One holding entries the key beside it lacks moves them, as a plan's keys do (QA199:
                // `checkponts: [ … ]` by `checkpoints: []` read 'remove `checkponts`', and removed, they were gone).
                // One the key it meant cannot hold is told the parameter that takes it (QA206).
                (misspeltParamHint(issue.unknownKey, info, config, params, unknown, known) ??
                keysHint(config.type, info.paramNames, issue.unknownKey))
              : missing === 'judge'
                ? judgesHint(ctx.plan)
                : issue.path.join('.') === 'rubric' && isWrittenRubric(valueAt(params, issue.path))
                  ? // QA224: a rubric written in the metric read only zod's "expected string, received object"
                    // (its dimensions' list alone, `rubric: [ { id: rel, … } ]`, "received array": QA228).
                    "a metric names its rubric: define it under the plan's `rubrics:` (rubrics: { advice: { dimensions: [ … ] } }) and write rubric: advice"
                  : missing !== undefined && info.paramHelp[missing] !== undefined
                    ? `${missing}: ${info.paramHelp[missing]}` // QA101: position_bias's forward said nothing more
                    : (metricNumberHint(info, params, issue.path, issue.message) ??
                      optionHint(issue.message, valueAt(params, issue.path)) ??
                      info.formsHint(issue.path, valueAt(params, issue.path))),
        },
      ),
    );
  }
  // A metric's weight was accepted and used nowhere: evalc reports each metric on its own, with no
  // weighted sum across metrics, so `weight: 3` changed nothing a user could see (QA37).
  if (config.weight !== undefined) {
    diagnostics.push(
      diagnostic(
        'EVALC_METRIC_WEIGHT',
        `${config.type}: a metric's \`weight\` is not used: evalc aggregates each metric on its own (there is no weighted sum of metrics)`,
        [...path, 'weight'],
        {
          severity: 'warning',
          source: ctx.locate([...path, 'weight']),
          hint: 'weight examples (weight:), datasets and tasks instead; a judge rubric weighs its dimensions',
        },
      ),
    );
  }
  diagnostics.push(...checkThreshold(config, path, ctx.locate));
  diagnostics.push(...checkCostPrices(config, path, ctx.plan, ctx.locate, ctx.agentCandidates?.keys() ?? []));
  diagnostics.push(...checkSingleRepeat(config, path, ctx.plan, ctx.locate));
  diagnostics.push(
    ...checkToolCallSource(config, path, ctx.plan, ctx.agentCandidates?.keys() ?? [], ctx.locate),
  );
  diagnostics.push(
    ...checkGovernanceSource(config, path, ctx.plan, ctx.agentCandidates?.keys() ?? [], ctx.locate),
  );
  diagnostics.push(
    ...checkUsageSource(config, path, ctx.plan, ctx.agentCandidates?.keys() ?? [], ctx.locate),
  );
  // pass@k / pass^k need k repeats of each example: k above run.repeats can only error at run time.
  const k = params.k;
  if ((config.type === 'pass_at_k' || config.type === 'pass_hat_k') && typeof k === 'number') {
    const repeats = ctx.plan.run.repeats;
    if (k > repeats) {
      diagnostics.push(
        diagnostic(
          'EVALC_METRIC_PARAM',
          `${config.type}: k = ${k} exceeds run.repeats (${repeats})`,
          [...path, 'k'],
          {
            source: ctx.locate([...path, 'k']),
            hint: `set run.repeats to ${k} or more, or lower k`,
          },
        ),
      );
    }
  }
  // No agent of the task survived validation (e.g. an unknown protocol, reported on its own):
  // the outputs are unknown, so candidate references are not checked (no second, bogus error).
  const outputsKnown = ctx.agentCandidates === undefined || ctx.agentCandidates.size > 0;
  for (const name of outputsKnown ? CANDIDATE_PARAMS : []) {
    const value = params[name];
    const refs =
      typeof value === 'string'
        ? [value]
        : Array.isArray(value)
          ? value.filter((v): v is string => typeof v === 'string')
          : [];
    for (const ref of refs) {
      if (ctx.candidateNames.has(ref)) {
        for (const [agentId, names] of ctx.agentCandidates ?? []) {
          if (names.has(ref)) continue;
          diagnostics.push(
            diagnostic(
              'EVALC_REF_CANDIDATE_AGENT',
              `agent \`${agentId}\`'s binding has no output \`${ref}\`: its \`${config.id ?? config.type}\` compares nothing and scores as a miss`,
              [...path, name],
              {
                source: ctx.locate([...path, name]),
                severity: 'warning',
                hint: `add \`${ref}\` to that binding's output, or give the agent its own metrics`,
              },
            ),
          );
        }
      }
      if (!ctx.candidateNames.has(ref)) {
        diagnostics.push(
          diagnostic(
            'EVALC_REF_CANDIDATE',
            `unknown candidate \`${ref}\` (not an output of this task's bindings)`,
            [...path, name],
            {
              source: ctx.locate([...path, name]),
              hint:
                didYouMean(ref, ctx.candidateNames) ??
                `outputs: ${[...ctx.candidateNames].join(', ') || 'none'}`,
            },
          ),
        );
      }
    }
  }
  if (outputsKnown) diagnostics.push(...checkDefaultCandidate(config, info, params, path, ctx));
  let judgeId: string | undefined;
  if (typeof params.judge === 'string') {
    judgeId = params.judge;
    if (!ctx.plan.judges[judgeId]) {
      diagnostics.push(
        diagnostic('EVALC_REF_JUDGE', `unknown judge \`${judgeId}\``, [...path, 'judge'], {
          source: ctx.locate([...path, 'judge']),
          hint: didYouMean(judgeId, Object.keys(ctx.plan.judges)) ?? 'define it under judges:',
        }),
      );
      judgeId = undefined;
    }
  }
  if (judgeId !== undefined) {
    diagnostics.push(...checkJudgeMetric(config, params, path, judgeId, ctx));
  }
  let content: TemplateNode | undefined;
  if (typeof params.content === 'string') {
    const errors: TemplateError[] = [];
    content = compileTemplate(params.content, errors);
    for (const err of errors) {
      diagnostics.push(
        diagnostic(
          'EVALC_BIND_TEMPLATE_SYNTAX',
          `content template does not compile: ${withoutTemplateKeys(err.message, params.content)}`,
          [...path, 'content'],
          {
            source:
              (err.offset === undefined
                ? undefined
                : ctx.locateInValue?.([...path, 'content'], params.content, err.offset)) ??
              ctx.locate([...path, 'content']),
            ...(err.hint ? { hint: withoutTemplateKeys(err.hint, params.content) } : {}),
          },
        ),
      );
    }
    // A blank content with no placeholder judges nothing for every example: agent-eval's A6
    // ("surface as plan/config error"); it scored every answer 0 without a word (QA42).
    if (params.content.trim() === '') {
      diagnostics.push(
        diagnostic(
          'EVALC_CONTENT_EMPTY',
          `content of \`${String(config.id ?? config.type)}\` is empty: there is nothing to judge`,
          [...path, 'content'],
          {
            source: ctx.locate([...path, 'content']),
            hint: 'leave content: out to judge the candidate answer, or write e.g. "{{candidate.answer}}"',
          },
        ),
      );
    }
  }
  return { info, ...(judgeId ? { judgeId } : {}), ...(content ? { content } : {}), diagnostics };
}

/** "did you mean `set`?" for a misspelt option of an enum parameter (zod: `expected one of "a"|"b"`). */
function optionHint(message: string, value: unknown): string | undefined {
  const options = /expected one of (.+)$/.exec(message)?.[1];
  if (options === undefined || typeof value !== 'string') return undefined;
  const names = [...options.matchAll(/"([^"]*)"/g)].map((m) => m[1]!);
  return didYouMean(value, names);
}

/** No near miss (QA35: `candidate:` on tool_call_match): say which keys the metric takes. */
function keysHint(type: string, paramNames: readonly string[], key?: string): string {
  // `prices` are the plan's, shared by every cost metric (QA91: a cost metric's own `prices:`
  // was told only which keys cost takes); and so is its `price:` or `pricing:` (QA95).
  if (key !== undefined && /^(prices?|pricing)$/i.test(key) && type === 'cost')
    return 'prices are set once for the plan: a top-level `prices: { <model>: { input: <USD>, output: <USD> } }` (per 1M tokens), keyed by the model the agent reports';
  return paramNames.length === 0
    ? `${type} takes no parameters of its own`
    : `${type} takes: ${paramNames.map((name) => `\`${name}\``).join(', ')}`;
}

/** A rubric written where its name goes: a mapping, or the list of its dimensions. */
function isWrittenRubric(value: unknown): boolean {
  return value !== null && typeof value === 'object';
}
