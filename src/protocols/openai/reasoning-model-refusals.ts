/**
 * OpenAI's (and Azure OpenAI's) reasoning models — o1, o3-mini, o4-mini, gpt-5 — refuse two things
 * an `openai` judge or agent may send (QA116):
 * - `max_tokens`, with 400 "Unsupported parameter: 'max_tokens' is not supported with this model.
 *   Use 'max_completion_tokens' instead." (`param: max_tokens`): the judge and the agent ask again
 *   with that limit as `max_completion_tokens` (the same limit under the newer name, counting the
 *   model's reasoning tokens) and keep that field for their later calls;
 * - any temperature but 1, with 400 "Unsupported value: 'temperature' does not support 0 with this
 *   model. Only the default (1) value is supported." (`param: temperature`): not worked around (a
 *   verdict at another temperature than the plan's is not what it asked for); the error says to
 *   write `temperature: 1` on the judge.
 */
import { isJsonObject } from '../http/trajectory.js';
import type { JsonResponse } from '../http/transport.js';

export type TokenLimitField = 'max_tokens' | 'max_completion_tokens';

/** The server's `error` object of a refused request (OpenAI's shape), else undefined. */
function errorOf(reply: JsonResponse): Record<string, unknown> | undefined {
  if (reply.ok || reply.status !== 400) return undefined;
  const body = reply.body;
  if (!isJsonObject(body)) return undefined;
  return isJsonObject(body.error) ? body.error : body;
}

/**
 * Whether `reply` refuses the `max_tokens` field itself and names `max_completion_tokens` in its
 * place. A limit refused for its value names both fields too — vLLM's "'max_tokens' or
 * 'max_completion_tokens' is too large: 8000. This model's maximum context length is 4096 tokens…"
 * (QA120) — and is not one: the same value under the other name is refused the same way.
 */
export function refusesMaxTokens(reply: JsonResponse): boolean {
  const error = errorOf(reply);
  if (error === undefined) return false;
  const message = typeof error.message === 'string' ? error.message : '';
  if (/too large|maximum context length|at most|exceeds?/i.test(message)) return false;
  return (
    (error.param === 'max_tokens' || /\bmax_tokens\b/.test(message)) &&
    /\bmax_completion_tokens\b/.test(message) &&
    (error.code === 'unsupported_parameter' || /not supported|unsupported|instead/i.test(message))
  );
}

/**
 * Said after a refusal of `max_tokens` that came back though the limit was sent as
 * `max_completion_tokens`: such a failure is this evalc's own, cached as an answer (QA132).
 */
export const SENT_AS_COMPLETION_TOKENS = ' (evalc sent the limit as max_completion_tokens)';

/** `body` with its `max_tokens` sent as `max_completion_tokens` (unless it has one of its own). */
export function withCompletionTokens<T extends Record<string, unknown>>(body: T): T {
  if (body.max_tokens === undefined || body.max_completion_tokens !== undefined) return body;
  const { max_tokens, ...rest } = body;
  return { ...rest, max_completion_tokens: max_tokens } as unknown as T;
}

/**
 * The hint a refused temperature gets ('' when `reply` is not one): `written` says whether the
 * plan wrote the temperature (a judge's is 0 unless written); an agent's hint is its own.
 */
export function temperatureHint(reply: JsonResponse, written: boolean | 'agent'): string {
  const error = errorOf(reply);
  if (error === undefined) return '';
  const message = typeof error.message === 'string' ? error.message : '';
  if (error.param !== 'temperature' && !/'temperature' does not support/i.test(message)) return '';
  if (written === 'agent')
    return " (this model takes only its default temperature: write the agent's `temperature: 1`, or leave `temperature` out of the agent and its input)";
  return written
    ? " (this model takes only its default temperature: write the judge's `temperature: 1`)"
    : " (evalc's default for a judge is 0; this model takes only its default temperature: write the judge's `temperature: 1`)";
}
