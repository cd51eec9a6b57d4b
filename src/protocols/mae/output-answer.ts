/**
 * An `mae` reply document's `output`: the agent's last reply's own fields with `answer` set to the
 * conversation's final answer, so a plan that gives its mae agent DESIGN §2's default binding
 * (`output.answer`, `output.courses[].code`) reads what the agent answered last: its text under
 * `answer` (QA248) and any field its final reply carries, e.g. `courses` (a final reply without one
 * makes `output.courses[].code` null: `extraction_failed`, as for any protocol). Added where
 * extraction reads the document, not in the stored trajectory: an invoke cached by an earlier evalc
 * is read the same way.
 */
import { ANSWER_FIELDS } from './action.js';

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

/**
 * Why `output.answer` is null when the final reply did carry an answer, but not as a text (QA297: a
 * final reply `{"action":"final_answer","answer":["a","b"]}` failed "no value for answer
 * (output.answer)", nothing saying the agent's answer was a list): the first answer field holding
 * something other than a text, and where its value stays. '' when the expression is not
 * `output.answer`, the conversation has a final answer, or no answer field holds anything.
 */
export function maeAnswerHint(expression: string, document: unknown): string {
  if (expression.replace(/\s+/g, '') !== 'output.answer') return '';
  if (!isPlainRecord(document) || Object.hasOwn(document, 'output')) return '';
  if (document.final_answer !== null && document.final_answer !== undefined) return '';
  const actions = document.actions;
  const last = Array.isArray(actions) ? actions[actions.length - 1] : undefined;
  if (!isPlainRecord(last)) return '';
  for (const field of ANSWER_FIELDS) {
    if (!Object.hasOwn(last, field)) continue;
    const value = last[field];
    if (value === null || value === '' || typeof value === 'string') continue;
    const what = Array.isArray(value)
      ? 'a list'
      : typeof value === 'object'
        ? 'an object'
        : `a ${typeof value}`;
    return `: \`output.answer\` is null: the final reply's \`${field}\` is ${what}, and an mae final answer is a text (the first of \`summary\`, \`answer\`, \`instructions\`, \`message\`, \`content\` that is one); bind \`actions[-1].${field}\` to read it as sent`;
  }
  return '';
}
