/**
 * The JSON Schema an OpenAI-compatible judge must answer with (`response_format: json_schema`,
 * strict): one score in [0,1] per rubric dimension, failure modes from the rubric's list, and a
 * rationale. Only keywords OpenAI's strict mode accepts are used; what it cannot express
 * (non-empty rationale, unique ids) is checked after ajv. The reply is checked against the same
 * schema except that extra top-level keys (a server that does not enforce `strict`, or a model
 * adding `composite`, `wins` or `reasoning`) are ignored rather than failing the verdict; the
 * dimension scores stay exact (one per rubric id, no others).
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { codePointCut } from '../quote-cut.js';
import type { WireRubric } from '../rubrics/wire-rubric.js';

export interface LlmVerdict {
  dimensions: Record<string, number>;
  failureModes: string[];
  rationale: string;
}

export function buildVerdictSchema(rubric: WireRubric): Record<string, unknown> {
  const dimensionProperties: Record<string, unknown> = {};
  for (const d of rubric.dimensions) {
    dimensionProperties[d.id] = { type: 'number', minimum: 0, maximum: 1, description: d.description };
  }
  const modeIds = rubric.failureModes.map((m) => m.id);
  return {
    type: 'object',
    additionalProperties: false,
    required: ['dimensions', 'failureModes', 'rationale'],
    properties: {
      dimensions: {
        type: 'object',
        additionalProperties: false,
        required: rubric.dimensions.map((d) => d.id),
        properties: dimensionProperties,
      },
      failureModes: {
        type: 'array',
        items: modeIds.length > 0 ? { type: 'string', enum: modeIds } : { type: 'string' },
        ...(modeIds.length > 0 ? {} : { maxItems: 0 }),
      },
      rationale: { type: 'string', description: 'Why these scores; one short paragraph' },
    },
  };
}

/** `evalc_judge_<rubric>` restricted to OpenAI's name alphabet and length. */
export function verdictSchemaName(rubric: WireRubric): string {
  return `evalc_judge_${rubric.name.replace(/[^A-Za-z0-9_-]/g, '_')}`.slice(0, 64);
}

const ajv = new Ajv({ allErrors: true, strict: false });

export type VerdictCheck = { ok: true; verdict: LlmVerdict } | { ok: false; problem: string };

export function compileVerdictValidator(rubric: WireRubric): (value: unknown) => VerdictCheck {
  const validate: ValidateFunction = ajv.compile({
    ...buildVerdictSchema(rubric),
    additionalProperties: true,
  });
  return (value) => {
    coerceNumericScores(value);
    noFailureModesToReport(value, rubric);
    if (!validate(value)) {
      const renamed = caseMismatch(value, rubric) ?? unknownFailureMode(value, rubric);
      if (renamed !== undefined) return { ok: false, problem: renamed };
      const first = validate.errors?.[0];
      const where = first?.instancePath || '(root)';
      if (first?.keyword === 'maximum' || first?.keyword === 'minimum')
        return {
          ok: false,
          problem: `${where} ${first.message ?? 'is out of range'}${outOfRange(value, where)}`,
        };
      // name the key: "must NOT have additional properties" leaves the user guessing which
      const extra = (first?.params as { additionalProperty?: unknown } | undefined)?.additionalProperty;
      if (first?.keyword === 'additionalProperties' && typeof extra === 'string')
        return {
          ok: false,
          problem: `${where} has "${codePointCut(extra, 60)}", which the rubric does not define`,
        };
      return { ok: false, problem: `${where} ${first?.message ?? 'is invalid'}` };
    }
    const { dimensions, failureModes, rationale } = value as LlmVerdict;
    if (rationale.trim() === '') return { ok: false, problem: 'rationale is empty' };
    return { ok: true, verdict: { dimensions, failureModes: [...new Set(failureModes)], rationale } };
  };
}

/**
 * A rubric that defines no failure modes leaves none to report: a verdict without `failureModes`,
 * or with `null` (Python's None), reads as `[]` — a model answering without json_schema often drops
 * the empty list (QA229: every such verdict was a judge_error). A rubric that defines some still
 * needs the list.
 */
function noFailureModesToReport(value: unknown, rubric: WireRubric): void {
  if (rubric.failureModes.length > 0 || typeof value !== 'object' || value === null) return;
  const verdict = value as { failureModes?: unknown };
  if (verdict.failureModes === undefined || verdict.failureModes === null) verdict.failureModes = [];
}

const NUMERIC_TEXT = /^\s*-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?\s*$/;

/**
 * A model that ignores the schema may quote its scores (`"relevance": "0.8"`): a string that is
 * exactly a decimal number is read as that number (as pydantic's lax mode would), in place,
 * before validation; anything else (`"high"`, null) still fails, and the [0,1] range still holds.
 */
function coerceNumericScores(value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  const dimensions = (value as { dimensions?: unknown }).dimensions;
  if (typeof dimensions !== 'object' || dimensions === null || Array.isArray(dimensions)) return;
  const scores = dimensions as Record<string, unknown>;
  for (const [id, score] of Object.entries(scores)) {
    if (typeof score === 'string' && NUMERIC_TEXT.test(score)) scores[id] = Number(score);
  }
}

/**
 * A dimension written in another case than the rubric's id (`Relevance` for `relevance`): ids are
 * matched exactly, and the message says which one was meant (QA73: it said only that `relevance`
 * was missing).
 */
function caseMismatch(value: unknown, rubric: WireRubric): string | undefined {
  const dimensions = (value as { dimensions?: unknown } | null)?.dimensions;
  if (typeof dimensions !== 'object' || dimensions === null || Array.isArray(dimensions)) return undefined;
  const ids = new Set(rubric.dimensions.map((d) => d.id));
  for (const key of Object.keys(dimensions)) {
    if (ids.has(key)) continue;
    const meant = rubric.dimensions.find(
      (d) => d.id.toLowerCase() === key.toLowerCase() && !(d.id in dimensions),
    );
    if (meant !== undefined)
      return `/dimensions has "${codePointCut(key, 60)}" where the rubric has "${meant.id}" (dimension ids are matched exactly)`;
  }
  return undefined;
}

/** The score that is out of [0,1], and for one above 1 that evalc does not rescale it (QA73). */
function outOfRange(value: unknown, where: string): string {
  const id = /^\/dimensions\/(.+)$/.exec(where)?.[1]?.replace(/~1/g, '/').replace(/~0/g, '~');
  const dimensions = (value as { dimensions?: Record<string, unknown> } | null)?.dimensions;
  const score = id === undefined || dimensions === undefined ? undefined : dimensions[id];
  if (typeof score !== 'number') return '';
  return score > 1
    ? ` (it is ${score}: scores are in [0,1], and evalc does not rescale a percentage or a 1–10 score)`
    : ` (it is ${score})`;
}

/**
 * A failure mode the rubric does not define, named (QA73: "must NOT have more than 0 items", or
 * "must be equal to one of the allowed values", left the user to guess which and why).
 */
function unknownFailureMode(value: unknown, rubric: WireRubric): string | undefined {
  const modes = (value as { failureModes?: unknown } | null)?.failureModes;
  if (!Array.isArray(modes)) return undefined;
  const ids = rubric.failureModes.map((m) => m.id);
  const unknown = modes.find((m) => typeof m === 'string' && !ids.includes(m));
  if (typeof unknown !== 'string') return undefined;
  const defined =
    ids.length === 0 ? 'it defines none' : `its failure modes: ${codePointCut(ids.join(', '), 200)}`;
  return `/failureModes has "${codePointCut(unknown, 60)}", which the rubric does not define (${defined})`;
}
