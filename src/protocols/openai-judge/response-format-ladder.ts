/**
 * How an OpenAI-compatible judge asks for a JSON verdict, and what it does when a server refuses
 * the way it asked (QA19). evalc asks first with `response_format: {type: "json_schema", strict}`
 * (OpenAI, vLLM ≥ 0.6, llama.cpp ≥ b3800, Ollama ≥ 0.5, LM Studio, Groq/Together for some models).
 * Servers that do not know it refuse the request: vLLM/TGI/Azure's older versions with 400 or 422
 * ("Input should be 'text' or 'json_object'", "unknown variant `json_schema`"), llama.cpp before
 * late 2024 with 500 ("response_format type must be one of \"text\" or \"json_object\""), vLLM's
 * xgrammar backend with 400 ("The provided JSON schema contains features not supported by
 * xgrammar": the verdict schema's `minimum`/`maximum` and `maxItems`); LM Studio
 * refuses `json_object` ("must be 'json_schema'"). A refusal that names the response format steps
 * down one rung — `json_object`, then no `response_format` at all (the prompt already spells out
 * the verdict's JSON, and the reply is read leniently) — and the judge keeps the rung that worked
 * for its later calls. Verdicts obtained below `json_schema` carry a warning saying so. Any other
 * refusal (a 400 about the context length, a 401, a 404) is reported as before.
 */
import type { JsonResponse } from '../http/transport.js';

export type FormatRung = 'json_schema' | 'json_object' | 'none';

const NEXT: Record<FormatRung, FormatRung | undefined> = {
  json_schema: 'json_object',
  json_object: 'none',
  none: undefined,
};

/** The `response_format` of a rung (none: the field is left out). */
export function responseFormatOf(
  rung: FormatRung,
  jsonSchema: { name: string; strict: boolean; schema: unknown },
): Record<string, unknown> | undefined {
  if (rung === 'json_schema') return { type: 'json_schema', json_schema: jsonSchema };
  if (rung === 'json_object') return { type: 'json_object' };
  return undefined;
}

const REFUSING_STATUSES = new Set([400, 415, 422, 500, 501]);
// vLLM's xgrammar backend refuses the verdict schema's number ranges and item limits with
// "The provided JSON schema contains features not supported by xgrammar." (QA73: a space, not `_`);
// Gemini's OpenAI-compatible endpoint refuses keywords of it with "Invalid JSON payload received.
// Unknown name \"additionalProperties\" at 'generation_config.response_schema…'" (QA73).
const NAMES_RESPONSE_FORMAT =
  /response_format|response_schema|json[ _-]?schema|json_object|responseformat|guided_json|guided decoding|xgrammar|structured output/i;

/** The next rung when `reply` refuses the response format of `rung`; undefined otherwise. */
export function rungAfterRefusal(rung: FormatRung, reply: JsonResponse): FormatRung | undefined {
  if (reply.ok || rung === 'none' || reply.status === undefined) return undefined;
  if (!REFUSING_STATUSES.has(reply.status)) return undefined;
  const said = reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
  return NAMES_RESPONSE_FORMAT.test(said) ? NEXT[rung] : undefined;
}

/** The warning a verdict obtained on a lower rung carries (stable text: no server message). */
export function rungWarning(rung: FormatRung): string | undefined {
  if (rung === 'json_object')
    return 'the judge server refused response_format json_schema: asked with json_object (the verdict schema was checked by evalc only)';
  if (rung === 'none')
    return 'the judge server refused response_format json_schema and json_object: asked without response_format (the verdict schema was checked by evalc only)';
  return undefined;
}
