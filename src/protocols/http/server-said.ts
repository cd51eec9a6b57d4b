/**
 * What a failed reply says, in one short line, for an error message: FastAPI's `{"detail": …}`
 * (a string, or its 422 validation list as `loc: msg; …`),
 * `{"error": "…"}`, OpenAI's `{"error": {"message": …}}`, `{"message": …}`, else the body text
 * with HTML tags stripped (nginx's `<h1>403 Forbidden</h1>`). The transport already redacted
 * secret header values from the text it returns; the result is bounded to 200 characters.
 */

import { codePointCut } from '../quote-cut.js';
import type { StepError } from '../types.js';
import { htmlPageText } from './html-text.js';
import type { JsonResponse } from './transport.js';

const MAX_SAID = 200;

export function serverSaid(body: unknown, text: string | undefined): string {
  let said = text ?? '';
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const { detail, error, message } = body as { detail?: unknown; error?: unknown; message?: unknown };
    const nested =
      typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : error;
    if (typeof detail === 'string') said = detail;
    else if (typeof nested === 'string') said = nested;
    else if (typeof message === 'string') said = message;
    else if (Array.isArray(detail)) said = describeValidationErrors(detail);
    else if (detail !== undefined) said = JSON.stringify(detail);
  } else if (/^\s*</.test(said)) {
    said = htmlPageText(said);
  }
  return codePointCut(said.replace(/\s+/g, ' ').trim(), MAX_SAID);
}

/**
 * The failure's error with `: <what the server said>` appended (when it said anything). Not to a
 * `transport_error`: one with a status is a reply the connection's close cut short, whose message
 * quotes where it stopped already (cut-reply.ts; QA185: a short one was quoted twice over).
 */
export function errorWithServerSaid(reply: Extract<JsonResponse, { ok: false }>): StepError {
  if (reply.status === undefined || reply.error.kind === 'transport_error') return reply.error;
  const said = serverSaid(reply.body, reply.text);
  return said === '' ? reply.error : { ...reply.error, message: `${reply.error.message}: ${said}` };
}

/**
 * FastAPI/pydantic's 422 `detail`: `[{loc: ["body", "input", "query"], msg: "Field required"}]`
 * → `body.input.query: Field required` (what the agent's model expected of evalc's request).
 */
function describeValidationErrors(detail: unknown[]): string {
  const parts = detail.map((item) => {
    if (typeof item !== 'object' || item === null) return JSON.stringify(item);
    const { loc, msg } = item as { loc?: unknown; msg?: unknown };
    const where = Array.isArray(loc) ? loc.join('.') : '';
    const what = typeof msg === 'string' ? msg : JSON.stringify(item);
    return where === '' ? what : `${where}: ${what}`;
  });
  return parts.join('; ');
}
