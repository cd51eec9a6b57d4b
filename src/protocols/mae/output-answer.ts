/**
 * An `mae` reply document's `output`: the agent's last reply's own fields with `answer` set to the
 * conversation's final answer, so a plan that gives its mae agent DESIGN §2's default binding
 * (`output.answer`, `output.courses[].code`) reads what the agent answered last: its text under
 * `answer` (QA248) and any field its final reply carries, e.g. `courses` (a final reply without one
 * makes `output.courses[].code` null: `extraction_failed`, as for any protocol). Added where
 * extraction reads the document, not in the stored trajectory: an invoke cached by an earlier evalc
 * is read the same way.
 */

/** The document extraction reads: the reply with `output` (unless it has an `output` of its own). */
export function withMaeOutput(document: unknown): unknown {
  if (!isPlainRecord(document)) return document;
  if (Object.hasOwn(document, 'output')) return document;
  const actions = document.actions;
  const last = Array.isArray(actions) ? actions[actions.length - 1] : undefined;
  const reply = isPlainRecord(last) ? last : {};
  return { ...document, output: { ...reply, answer: document.final_answer ?? null } };
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
