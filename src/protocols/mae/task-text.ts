/**
 * The task text a MultiAgentEval request carries (`task_description` of turn 1, the first entry of
 * `conversation_history`), and whether it holds the task's `instructions`: only then are they in
 * the example's invoke key (step-keys.ts), so an instructions edit re-invokes only the examples
 * that are sent them (QA74).
 */
import { isRecord } from './action.js';

/**
 * The task text MultiAgentEval's `task_description` carries. A string input is itself; an object
 * with `task_description` is that field (the binding wrote the whole text). Any other object is
 * read as the request's fields (a binding written for another protocol, e.g. DESIGN §2's default
 * `{ query: "{{user_query}}" }`): the task instructions, a blank line, then the request — one
 * field is its value, several are `key: value` lines in key order (objects as JSON). With no
 * input at all, the task instructions.
 */
export function resolveTask(input: unknown, instructions: string | undefined): string | undefined {
  if (typeof input === 'string' && input !== '') return input;
  if (isRecord(input)) {
    if (typeof input.task_description === 'string' && input.task_description !== '')
      return input.task_description;
    // In key order (UTF-16, as the canonical input the invoke key covers): two bindings that
    // differ only in the order of their fields send the same text.
    const fields = Object.entries(input)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
    const request =
      fields.length === 1
        ? text(fields[0]![1])
        : fields.length > 1
          ? fields.map(([k, v]) => `${k}: ${text(v)}`).join('\n')
          : undefined;
    if (request !== undefined) return instructions ? `${instructions}\n\n${request}` : request;
  }
  return instructions !== undefined && instructions !== '' ? instructions : undefined;
}

/**
 * Whether `resolveTask(input, instructions)` holds the instructions: not for a non-empty string
 * input nor an object with a non-empty `task_description` (the binding wrote the whole text).
 */
export function taskTextHoldsInstructions(input: unknown): boolean {
  if (typeof input === 'string' && input !== '') return false;
  return !(isRecord(input) && typeof input.task_description === 'string' && input.task_description !== '');
}
