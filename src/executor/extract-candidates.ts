/**
 * An example's extraction: the binding's `output:` expressions over the agent's reply document,
 * or why it failed (`extraction_failed`, naming the outputs with no value). An `openai` agent's
 * reply is read with `json`, its content parsed (protocols/openai/json-content.ts, QA91); an `mae`
 * agent's with `output: { answer }`, its final answer (protocols/mae/output-answer.ts, QA248).
 */
import type { ResolvedGroup } from '../compiler/resolve.js';
import { maeAnswerHint, withMaeOutput } from '../protocols/mae/output-answer.js';
import { contentFieldHint, withContentJson } from '../protocols/openai/json-content.js';
import { twiceEncodedSuffix } from '../protocols/twice-encoded.js';
import type { Trajectory } from '../protocols/types.js';
import { missingPathHint } from './missing-path-hint.js';
import type { ExtractRecord } from './step-records.js';

export function extractCandidates(
  group: Pick<ResolvedGroup, 'extraction' | 'contentJson' | 'maeOutput' | 'rawHidden'>,
  trajectory: Trajectory,
): ExtractRecord {
  const document = group.contentJson
    ? withContentJson(trajectory.response)
    : group.maeOutput
      ? withMaeOutput(trajectory.response)
      : trajectory.response;
  const result = group.extraction.run(document);
  if (!result.ok)
    return { ok: false, error: { kind: 'extraction_failed', message: `${result.name}: ${result.message}` } };
  if (result.missing.length === 0) return { ok: true, values: result.values };
  const expressions = result.missing.map((n) => group.extraction.expressions[n] ?? '');
  const hint =
    // an `http` agent's reply encoded twice, a JSON string holding the object the paths name (QA301)
    twiceEncodedSuffix(document) ||
    (group.contentJson ? contentFieldHint(expressions, trajectory.response) : '') ||
    missingPathHints(
      result.missing,
      expressions,
      (e) =>
        // an mae final reply whose answer is not a text leaves `output.answer` null (QA297)
        (group.maeOutput ? maeAnswerHint(e, trajectory.response) : '') ||
        (group.rawHidden ? rawHiddenHint(e, document) : '') ||
        missingPathHint(e, document),
    );
  return {
    ok: false,
    error: {
      kind: 'extraction_failed',
      message: `no value for ${result.missing.join(', ')} (${expressions.join(', ')})${hint}`,
    },
  };
}

/**
 * Where each missing output's plain path stops: one output's note alone, several each after its name
 * (`: answer: \`output\` has no \`answr\`…; b: \`output.answer\` is a string, with no fields`; QA269: only
 * the first was said, the next run telling of the second).
 */
function missingPathHints(
  names: readonly string[],
  expressions: readonly string[],
  hintFor: (expression: string) => string,
): string {
  const hints = expressions.map(hintFor);
  const said = hints.flatMap((h, i) => (h === '' ? [] : [{ name: names[i], note: h.slice(2) }]));
  if (said.length === 0) return '';
  if (names.length === 1) return hints[0] ?? '';
  return `: ${said.map((s) => `${s.name}: ${s.note}`).join('; ')}`;
}

/**
 * A path into a raip reply's `raw`, which evalc drops without run.trace (R12): the agent may well
 * have sent one, so "the reply has no `raw`" blamed it (QA340). Said as validate's EVALC_BIND_FIELD
 * warning says it.
 */
function rawHiddenHint(expression: string, document: unknown): string {
  if (!/^\s*raw\s*(?:$|[.[|&])/.test(expression)) return '';
  if (typeof document === 'object' && document !== null && Object.hasOwn(document, 'raw')) return '';
  return ': a raip reply keeps `raw` only with run.trace: true (RAIP hides the provider payload by default, R12): set run: { trace: true } to bind it';
}
