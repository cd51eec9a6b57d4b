/**
 * An `mae` reply document's `output`: `{ answer: final_answer }`, the conversation's final answer
 * under the name DESIGN §2's default binding reads (`output.answer`), so a plan that gives its
 * mae agent the default binding extracts its answer (QA248). Added where extraction reads the
 * document, not in the stored trajectory: an invoke cached by an earlier evalc is read the same
 * way. Only `answer` is there; `output.courses[].code` is null (validate warns, output-fields.ts).
 */

/** The fields of an mae reply's `output`. */
export const MAE_OUTPUT_FIELDS = ['answer'] as const;

/** The document extraction reads: the reply with `output: { answer }` (unless it has an `output` of its own). */
export function withMaeOutput(document: unknown): unknown {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return document;
  const record = document as Record<string, unknown>;
  if (Object.hasOwn(record, 'output')) return document;
  return { ...record, output: { answer: record.final_answer ?? null } };
}
