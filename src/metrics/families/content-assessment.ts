/**
 * Content assessment (Content & Fidelity): judge and checklist. Both call `ScoreInput.judge`.
 *
 * Content under judgement: `ScoreInput.content` (the metric's `content` template, rendered by
 * the executor) when present, else the text of the `candidate` (default "answer").
 * judge: composite = Σ wᵢ sᵢ / Σ wᵢ over the rubric's dimensions that the verdict scored
 * (weights from the rubric; dimension scores clamped to [0,1]); when no rubric dimensions are
 * known, the verdict's own `score`. `dimension:` scores a single dimension instead.
 * checklist: one judge call whose rubric has one dimension per item (`item_1`…); an item is
 * "yes" when its dimension score ≥ 0.5; score = share of yes.
 */
import { z } from 'zod';
import type { JudgeRequest, JudgeVerdict, RubricRef } from '../../protocols/judge-types.js';
import { candidateText, expectedPathFor, resolveCandidate, resolveExpected } from '../resolve-fields.js';
import { clamp01, metricError } from '../score-result.js';
import type { ExampleStageDefinition, Json, ScoreInput, ScoreResult } from '../types.js';

const common = {
  judge: z.string().describe('Judge name (plan judges:)'),
  content: z
    .string()
    .optional()
    .describe(
      'Handlebars template of the text to judge, rendered by evalc (candidate.*, vars.*, expected.*)',
    ),
  candidate: z.string().optional().describe('Candidate judged when content is not set (default: "answer")'),
  reference: z
    .string()
    .optional()
    .describe(
      "Dotted path into example.expected sent to the judge as the reference; without it a built-in rubric is sent the candidate's field of the expected value, else the whole value",
    ),
  judge_config: z
    .object({
      judge_provider: z
        .string()
        .optional()
        .describe('Model provider (recorded; the judge entry decides the endpoint)'),
      judge_model: z.string().optional().describe('Model id sent to the judge for this metric'),
      judge_temperature: z.number().min(0).max(2).optional().describe('Judge temperature for this metric'),
      judge_rubric: z
        .string()
        .optional()
        .describe('Rubric name for this metric (MultiAgentEval built-ins included)'),
    })
    .strict()
    .optional()
    .describe("MultiAgentEval's per-criterion judge_config; part of the score key"),
};

type JudgeConfigParams = {
  judge_config?: { judge_model?: string | undefined; judge_temperature?: number | undefined } | undefined;
};

/** The per-metric model and temperature overrides of `judge_config`. */
function judgeOverrides(p: JudgeConfigParams): { model?: string; temperature?: number } {
  const c = p.judge_config;
  return {
    ...(c?.judge_model === undefined ? {} : { model: c.judge_model }),
    ...(c?.judge_temperature === undefined ? {} : { temperature: c.judge_temperature }),
  };
}

/** The text a judge metric sends: its rendered `content`, else the candidate's text (judge_stability groups by it). */
export function contentOf(
  input: Pick<ScoreInput, 'content' | 'candidates'>,
  candidate: string | undefined,
): string {
  return input.content ?? candidateText(resolveCandidate(input.candidates, candidate));
}

/**
 * agent-eval refuses empty content (`content` min length 1: 400 `validation_error`, A6). An agent
 * that answered "" was recorded as that example's `config_error` — left out of the judge's mean (an
 * empty answer raised it) and never cached (`plan` always had work). Nothing to judge scores 0,
 * without a call (QA41). An openai judge is asked as for any content.
 */
const EMPTY_CONTENT =
  'nothing to judge: the content is empty (scored 0; an agent-eval judge refuses empty content)';

function emptyForAgentEval(input: ScoreInput, content: string): boolean {
  return content === '' && input.judge?.protocol === 'agent-eval';
}

async function callJudge(input: ScoreInput, request: JudgeRequest): Promise<JudgeVerdict | ScoreResult> {
  if (!input.judge) {
    return { score: null, error: { kind: 'judge_unconfigured', message: 'no judge client for this metric' } };
  }
  const outcome = await input.judge.judge(request, input.signal);
  if (!outcome.ok) return { score: null, error: outcome.error };
  return outcome.verdict;
}

function isVerdict(v: JudgeVerdict | ScoreResult): v is JudgeVerdict {
  return 'dimensions' in v;
}

/** Σ wᵢ sᵢ / Σ wᵢ over the rubric dimensions present in the verdict; null when none are. */
export function compositeScore(
  dimensions: Record<string, number>,
  rubric: { id: string; weight: number }[],
): number | null {
  let sum = 0;
  let total = 0;
  for (const d of rubric) {
    const s = dimensions[d.id];
    if (typeof s !== 'number' || !Number.isFinite(s)) continue;
    sum += d.weight * clamp01(s);
    total += d.weight;
  }
  return total > 0 ? sum / total : null;
}

function referenceOf(input: ScoreInput, path: string | undefined): { reference?: string } {
  if (path === undefined) return {};
  const ref = resolveExpected(input, path);
  return ref === undefined ? {} : { reference: candidateText(ref) };
}

/**
 * A judge metric's reference: its `reference:` path, else — on a built-in rubric, which compares
 * with the expected outcome (`input.sendsExpected`) — the expected value as `exact_match` reads it
 * without `expected:`: the candidate's field of a mapping that has one, else the whole value (QA159:
 * nothing was sent, and `generic` scored similarity to nothing).
 */
function judgeReferenceOf(input: ScoreInput, path: string | undefined, candidate: string | undefined) {
  if (path !== undefined || !input.sendsExpected) return referenceOf(input, path);
  const ref = resolveExpected(input, expectedPathFor(input, undefined, candidate));
  const text = candidateText(ref);
  return text === '' ? {} : { reference: text };
}

const judgeParams = z
  .object({
    ...common,
    rubric: z.string().optional().describe("Rubric name (default: the judge's rubric)"),
    dimension: z.string().optional().describe('Score only this rubric dimension'),
  })
  .strict();

export const judge: ExampleStageDefinition<z.output<typeof judgeParams>> = {
  type: 'judge',
  family: 'content_assessment',
  category: 'content',
  version: '1',
  higherIsBetter: true,
  stage: 'example',
  description: 'LLM/agent-eval judge on a rubric; composite = Σ wᵢ sᵢ / Σ wᵢ over weighted dimensions',
  params: judgeParams,
  async score(input, p) {
    // No rubric named here: an empty name lets the judge client apply its own `rubric` (else `generic`).
    const rubric: RubricRef = input.rubric ?? { name: p.rubric ?? p.judge_config?.judge_rubric ?? '' };
    const content = contentOf(input, p.candidate);
    if (emptyForAgentEval(input, content))
      return { score: 0, details: { emptyContent: true, rationale: EMPTY_CONTENT } };
    const verdict = await callJudge(input, {
      content,
      rubric,
      ...judgeReferenceOf(input, p.reference, p.candidate),
      ...judgeOverrides(p),
    });
    if (!isVerdict(verdict)) return verdict;
    const details: { [k: string]: Json } = {
      dimensions: verdict.dimensions,
      failureModes: verdict.failureModes,
      judgeScore: verdict.score,
    };
    if (verdict.rubricVersion !== undefined) details.rubricVersion = verdict.rubricVersion;
    // The model the judge says it used: an agent-eval server picks its own (pinned in the lock).
    if (verdict.model !== undefined) details.model = verdict.model;
    if (verdict.rationale !== undefined) details.rationale = verdict.rationale;
    if (verdict.warnings !== undefined && verdict.warnings.length > 0) details.warnings = verdict.warnings;
    if (p.dimension !== undefined) {
      const s = verdict.dimensions[p.dimension];
      if (typeof s !== 'number') return metricError(`the verdict has no dimension "${p.dimension}"`, details);
      // QA217: a registered rubric's listing gives no min/max, so a score on the judge's own scale
      // (1..5) cannot be normalised as agent-eval's composite is; clamped, every answer read 1.
      if (s < 0 || s > 1)
        return metricError(
          `dimension "${p.dimension}" scored ${s}, outside [0, 1]: evalc does not know its range (agent-eval's /v1/rubrics lists none), so it cannot normalise it as the judge's composite is; score the composite (drop dimension:) or have the judge score this dimension on 0..1`,
          details,
        );
      // QA230: in range, but another dimension of the verdict is not (1..5 scored 4, 1 and 3): the
      // scale is the judge's own, and this worst answer, 1, read as the best.
      const off = Object.entries(verdict.dimensions).find(([, v]) => v < 0 || v > 1);
      if (off)
        return metricError(
          `dimension "${p.dimension}" scored ${s}, but "${off[0]}" scored ${off[1]} in the same verdict, outside [0, 1]: the judge scores on its own scale, which agent-eval's /v1/rubrics does not list, so evalc cannot normalise it; score the composite (drop dimension:) or have the judge score its dimensions on 0..1`,
          details,
        );
      // QA225: in range, but the server's composite is not what 0..1 dimensions give: a 1..5 scale
      // whose worst answer (1) read as the best.
      if (verdict.unitComposite !== undefined)
        return metricError(
          `dimension "${p.dimension}" scored ${s}, but the judge's composite ${verdict.score} is not what its dimensions give on 0..1 (${verdict.unitComposite}): they score on the server's own scale, which agent-eval's /v1/rubrics does not list, so evalc cannot normalise it; score the composite (drop dimension:) or have the judge score this dimension on 0..1`,
          details,
        );
      return { score: s, details };
    }
    const dims = input.rubric?.dimensions ?? [];
    const composite = dims.length > 0 ? compositeScore(verdict.dimensions, dims) : null;
    return { score: clamp01(composite ?? verdict.score), details };
  },
};

const checklistParams = z
  .object({
    ...common,
    items: z
      .array(z.string())
      .optional()
      .describe('Checklist items (yes/no questions); default: from expected'),
    expected: z
      .string()
      .default('checklist')
      .describe('Dotted path into example.expected holding the items, when items is not set'),
  })
  .strict();

export const checklist: ExampleStageDefinition<z.output<typeof checklistParams>> = {
  type: 'checklist',
  family: 'content_assessment',
  category: 'content',
  version: '1',
  higherIsBetter: true,
  stage: 'example',
  description:
    'Checklist items judged yes/no in one judge call (one rubric dimension per item); score = share of yes',
  params: checklistParams,
  async score(input, p) {
    const raw = p.items ?? resolveExpected(input, p.expected);
    const items = z.array(z.string()).min(1).safeParse(raw);
    if (!items.success) return metricError(`no checklist items (set items: or expected.${p.expected})`);
    const dimensions = items.data.map((description, i) => ({ id: `item_${i + 1}`, description, weight: 1 }));
    const content = contentOf(input, p.candidate);
    if (emptyForAgentEval(input, content))
      return {
        score: 0,
        pass: false,
        details: {
          yes: 0,
          items: items.data.length,
          no: items.data,
          emptyContent: true,
          rationale: EMPTY_CONTENT,
        },
      };
    const verdict = await callJudge(input, {
      content,
      rubric: { name: 'checklist', dimensions },
      ...referenceOf(input, p.reference),
      ...judgeOverrides(p),
    });
    if (!isVerdict(verdict)) return verdict;
    const answers = dimensions.map((d) => (verdict.dimensions[d.id] ?? 0) >= 0.5);
    const yes = answers.filter(Boolean).length;
    return {
      score: yes / answers.length,
      pass: yes === answers.length,
      details: { yes, items: answers.length, no: items.data.filter((_, i) => !answers[i]) },
    };
  },
};
