/**
 * Checks a 200 judge result against the rubric evalc asked for (A10, A11) and turns it into a
 * verdict. A malformed verdict (A10: a result that is not the JudgeResult shape, composite outside
 * [0,1], dimension keys that are not exactly the rubric's ids, a score outside a dimension's range,
 * ids outside the rubric's failure-mode/win lists) is `judge_error`, retryable: the seed's
 * "judge_error — LLM returned malformed output", which a judge that passes its model's reply
 * through sends with a 200, so it is retried as a 500 `judge_error` is (QA171: it was
 * `contract_violation`, asked once). A `rubricVersion` in the sha256-rfc8785 scheme for another
 * rubric, or — for an inline rubric — one different from evalc's own hash (A11, "hard error": the
 * same on every ask) is `contract_violation`, not retried. A tag in any other form (the seed
 * document's untagged hash, a judge's own label) is recorded unchecked with a warning, whatever
 * the server's wireVersion. A composite that differs from evalc's recomputation by more than 1e-9
 * is a warning.
 */
import type { JudgeOutcome, JudgeVerdict } from '../judge-types.js';
import { type CompositeDimension, computeComposite } from '../rubrics/composite.js';
import { isCurrentRubricVersionScheme } from '../rubrics/rubric-version.js';
import { twiceEncodedSuffix } from '../twice-encoded.js';
import type { StepError } from '../types.js';
import { describeIssues, judgeResultSchema } from './wire-replies.js';

export const COMPOSITE_TOLERANCE = 1e-9;

export interface ResultExpectation {
  rubricName: string;
  /** Unknown when the server judged a registered rubric it did not list: key checks are skipped. */
  dimensions?: CompositeDimension[];
  /** Whether `min`/`max` of the dimensions are known (inline rubrics) or assumed 0..1 (listing). */
  rangesKnown: boolean;
  failureModeIds?: string[];
  winIds?: string[];
  /** Inline rubric: evalc's own `rubricVersion`, which the server must echo (A11). */
  localVersion?: string;
  /** Registered rubric: the tag `/v1/rubrics` listed. */
  listedVersion?: string;
}

export function verifyJudgeResult(where: string, result: unknown, expect: ResultExpectation): JudgeOutcome {
  const fail = (kind: 'judge_error' | 'contract_violation', message: string): JudgeOutcome => {
    const error: StepError = { kind, message: `${where}: ${message}`, retryable: kind === 'judge_error' };
    return { ok: false, error };
  };
  const malformed = (message: string) => fail('judge_error', message);
  const violation = (message: string) => fail('contract_violation', message);
  const parsed = judgeResultSchema.safeParse(result);
  if (!parsed.success)
    return malformed(
      `malformed judge result (${describeIssues(parsed.error)})${nullScoreHint(result)}${twiceEncodedSuffix(result)}`,
    );
  const reply = parsed.data;
  if (!Number.isFinite(reply.composite) || reply.composite < 0 || reply.composite > 1) {
    return malformed(`composite ${reply.composite} is outside [0,1]`);
  }
  const dimensions = expect.dimensions ?? [];
  // The keys as sent: the schema's record drops a `__proto__` key (JSON.parse keeps it as an own
  // key), so `{"q": 1, "__proto__": …}` passed as `{q: 1}` (QA50), which the openai judge refuses.
  const gotIds = Object.keys(ownDimensions(result) ?? reply.dimensions).sort();
  const expectedIds = expect.dimensions ? dimensions.map((d) => d.id).sort() : gotIds;
  if (expectedIds.join('\u0000') !== gotIds.join('\u0000')) {
    return malformed(
      `dimension keys [${gotIds.join(', ')}] differ from the rubric's [${expectedIds.join(', ')}]`,
    );
  }
  for (const [id, score] of Object.entries(reply.dimensions)) {
    if (!Number.isFinite(score)) return malformed(`dimension "${id}" score ${score} is not a finite number`);
  }
  for (const dimension of dimensions) {
    const score = reply.dimensions[dimension.id] ?? Number.NaN;
    const min = dimension.min ?? 0;
    const max = dimension.max ?? 1;
    if (!Number.isFinite(score) || (expect.rangesKnown && (score < min || score > max))) {
      return malformed(`dimension "${dimension.id}" score ${score} is outside [${min},${max}]`);
    }
  }
  const strayMode = firstOutside(reply.failureModes, expect.failureModeIds);
  if (strayMode !== undefined) return malformed(`failure mode "${strayMode}" is not in the rubric`);
  const strayWin = firstOutside(reply.wins, expect.winIds);
  if (strayWin !== undefined) return malformed(`win "${strayWin}" is not in the rubric`);

  const warnings: string[] = [];
  const tag = reply.rubricVersion;
  // Only a tag in today's scheme (`<name>@sha256-rfc8785:<hex>`) can be checked: the seed document
  // calls rubricVersion "the stable hash of the rubric used" without saying which hash (its
  // example is `anti-slop@a4f2b8c1`), so a judge written from it may tag any way (`inline@1`).
  // Such a tag is recorded as it is, with a warning; a current-scheme tag that names another
  // rubric or hashes to another value is a different rubric (A11).
  const current = isCurrentRubricVersionScheme(tag);
  if (!tag.startsWith(`${expect.rubricName}@`)) {
    if (current) return violation(`rubricVersion "${tag}" does not belong to rubric "${expect.rubricName}"`);
    warnings.push(
      `rubricVersion "${tag}" does not name rubric "${expect.rubricName}" and is not in the sha256-rfc8785 scheme: evalc records it unchecked`,
    );
  } else if (expect.localVersion !== undefined && tag !== expect.localVersion) {
    if (!current) {
      warnings.push(
        `legacy rubricVersion scheme "${tag}" cannot be checked against evalc's ${expect.localVersion}`,
      );
    } else {
      return violation(
        `the server judged a different rubric: rubricVersion ${tag}, evalc computed ${expect.localVersion}${NON_JCS_HINT}`,
      );
    }
  }
  if (expect.listedVersion !== undefined && tag !== expect.listedVersion) {
    warnings.push(`rubricVersion ${tag} differs from the one /v1/rubrics listed (${expect.listedVersion})`);
  }
  // A listing omits min/max: scores outside 0..1 mean a custom range evalc cannot normalise.
  const outsideUnit = Object.values(reply.dimensions).some((score) => score < 0 || score > 1);
  const recomputable = expect.dimensions !== undefined && (expect.rangesKnown || !outsideUnit);
  const local = recomputable ? computeComposite(dimensions, reply.dimensions) : reply.composite;
  if (Math.abs(local - reply.composite) > COMPOSITE_TOLERANCE) {
    warnings.push(`server composite ${reply.composite} differs from evalc's recomputation ${local}`);
  }
  const verdict: JudgeVerdict = {
    score: reply.composite,
    dimensions: reply.dimensions,
    failureModes: reply.failureModes,
    rationale: reply.rationale,
    rubricVersion: tag,
    wins: reply.wins,
  };
  if (reply.model !== undefined) verdict.model = reply.model;
  if (warnings.length > 0) verdict.warnings = warnings;
  // QA225: a 1..5 dimension scored 1 (the worst, composite 0) reads 1 on 0..1, the best: a
  // `dimension:` metric needs to know the scale is not 0..1 (content-assessment.ts). Dimensions in
  // [0, 1] on a wider scale give at most half evalc's composite (1..5: 0; 0..10: a tenth); a
  // composite merely off (rounded, 0.67 for 0.6667; the seed's own 0.78 for 0.795) is a warning
  // alone (QA230: every `dimension:` score of such a verdict was a metric_error).
  if (
    !expect.rangesKnown &&
    recomputable &&
    local - reply.composite > COMPOSITE_TOLERANCE &&
    reply.composite <= local / 2 + COMPOSITE_TOLERANCE
  )
    verdict.unitComposite = local;
  return { ok: true, verdict };
}

/**
 * QA24: a judge that hashes the rubric it was sent with Python's `json.dumps(rubric,
 * sort_keys=True, separators=(",", ":"))` instead of RFC 8785 gets another tag for the same
 * rubric as soon as a text holds a non-ASCII character (`\u00e9` instead of `é`) or a weight is a
 * float with an integral value (`1.0` instead of `1`). The tag is still refused (A11: evalc cannot
 * tell that from a different rubric); the message names the usual cause.
 */
const NON_JCS_HINT =
  " (if the server hashed the same rubric, its canonical JSON is not RFC 8785: Python's json.dumps(sort_keys=True) escapes non-ASCII text as \\uXXXX and writes 1.0 where RFC 8785 writes 1)";

/**
 * QA24: Python's `json.dumps` writes a `float('nan')` or `inf` score as `NaN` / `Infinity`, which
 * evalc reads as null (bounded-json.ts); the schema then says "expected number, received null",
 * which is not what the judge's author sees in their code.
 */
function nullScoreHint(result: unknown): string {
  if (typeof result !== 'object' || result === null) return '';
  const { composite, dimensions } = result as { composite?: unknown; dimensions?: unknown };
  const nullDimension =
    typeof dimensions === 'object' &&
    dimensions !== null &&
    Object.values(dimensions as Record<string, unknown>).some((score) => score === null);
  if (composite !== null && !nullDimension) return '';
  return '; a null score is what evalc reads for NaN or Infinity, which Python\'s json.dumps writes for float("nan") and float("inf"): send a number in the dimension\'s range';
}

function firstOutside(ids: string[], allowed: string[] | undefined): string | undefined {
  if (allowed === undefined) return undefined;
  return ids.find((id) => !allowed.includes(id));
}

function ownDimensions(result: unknown): object | undefined {
  const dimensions = (result as { dimensions?: unknown }).dimensions;
  return typeof dimensions === 'object' && dimensions !== null ? dimensions : undefined;
}
